import { describe, expect, it } from 'vitest';
import { edgeKey, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, replaySteps, startControlled } from '../../../tests/paths/replay-actor.ts';
import { NO_CHANNEL_PARTNER_MESSAGE, type AppStatus } from '../../model/auth.ts';
import { decideRoute, type AccessMode } from '../../model/route-access.ts';
import type { SessionStore } from '../../services/storage.ts';
import { adminUser, distributorUser, loginAs } from './samples.ts';
import { isInternalAdmin } from '../../model/route-access.ts';
import { authRoutingMachine } from './auth-routing.ts';
import { MACHINES } from '../registry.ts';

const entry = MACHINES.find((m) => m.name === 'auth-routing')!;

/** Where '/' leads in each state: the route decision the router renders. */
const LANDING: Record<AccessMode, ReturnType<typeof decideRoute>> = {
  checking: { kind: 'wait' },
  maintenance: { kind: 'redirect', to: '/maintenance' },
  loggedOut: { kind: 'redirect', to: '/login' },
  loggingOut: { kind: 'redirect', to: '/logout' },
  internalAdmin: { kind: 'redirect', to: '/admin-login' },
  distributor: { kind: 'redirect', to: '/dashboard' },
  switchingBack: { kind: 'wait' },
};

/** What the session memory holds (View As), as the machine leaves it. */
const memory = { viewAs: null as number | null };

/** The real machine with its actors replaced by promises the test settles step by step. */
function startReal(input: { store: SessionStore }) {
  return startControlled(authRoutingMachine, {
    actors: ['loadStatus', 'serverLogout', 'switchSession'],
    input,
    provide: { actions: { forgetSessionMemory: () => void (memory.viewAs = null) } },
  });
}

function assertRouting(actor: ReturnType<typeof startReal>['actor']) {
  const { value, context } = actor.getSnapshot();
  const mode = value as AccessMode;
  expect(decideRoute(mode, '/', context)).toEqual(LANDING[mode]);
  // Storage follows the state: a session is stored exactly while someone is logged in.
  const stored = context.store.getAuthKey() !== null && context.store.getUser() !== null;
  if (mode === 'distributor' || mode === 'internalAdmin') expect(stored).toBe(true);
  if (mode === 'loggingOut') expect(stored).toBe(false);
  // An admin acting as a distributor user routes as that user and keeps the admin data for the way back.
  if (mode === 'distributor' && context.adminUser) {
    expect(context.store.getAdminUser()?.id).toBe(context.adminUser.id);
    expect(context.adminUser.id).not.toBe(context.user?.id);
  }
  if (mode === 'internalAdmin' && context.adminUser) expect(context.user?.id).toBe(context.adminUser.id);
  if (mode === 'switchingBack' || mode === 'loggingOut') expect(memory.viewAs).toBeNull();
  // The only reason to keep /logout on screen is the no-channel-partner message.
  if (context.logoutNotice !== null) expect(context.logoutNotice).toBe(NO_CHANNEL_PARTNER_MESSAGE);
}

describe('auth-routing, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);

  it('reaches every state', () => expectEveryStateReached(authRoutingMachine, paths, 'checking'));

  it('takes every transition the machine defines', () => expectEveryTransitionTaken(authRoutingMachine, edges));

  for (const path of paths) {
    const label = `${path.variant}: ${path.events.map((e) => e.type).join(' → ') || '(start)'} ⇒ ${path.key}`;
    it(`replays shortest path ${label}`, async () => {
      const run = startReal(entry.variants.find((v) => v.label === path.variant)!.input!() as never);
      assertRouting(run.actor);
      await replaySteps(run, path.events, path.states, () => assertRouting(run.actor));
    });
  }

  itReplaysEdges(
    edges,
    (edge) => startReal(entry.variants.find((v) => v.label === edge.variant)!.input!() as never),
    (run) => assertRouting(run.actor),
    (edge) => `replays edge ${edge.variant}: ${edgeKey(edge)}`,
  );
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

describe('auth-routing, an internal admin acting as a distributor user', () => {
  const status = { type: 'xstate.done.actor.loadStatus', output: { maintenance: false, version: 't' } };
  const startFrom = (label: string) => {
    const input = entry.variants.find((v) => v.label === label)!.input!() as { store: SessionStore };
    return { input, ...startReal(input) };
  };

  it('switching in routes to the dashboard as the user, keeping the admin data and its features', async () => {
    const { input, actor, replay } = startFrom('admin session stored');
    await replay(status, 'internalAdmin');
    memory.viewAs = 7;
    await replay({ type: 'auth.switchedIn', response: loginAs(distributorUser) }, 'distributor');
    const { context } = actor.getSnapshot();
    expect(decideRoute('distributor', '/admin-login', context)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect([input.store.getAuthKey(), input.store.getUser()?.email, input.store.getAdminUser()?.email])
      .toEqual([`key-${distributorUser.id}`, distributorUser.email, adminUser.email]);
    // The admin's features (CSV exports) stay: the stored admin data counts as internal admin.
    expect(isInternalAdmin(context.user!, context.adminUser !== null)).toBe(true);
    expect(memory.viewAs).toBeNull();
  });

  it('a reload keeps routing as the user, not as the admin', async () => {
    const { actor, replay } = startFrom('admin acting as a distributor user stored');
    await replay(status, 'distributor');
    expect(actor.getSnapshot().context.user?.email).toBe(distributorUser.email);
  });

  it('Switch User goes back to the admin’s own session and /admin-login', async () => {
    const { input, actor, replay, inputs } = startFrom('admin acting as a distributor user stored');
    await replay(status, 'distributor');
    memory.viewAs = 7;
    await replay({ type: 'auth.switchBack' }, 'switchingBack');
    expect(inputs.switchSession).toEqual([{ id: adminUser.id }]);
    expect(memory.viewAs).toBeNull();
    await replay({ type: 'xstate.done.actor.switchSession', output: loginAs(adminUser) }, 'internalAdmin');
    expect(decideRoute('internalAdmin', '/dashboard', actor.getSnapshot().context)).toEqual({ kind: 'redirect', to: '/admin-login' });
    expect([input.store.getUser()?.email, input.store.getAdminUser()?.email, input.store.getAuthKey()])
      .toEqual([adminUser.email, adminUser.email, `key-${adminUser.id}`]);
  });

  it('a failed switch back logs out and clears storage', async () => {
    const { input, replay } = startFrom('admin acting as a distributor user stored');
    await replay(status, 'distributor');
    await replay({ type: 'auth.switchBack' }, 'switchingBack');
    await replay({ type: 'xstate.error.actor.switchSession', error: new Error('403') }, 'loggingOut');
    expect([input.store.getAuthKey(), input.store.getUser(), input.store.getAdminUser()]).toEqual([null, null, null]);
  });

  it('a plain distributor user has no Switch User', async () => {
    const { actor, replay } = startFrom('distributor session stored');
    await replay(status, 'distributor');
    actor.send({ type: 'auth.switchBack' });
    expect(actor.getSnapshot().value).toBe('distributor');
  });
});
