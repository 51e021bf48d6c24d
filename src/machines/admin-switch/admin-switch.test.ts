import { describe, expect, it } from 'vitest';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import type { LoginResponse } from '../../model/auth.ts';
import { REASON_HINT } from '../../model/impersonation.ts';
import { ApiError } from '../../services/api-client.ts';
import { DEACTIVATED_MESSAGE, sampleHouses } from './admin-switch-samples.ts';
import { adminSwitchMachine, HOUSES_FAILED_MESSAGE, USERS_FAILED_MESSAGE } from './admin-switch.ts';
import { bostonUsers, dmUserId } from '../dashboard/dashboard-samples.ts';
import { MACHINES } from '../registry.ts';
import { distributorUser, loginAs } from '../shell/samples.ts';

const entry = MACHINES.find((m) => m.name === 'admin-switch')!;

/** The real machine with its calls replaced by promises the test settles. */
function startReal() {
  const switched: LoginResponse[] = [];
  const run = startControlled(adminSwitchMachine, {
    actors: ['loadHouses', 'loadUsers', 'switchSession'],
    provide: { actions: { switchedIn: (_, params) => void switched.push(params.response) } },
  });
  return { ...run, switched };
}

/** What the admin would notice in each state. */
function assertScreen({ actor, callsOf, switched }: ReturnType<typeof startReal>) {
  const { value, context } = actor.getSnapshot();
  if (value === 'housesFailed') expect(context.error).toBe(HOUSES_FAILED_MESSAGE);
  if (value === 'loadingUsers' || value === 'pickingUser') expect(context.houseId).not.toBeNull();
  // The user list always belongs to the chosen house: it is asked for by that house's platform id.
  const lastUsers = callsOf('loadUsers').at(-1);
  if (value === 'loadingUsers') {
    expect(context.users).toEqual([]);
    expect(lastUsers!.input).toEqual({ platformId: sampleHouses.find((h) => h.id === context.houseId)!.platform_id });
  }
  // Only a chosen user is ever logged in as, and only a successful switch is handed on.
  for (const call of callsOf('switchSession')) expect(call.input).toEqual({ id: dmUserId, reason: 'Ticket 981' });
  expect(switched.length).toBe(value === 'switched' ? 1 : 0);
}

describe('admin-switch, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);
  const SELF = new Set(['loadingUsers --adminSwitch.houseChosen--> loadingUsers']);

  it('reaches every state', () => expectEveryStateReached(adminSwitchMachine, paths, 'loadingHouses'));

  it('takes every transition the machine defines', () => expectEveryTransitionTaken(adminSwitchMachine, edges, [...SELF]));

  itReplaysEdges(edges, () => startReal(), assertScreen);
});

describe('admin-switch, picking', () => {
  async function withUsers() {
    const s = startReal();
    await s.replay({ type: 'xstate.done.actor.loadHouses', output: sampleHouses }, 'pickingHouse');
    await s.replay({ type: 'adminSwitch.houseChosen', houseId: 10 }, 'loadingUsers');
    await s.replay({ type: 'xstate.done.actor.loadUsers', output: bostonUsers }, 'pickingUser');
    return s;
  }

  it('logs in as the chosen user and hands the session on', async () => {
    const s = await withUsers();
    s.actor.send({ type: 'adminSwitch.submitted' });
    expect(s.actor.getSnapshot().value).toBe('pickingUser'); // nobody chosen yet
    s.actor.send({ type: 'adminSwitch.userChosen', userId: dmUserId });
    s.actor.send({ type: 'adminSwitch.submitted' });
    expect(s.actor.getSnapshot().context.error).toBe(REASON_HINT); // no reason given yet
    s.actor.send({ type: 'adminSwitch.reasonChanged', reason: 'Ticket 981' });
    await s.replay({ type: 'adminSwitch.submitted' }, 'switching');
    await s.replay({ type: 'xstate.done.actor.switchSession', output: loginAs(distributorUser) }, 'switched');
    expect(s.switched).toEqual([loginAs(distributorUser)]);
  });

  it('shows why the server refused, and lets the admin pick again', async () => {
    const s = await withUsers();
    s.actor.send({ type: 'adminSwitch.userChosen', userId: dmUserId });
    s.actor.send({ type: 'adminSwitch.reasonChanged', reason: 'Ticket 981' });
    await s.replay({ type: 'adminSwitch.submitted' }, 'switching');
    await s.replay({ type: 'xstate.error.actor.switchSession', error: new ApiError(403, DEACTIVATED_MESSAGE) }, 'pickingUser');
    expect(s.actor.getSnapshot().context.error).toBe(DEACTIVATED_MESSAGE);
    s.actor.send({ type: 'adminSwitch.userChosen', userId: bostonUsers[2]!.id });
    expect(s.actor.getSnapshot().context.error).toBeNull();
  });

  it('another house clears the user and aborts the list still loading', async () => {
    const s = startReal();
    await s.replay({ type: 'xstate.done.actor.loadHouses', output: sampleHouses }, 'pickingHouse');
    await s.replay({ type: 'adminSwitch.houseChosen', houseId: 10 }, 'loadingUsers');
    await s.replay({ type: 'adminSwitch.houseChosen', houseId: 1 }, 'loadingUsers');
    expect(s.callsOf('loadUsers')[0]!.signal.aborted).toBe(true);
    expect(s.callsOf('loadUsers')[1]!.input).toEqual({ platformId: 'CP-000001' });
    await s.replay({ type: 'xstate.error.actor.loadUsers', error: new ApiError(500, 'x') }, 'pickingHouse');
    expect(s.actor.getSnapshot().context.error).toBe(USERS_FAILED_MESSAGE);
  });

  it('ignores a house or user that was not offered', async () => {
    const s = await withUsers();
    s.actor.send({ type: 'adminSwitch.userChosen', userId: 999 });
    s.actor.send({ type: 'adminSwitch.houseChosen', houseId: 999 });
    expect(s.actor.getSnapshot().value).toBe('pickingUser');
    expect(s.actor.getSnapshot().context.userId).toBeNull();
  });
});
