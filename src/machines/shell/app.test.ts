import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyActorRef, type AnyEventObject, type AnyStateMachine } from 'xstate';
import type { AppStatus } from '../../model/auth.ts';
import { memoryPageStore } from '../../services/page-store.ts';
import type { Place } from '../../services/router-port.ts';
import { createSessionStore, memoryBacking } from '../../services/storage.ts';
import { callDouble } from '../testing/call-double.ts';
import { appMachine } from './app.ts';
import { authRoutingMachine } from './auth-routing.ts';
import type { PageSpec } from './page-spec.ts';
import { distributorUser, loginAs, statusUp } from './samples.ts';

/** A page machine that keeps its input and every event it hears, and can ask for a navigation. */
const probePage = setup({
  types: { context: {} as { input: unknown; heard: AnyEventObject[] }, input: {} as unknown, events: {} as AnyEventObject },
}).createMachine({
  context: ({ input }) => ({ input, heard: [] }),
  on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
});

function start({ loggedIn = true, registry }: { loggedIn?: boolean; registry: Record<string, PageSpec> }) {
  const store = createSessionStore(memoryBacking());
  if (loggedIn) {
    const { authKey, user } = loginAs(distributorUser);
    store.setAuthKey(authKey);
    store.setUser(user);
  }
  const places = new Subject<Place>();
  const went: { to: string; replace: boolean }[] = [];
  const machine = appMachine.provide({
    actors: {
      auth: authRoutingMachine.provide({
        actors: { loadStatus: callDouble<AppStatus>(async () => statusUp), serverLogout: callDouble<void, { authKey: string | null }>(async () => undefined) },
      }),
    },
  });
  const app = createActor(machine, {
    input: { store, pages: memoryPageStore(), api: { setHeaderProvider: () => {} }, registry, router: { places$: places, go: (to, replace) => void went.push({ to, replace }) } },
  }).start();
  const settled = new Promise<void>((resolve) => {
    const sub = app.system.get('auth').subscribe((s: { value: unknown }) => s.value !== 'checking' && (sub.unsubscribe(), resolve()));
  });
  const page = (key: string): AnyActorRef | undefined => app.getSnapshot().context.pages[key]?.ref;
  const go = async (pathname: string, search = '') => {
    places.next({ pathname, search });
    await new Promise((r) => setTimeout(r, 0)); // a first visit loads the page's machine (a promise)
  };
  return { app, settled, page, go, went };
}

const spec = (paths: string[], extra: Partial<PageSpec> = {}): PageSpec => ({ paths, load: async () => probePage as AnyStateMachine, ...extra });

describe('the app actor owns the pages', () => {
  it('starts the page of the route entered, in its own system, with the input built from the route', async () => {
    const { app, settled, page, go } = start({
      registry: { detail: spec(['/intel/detail/:id/:tab'], { input: ({ params, query, auth }) => ({ id: Number(params.id), tab: params.tab, q: query.get('q'), user: auth.context.user?.id }) }) },
    });
    await settled;
    await go('/intel/detail/7/competitive', '?q=beef');
    const detail = page('detail')!;
    expect(detail.getSnapshot().context.input).toEqual({ id: 7, tab: 'competitive', q: 'beef', user: distributorUser.id });
    // The page is the root's child: it reaches the app-wide actors by system id, no relay between.
    expect(app.system.get('page:detail')).toBe(detail);
    expect(detail.system.get('auth')).toBe(app.getSnapshot().context.auth);
  });

  it('stops a page when its route is left, and starts it afresh on return', async () => {
    const { settled, page, go } = start({ registry: { list: spec(['/rebates/list']) } });
    await settled;
    await go('/rebates/list');
    const first = page('list')!;
    await go('/faq');
    expect(first.getSnapshot().status).toBe('stopped');
    expect(page('list')).toBeUndefined();
    await go('/rebates/list');
    expect(page('list')).toBeDefined();
    expect(page('list')).not.toBe(first);
  });

  it('keeps a remembered section while the user is elsewhere, tells it they left, and each place within it', async () => {
    const { settled, page, go } = start({ registry: { intel: spec(['/intel/list', '/intel/detail/:id/:tab'], { kept: true }) } });
    await settled;
    await go('/intel/list');
    const intel = page('intel')!;
    await go('/faq');
    await go('/intel/detail/3/distributor');
    expect(page('intel')).toBe(intel);
    expect(intel.getSnapshot().context.heard).toEqual([
      { type: 'route.left' },
      { type: 'route.changed', place: { pathname: '/intel/detail/3/distributor', search: '' }, params: { id: '3', tab: 'distributor' } },
    ]);
  });

  it('restarts a page when the route asks for another instance (another merchant)', async () => {
    const { settled, page, go } = start({ registry: { items: spec(['/intel/detail/:id/:tab'], { instance: ({ params }) => params.id! }) } });
    await settled;
    await go('/intel/detail/3/competitive');
    const three = page('items')!;
    await go('/intel/detail/3/distributor');
    expect(page('items')).toBe(three);
    await go('/intel/detail/4/competitive');
    expect(three.getSnapshot().status).toBe('stopped');
    expect(page('items')).not.toBe(three);
  });

  it('starts no page the route gate refuses (logged out), and stops every page at logout', async () => {
    const out = start({ loggedIn: false, registry: { list: spec(['/rebates/list']) } });
    await out.settled;
    await out.go('/rebates/list');
    expect(out.page('list')).toBeUndefined();

    const { app, settled, page, go } = start({ registry: { intel: spec(['/intel/list'], { kept: true }) } });
    await settled;
    await go('/intel/list');
    const intel = page('intel')!;
    app.system.get('auth').send({ type: 'auth.logout' });
    expect(intel.getSnapshot().status).toBe('stopped');
    expect(page('intel')).toBeUndefined();
  });

  it('says a page failed when its machine cannot be loaded, and tries again on the next visit', async () => {
    let attempts = 0;
    const { app, settled, page, go } = start({
      registry: { list: spec(['/rebates/list'], { load: async () => (++attempts === 1 ? Promise.reject(new Error('chunk gone')) : probePage) }) },
    });
    await settled;
    await go('/rebates/list');
    expect(app.getSnapshot().context.failed).toEqual(['list']);
    await go('/faq');
    await go('/rebates/list');
    expect(app.getSnapshot().context.failed).toEqual([]);
    expect(page('list')).toBeDefined();
  });

  it('logs out when /logout is visited, even before the stored session was checked', async () => {
    const early = start({ registry: {} });
    await early.go('/logout');
    await early.settled;
    await new Promise((r) => setTimeout(r, 0));
    expect(early.app.system.get('auth').getSnapshot().value).toBe('loggedOut');

    const { app, settled, go } = start({ registry: {} });
    await settled;
    expect(app.system.get('auth').getSnapshot().value).toBe('distributor');
    await go('/logout');
    expect(app.system.get('auth').getSnapshot().value).toBe('loggedOut');
  });

  it('performs the navigations machines ask of the router bridge', async () => {
    const { app, settled, went } = start({ registry: {} });
    await settled;
    app.system.get('router').send({ type: 'route.go', to: '/intel/list', replace: true });
    expect(went).toEqual([{ to: '/intel/list', replace: true }]);
  });
});
