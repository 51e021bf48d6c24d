import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { definedTransitions, shortestPaths, stateChangingEdges } from '../../tests/paths/machine-paths.ts';
import { NO_CHANNEL_PARTNER_MESSAGE, type AppStatus } from '../model/auth.ts';
import { decideRoute, type AccessMode } from '../model/route-access.ts';
import type { SessionStore } from '../services/storage.ts';
import { authRoutingMachine, type AuthRoutingEvent } from './auth-routing.ts';
import { MACHINES } from './registry.ts';

const entry = MACHINES.find((m) => m.name === 'auth-routing')!;

/** Where '/' leads in each state: the route decision the router renders. */
const LANDING: Record<AccessMode, ReturnType<typeof decideRoute>> = {
  checking: { kind: 'wait' },
  maintenance: { kind: 'redirect', to: '/maintenance' },
  loggedOut: { kind: 'redirect', to: '/login' },
  loggingOut: { kind: 'redirect', to: '/logout' },
  internalAdmin: { kind: 'redirect', to: '/admin-login' },
  distributor: { kind: 'redirect', to: '/dashboard' },
};

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** The real machine with its actors replaced by promises the test settles step by step. */
function startReal(input: { store: SessionStore }) {
  const pending: Record<string, Pending | undefined> = {};
  const controlled = (id: string) =>
    fromPromise<never, unknown>(() => new Promise((resolve, reject) => (pending[id] = { resolve: resolve as never, reject })));
  const machine = authRoutingMachine.provide({
    actors: { loadStatus: controlled('loadStatus') as never, serverLogout: controlled('serverLogout') as never },
  });
  const actor = createActor(machine, { input }).start();

  async function replay(event: AnyEventObject, expected: unknown) {
    const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (actorEvent) {
      const [, outcome, id] = actorEvent;
      const settle = pending[id!];
      expect(settle, `${id} should be running`).toBeDefined();
      pending[id!] = undefined;
      if (outcome === 'done') settle!.resolve(event.output);
      else settle!.reject(event.error);
      await waitFor(actor, (s) => s.value === expected, { timeout: 1000 });
    } else {
      actor.send(event as AuthRoutingEvent);
    }
    expect(actor.getSnapshot().value).toBe(expected);
  }
  return { actor, replay };
}

function assertRouting(actor: ReturnType<typeof startReal>['actor']) {
  const { value, context } = actor.getSnapshot();
  const mode = value as AccessMode;
  expect(decideRoute(mode, '/', context)).toEqual(LANDING[mode]);
  // Storage follows the state: a session is stored exactly while someone is logged in.
  const stored = context.store.getAuthKey() !== null && context.store.getUser() !== null;
  if (mode === 'distributor' || mode === 'internalAdmin') expect(stored).toBe(true);
  if (mode === 'loggingOut') expect(stored).toBe(false);
  // The only reason to keep /logout on screen is the no-channel-partner message.
  if (context.logoutNotice !== null) expect(context.logoutNotice).toBe(NO_CHANNEL_PARTNER_MESSAGE);
}

describe('auth-routing, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => ['checking', ...p.states.map(String)]));
    expect([...reached].sort()).toEqual(Object.keys(authRoutingMachine.root.states).sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set(edges.map((e) => `${String(e.from)} --${e.event.type}--> ${String(e.to)}`));
    expect([...taken].sort()).toEqual([...definedTransitions(authRoutingMachine)].sort());
  });

  for (const path of paths) {
    const label = `${path.variant}: ${path.events.map((e) => e.type).join(' → ') || '(start)'} ⇒ ${path.key}`;
    it(`replays shortest path ${label}`, async () => {
      const { actor, replay } = startReal(entry.variants.find((v) => v.label === path.variant)!.input!() as never);
      assertRouting(actor);
      for (const [i, event] of path.events.entries()) {
        await replay(event, path.states[i]);
        assertRouting(actor);
      }
      actor.stop();
    });
  }

  for (const edge of edges) {
    it(`replays edge ${edge.variant}: ${String(edge.from)} --${edge.event.type}--> ${String(edge.to)}`, async () => {
      const { actor, replay } = startReal(entry.variants.find((v) => v.label === edge.variant)!.input!() as never);
      for (const [i, event] of edge.path.entries()) {
        await replay(event, edge.states[i]);
        assertRouting(actor);
      }
      expect(actor.getSnapshot().value).toBe(edge.to);
      actor.stop();
    });
  }
});

describe('auth-routing, storage effects', () => {
  it('stores admin data for an internal admin whose email has "admin", and clears everything on logout', async () => {
    const input = entry.variants[0]!.input!() as { store: SessionStore };
    const { actor, replay } = startReal(input);
    const status: AppStatus = { maintenance: false, version: 't' };
    await replay({ type: 'xstate.done.actor.loadStatus', output: status }, 'loggedOut');
    const login = entry.events.find((e) => e.type === 'auth.loggedIn' && e.response.user.email === 'admin@portal.test')!;
    await replay(login, 'internalAdmin');
    expect(input.store.getAdminUser()?.email).toBe('admin@portal.test');
    await replay({ type: 'auth.unauthorized' }, 'loggingOut');
    expect([input.store.getAuthKey(), input.store.getUser(), input.store.getAdminUser()]).toEqual([null, null, null]);
    await replay({ type: 'xstate.error.actor.serverLogout', error: new Error('offline') }, 'loggedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('follows a house switch: the session user and storage name the new house', async () => {
    const input = entry.variants[0]!.input!() as { store: SessionStore };
    const { actor, replay } = startReal(input);
    await replay({ type: 'xstate.done.actor.loadStatus', output: { maintenance: false, version: 't' } }, 'loggedOut');
    const login = entry.events.find((e) => e.type === 'auth.loggedIn' && e.response.user.email === 'leader@harbor.test')!;
    await replay(login, 'distributor');
    const switched = entry.events.find((e) => e.type === 'auth.houseChanged')!;
    await replay(switched, 'distributor');
    expect(actor.getSnapshot().context.user?.activeDistributor?.nickname).toBe('Harbor Foods Portland');
    expect(input.store.getUser()?.activeDistributor?.nickname).toBe('Harbor Foods Portland');
    expect(input.store.getUser()?.channelPartner).toEqual({ distributor_id: 3 });
  });
});
