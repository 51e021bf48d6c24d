import { createActor, fromCallback, setup, type ActorRefFrom, type AnyActorRef, type AnyEventObject } from 'xstate';
import { apiClient } from '../../services/auth-service.ts';
import type { PageStore } from '../../services/page-store.ts';
import type { SessionStore } from '../../services/storage.ts';
import { sessionMemoryMachine, type HeaderTarget } from '../session/session-memory.ts';
import { authRoutingMachine } from './auth-routing.ts';
import { noticesMachine } from './notices.ts';
import { spinnerMachine } from './spinner.ts';

/**
 * The app's root actor: it holds the app-wide actors under system ids (see ./system-actors.ts),
 * so machines reach them with `sendTo`/`system.get` instead of a view wiring them together. They
 * are spawned with the first snapshot, so a view can read them before the root starts. A page's
 * actor is a root of its own (React starts and stops it); `joinAppSystem` makes the app-wide
 * actors reachable from its system too.
 */
export interface AppInput {
  store: SessionStore;
  pages: PageStore;
  /** Where View As puts its header; the app's API client unless a test passes its own. */
  api?: HeaderTarget;
}

export interface AppContext {
  auth: ActorRefFrom<typeof authRoutingMachine>;
  spinner: ActorRefFrom<typeof spinnerMachine>;
  notices: ActorRefFrom<typeof noticesMachine>;
  session: ActorRefFrom<typeof sessionMemoryMachine>;
}

export const appMachine = setup({
  types: { context: {} as AppContext, input: {} as AppInput },
  actors: { auth: authRoutingMachine, spinner: spinnerMachine, notices: noticesMachine, session: sessionMemoryMachine },
}).createMachine({
  id: 'app',
  context: ({ spawn, input }) => ({
    auth: spawn('auth', { id: 'auth', systemId: 'auth', input: { store: input.store } }),
    spinner: spawn('spinner', { id: 'spinner', systemId: 'spinner' }),
    notices: spawn('notices', { id: 'notices', systemId: 'notices' }),
    session: spawn('session', { id: 'session', systemId: 'session', input: { pages: input.pages, api: input.api ?? apiClient } }),
  }),
});

/** Stands in for an app-wide actor inside another actor system: what it receives goes on to `to`. */
const relay = fromCallback<AnyEventObject, { to: AnyActorRef }>(({ receive, input }) => receive((event) => input.to.send(event)));

const JOINED = ['auth', 'notices', 'session'] as const;

/**
 * Registers the app-wide actors, by their system ids, in the system of `actor` (a page's root actor,
 * before it starts), so its machine and every child it invokes reach them with `system.get`. XState
 * registers an actor under a system id only when it is created in that system, hence the relays.
 * Call it before `actor` starts (a layout effect runs before React starts the actor).
 */
export function joinAppSystem(app: AnyActorRef, actor: AnyActorRef) {
  for (const id of JOINED) {
    const to = app.system.get(id);
    if (to && !actor.system.get(id)) createActor(relay, { parent: actor, systemId: id, input: { to } }).start();
  }
}
