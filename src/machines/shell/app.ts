import { enqueueActions, fromCallback, setup, type ActorRefFrom, type AnyActorRef, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { apiClient } from '../../services/auth-service.ts';
import type { PageStore } from '../../services/page-store.ts';
import type { Place, RouterPort } from '../../services/router-port.ts';
import type { SessionStore } from '../../services/storage.ts';
import { sessionMemoryMachine, type HeaderTarget } from '../session/session-memory.ts';
import { authRoutingMachine, routeDecision } from './auth-routing.ts';
import { noticesMachine } from './notices.ts';
import { findPage, PAGES } from './page-registry.ts';
import type { PageLeftEvent, PageRoute, PageRouteEvent, PageSpec, RouteGoEvent } from './page-spec.ts';
import { spinnerMachine } from './spinner.ts';
import { versionCheckMachine } from './version-check.ts';

/**
 * The app's root actor. It holds the app-wide actors under system ids (see ./system-actors.ts), so
 * machines reach them with `sendTo`/`system.get` instead of a view wiring them together; they are
 * spawned with the first snapshot, so a view can read them before the root starts.
 *
 * It owns the pages too (./page-registry.ts): the router bridge turns each change of place into a
 * `route.changed` event, and the root starts, keeps and stops each page's machine as its child, so
 * no view creates an actor. Machines ask for a navigation by sending `route.go` to the bridge
 * (system id `router`).
 */
export interface AppInput {
  store: SessionStore;
  pages: PageStore;
  /** Where View As puts its header; the app's API client unless a test passes its own. */
  api?: HeaderTarget;
  /** The address bar; none in a test that drives no routes. */
  router?: RouterPort;
  /** The page's build-time version, polled against the served one; none in development. */
  version?: string;
  /** The pages the root owns; the app's registry unless a test passes its own. */
  registry?: Readonly<Record<string, PageSpec>>;
}

/** A page's running machine and the instance it was started for. */
export interface LivePage {
  ref: AnyActorRef;
  instance: string;
}

export interface AppContext {
  auth: ActorRefFrom<typeof authRoutingMachine>;
  spinner: ActorRefFrom<typeof spinnerMachine>;
  notices: ActorRefFrom<typeof noticesMachine>;
  session: ActorRefFrom<typeof sessionMemoryMachine>;
  versionCheck: ActorRefFrom<typeof versionCheckMachine> | null;
  router: RouterPort | null;
  registry: Readonly<Record<string, PageSpec>>;
  /** Where the user is; null until the router bridge has told. */
  place: Place | null;
  pages: Readonly<Record<string, LivePage>>;
  /** Page machines loaded so far (each is a chunk of its own). */
  logics: Readonly<Record<string, AnyStateMachine>>;
  loading: readonly string[];
  /** Pages whose machine could not be loaded (the network went, a new version replaced the chunk). */
  failed: readonly string[];
  /** The login the live pages belong to: another one, or none (logout, switch user), stops them all. */
  authKey: string | null;
  /** The page of the place, told `route.left` when the user leaves it and it is kept. */
  routed: string | null;
}

export type AppEvent =
  | { type: 'route.changed'; place: Place }
  | { type: 'app.authChanged' }
  | { type: 'page.loaded'; key: string; logic: AnyStateMachine }
  | { type: 'page.loadFailed'; key: string };

const routerBridge = fromCallback<RouteGoEvent, { router: RouterPort | null }>(({ input, receive, sendBack }) => {
  if (!input.router) return undefined;
  const { router } = input;
  receive((event) => router.go(event.to, event.replace ?? false));
  const subscription = router.places$.subscribe((place) => sendBack({ type: 'route.changed', place } satisfies AppEvent));
  return () => subscription.unsubscribe();
});

/** Tells the root each time the auth-routing actor moves: a login or logout decides which pages may run. */
const authWatch = fromCallback<AnyEventObject, { auth: AnyActorRef }>(({ input, sendBack }) => {
  const subscription = input.auth.subscribe(() => sendBack({ type: 'app.authChanged' } satisfies AppEvent));
  return () => subscription.unsubscribe();
});

const pageLoader = fromCallback<AnyEventObject, { key: string; load: () => Promise<AnyStateMachine> }>(({ input, sendBack }) => {
  input.load().then(
    (logic) => sendBack({ type: 'page.loaded', key: input.key, logic } satisfies AppEvent),
    () => sendBack({ type: 'page.loadFailed', key: input.key } satisfies AppEvent),
  );
});

/** The login pages run in: none while logged out, logging out or checking. */
const sessionOf = (auth: SnapshotFrom<typeof authRoutingMachine>) =>
  auth.value === 'distributor' || auth.value === 'internalAdmin' ? auth.context.authKey : null;

interface Wanted {
  key: string;
  spec: PageSpec;
  route: PageRoute;
  instance: string;
  /** The page of the place (told of each place within it), not a companion. */
  routed: boolean;
}

/** The pages to run now: the page of the place when the route gate shows it, and the companions whose time it is. */
function wantedPages(context: AppContext): Wanted[] {
  const auth = context.auth.getSnapshot();
  const place = context.place ?? { pathname: '/', search: '' };
  const routeOf = (params: Record<string, string>): PageRoute => ({
    place,
    params,
    query: new URLSearchParams(place.search),
    auth,
    session: context.session.getSnapshot(),
  });
  const wanted: Wanted[] = [];
  const found = context.place ? findPage(place.pathname, context.registry) : null;
  if (found && routeDecision(auth, place.pathname).kind === 'show') {
    const route = routeOf(found.params);
    wanted.push({ key: found.key, spec: found.spec, route, instance: found.spec.instance?.(route) ?? '', routed: true });
  }
  for (const [key, spec] of Object.entries(context.registry)) {
    if (!spec.during?.(auth)) continue;
    const route = routeOf({});
    wanted.push({ key, spec, route, instance: spec.instance?.(route) ?? '', routed: false });
  }
  return wanted;
}

export const appMachine = setup({
  types: { context: {} as AppContext, input: {} as AppInput, events: {} as AppEvent },
  actors: {
    auth: authRoutingMachine,
    spinner: spinnerMachine,
    notices: noticesMachine,
    session: sessionMemoryMachine,
    versionCheck: versionCheckMachine,
    routerBridge,
    authWatch,
    pageLoader,
  },
  actions: {
    notePlace: enqueueActions(({ enqueue, event }) => {
      if (event.type === 'route.changed') enqueue.assign({ place: event.place });
    }),
    /** Spec §2.1: visiting /logout logs out — also when the visit came before the stored session was checked. */
    logOutAtLogout: enqueueActions(({ enqueue, context }) => {
      if (context.place?.pathname === '/logout' && sessionOf(context.auth.getSnapshot()) !== null) enqueue.sendTo(context.auth, { type: 'auth.logout' });
    }),
    noteLoaded: enqueueActions(({ enqueue, context, event }) => {
      if (event.type !== 'page.loaded') return;
      enqueue.stopChild(`load:${event.key}`);
      enqueue.assign({
        logics: { ...context.logics, [event.key]: event.logic },
        loading: context.loading.filter((k) => k !== event.key),
      });
    }),
    noteLoadFailed: enqueueActions(({ enqueue, context, event }) => {
      if (event.type !== 'page.loadFailed') return;
      enqueue.stopChild(`load:${event.key}`);
      enqueue.assign({ loading: context.loading.filter((k) => k !== event.key), failed: [...context.failed, event.key] });
    }),
    /**
     * Brings the running pages in line with the place and the login: stops what is no longer wanted,
     * tells the page on screen where it is (`tell`), starts the wanted page or loads its machine.
     */
    settlePages: enqueueActions(({ enqueue, context }, params: { tell: boolean }) => {
      const wanted = wantedPages(context);
      const wantedOf = (key: string) => wanted.find((w) => w.key === key);
      const authKey = sessionOf(context.auth.getSnapshot());
      const pages: Record<string, LivePage> = {};
      for (const [key, live] of Object.entries(context.pages)) {
        const want = wantedOf(key);
        const stays = authKey === context.authKey && (want ? live.instance === want.instance : context.registry[key]?.kept === true);
        if (stays) pages[key] = live;
        else enqueue.stopChild(live.ref);
      }
      for (const want of wanted) {
        if (want.routed && pages[want.key] && params.tell) {
          enqueue.sendTo(pages[want.key]!.ref, { type: 'route.changed', place: want.route.place, params: want.route.params } satisfies PageRouteEvent);
        }
      }
      const routed = wanted.find((w) => w.routed)?.key ?? null;
      const left = context.routed !== null && context.routed !== routed ? pages[context.routed] : undefined;
      if (left) enqueue.sendTo(left.ref, { type: 'route.left' } satisfies PageLeftEvent);
      const toStart = wanted.filter((w) => !pages[w.key]);
      const startable = toStart.filter((w) => context.logics[w.key]);
      const toLoad = toStart.filter((w) => !context.logics[w.key] && !context.loading.includes(w.key));
      enqueue.assign(({ spawn }) => {
        // The logic came from the registry, not from setup(), so XState's types do not let it take an id.
        const spawnPage = spawn as unknown as (logic: AnyStateMachine, options: { id: string; systemId: string; input: unknown }) => AnyActorRef;
        for (const w of startable) {
          const ref = spawnPage(context.logics[w.key]!, { id: w.key, systemId: `page:${w.key}`, input: w.spec.input?.(w.route) });
          pages[w.key] = { ref, instance: w.instance };
        }
        return { pages, authKey, routed };
      });
      for (const w of toLoad) enqueue.spawnChild('pageLoader', { id: `load:${w.key}`, input: { key: w.key, load: w.spec.load } });
      if (toLoad.length > 0) {
        const keys = toLoad.map((w) => w.key);
        enqueue.assign({ loading: [...context.loading, ...keys], failed: context.failed.filter((k) => !keys.includes(k)) });
      }
    }),
  },
}).createMachine({
  id: 'app',
  context: ({ spawn, input }) => {
    const auth = spawn('auth', { id: 'auth', systemId: 'auth', input: { store: input.store } });
    return {
      auth,
      spinner: spawn('spinner', { id: 'spinner', systemId: 'spinner' }),
      notices: spawn('notices', { id: 'notices', systemId: 'notices' }),
      session: spawn('session', { id: 'session', systemId: 'session', input: { pages: input.pages, api: input.api ?? apiClient } }),
      // Spec §4, §8: a newer deployment puts up the update notice.
      versionCheck: input.version ? spawn('versionCheck', { id: 'versionCheck', input: { currentVersion: input.version } }) : null,
      router: input.router ?? null,
      registry: input.registry ?? PAGES,
      place: null,
      pages: {},
      logics: {},
      loading: [],
      failed: [],
      authKey: sessionOf(auth.getSnapshot()),
      routed: null,
    };
  },
  invoke: [
    { id: 'router', systemId: 'router', src: 'routerBridge', input: ({ context }) => ({ router: context.router }) },
    { id: 'authWatch', src: 'authWatch', input: ({ context }) => ({ auth: context.auth }) },
  ],
  on: {
    'route.changed': { actions: ['notePlace', 'logOutAtLogout', { type: 'settlePages', params: { tell: true } }] },
    'app.authChanged': { actions: ['logOutAtLogout', { type: 'settlePages', params: { tell: false } }] },
    'page.loaded': { actions: ['noteLoaded', { type: 'settlePages', params: { tell: false } }] },
    'page.loadFailed': { actions: 'noteLoadFailed' },
  },
});
