import { beforeAll, describe, expect, it, vi } from 'vitest';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import type { ActiveDistributorResponse, CurrentDistributor } from '../../model/distributor.ts';
import { MACHINES } from '../registry.ts';
import { boston, bostonFamily, movedOffHarborHead, portland, serverError, switchedToPortland } from './house-switch-samples.ts';
import { houseSwitchMachine, isOtherHouse } from './house-switch.ts';

// Failures are logged to the console by design (spec §8); keep the test output readable.
beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

const entry = MACHINES.find((m) => m.name === 'house-switch')!;

/** The real machine with its calls settled by the test; what it tells the screen and the session is recorded in order. */
function startReal() {
  const told: string[] = [];
  const sessionHouses: ActiveDistributorResponse[] = [];
  const run = startControlled(houseSwitchMachine, {
    actors: ['loadHouses', 'setActiveDistributor'],
    input: { activeDistributor: boston },
    provide: {
      actions: {
        reportHouses: (_, params: CurrentDistributor) => void told.push(`houses ${params.houses.map((h) => h.id).join(',')}`),
        reportSwitched: (_, params: ActiveDistributorResponse) => void told.push(`switched ${params.activeDistributor.id}`),
        reportKept: () => void told.push('kept'),
        distributorChanged: (_, params) => {
          told.push('session');
          sessionHouses.push(params.response);
        },
      },
    },
  });
  return { ...run, told, sessionHouses };
}
type Started = ReturnType<typeof startReal>;

/** What the screen and the session would notice in each state. */
function assertScreen({ actor, callsOf, sessionHouses, told }: Started) {
  const { value, context } = actor.getSnapshot();
  // The active house is the one the server last confirmed; the session hears of every switch, the screen right after.
  expect(context.activeDistributor?.id).toBe(sessionHouses.at(-1)?.activeDistributor.id ?? boston.id);
  expect(told.filter((t) => t === 'session')).toHaveLength(sessionHouses.length);
  if (value === 'switching') {
    expect(callsOf('setActiveDistributor').at(-1)!.input).toEqual({ id: context.requestedDistributorId });
    expect(context.requestedDistributorId).not.toBeNull();
  } else expect(context.requestedDistributorId).toBeNull();
}

describe('house switch, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);
  it('reaches every state', () => expectEveryStateReached(houseSwitchMachine, paths, 'idle'));
  it('takes every transition the machine defines', () => expectEveryTransitionTaken(houseSwitchMachine, edges));
  itReplaysEdges(edges, () => startReal(), assertScreen);
});

describe('house switch', () => {
  it('loads the houses once and tells the screen the list and the active house', async () => {
    const s = startReal();
    await s.settle('loadHouses', 'done', bostonFamily);
    expect(s.actor.getSnapshot().context.houses.map((h) => h.nickname)).toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']);
    expect(s.told).toEqual(['houses 10,11']);
    expect(s.callsOf('loadHouses')).toHaveLength(1);
  });

  it('a saved family head the server left: the session follows the house, and a notice says so (issue 39)', async () => {
    const notices: unknown[] = [];
    const s = startControlled(houseSwitchMachine, {
      actors: ['loadHouses', 'setActiveDistributor'],
      input: { activeDistributor: { id: 1, platform_id: 'CP-100001', nickname: 'Harbor Foods (PA)' } },
      provide: {
        actions: {
          reportHouses: () => undefined,
          distributorChanged: (_, params) => void notices.push(params),
          noticeMovedOffHead: (_, params) => void notices.push(params),
        },
      },
    });
    await s.settle('loadHouses', 'done', movedOffHarborHead);
    expect(s.actor.getSnapshot().context.activeDistributor).toEqual(boston);
    expect(notices).toEqual([{ response: { channelPartner: { distributor_id: boston.id }, activeDistributor: boston } }, movedOffHarborHead]);
  });

  it('asks the server for the house, then tells the session and only then the screen', async () => {
    const s = startReal();
    await s.replay({ type: 'houseSwitch.requested', distributorId: portland.id }, 'switching');
    expect(s.callsOf('setActiveDistributor')[0]!.input).toEqual({ id: portland.id });
    // Until the server confirms, the old house is the active one.
    expect(s.actor.getSnapshot().context.activeDistributor).toEqual(boston);
    expect(s.told).toEqual([]);
    await s.replay({ type: 'xstate.done.actor.setActiveDistributor', output: switchedToPortland }, 'idle');
    expect(s.actor.getSnapshot().context.activeDistributor).toEqual(portland);
    expect(s.sessionHouses).toEqual([switchedToPortland]);
    expect(s.told).toEqual(['session', 'switched 11']);
  });

  it('a failed switch keeps the old house, leaves the session alone and says so to the screen', async () => {
    const s = startReal();
    await s.replay({ type: 'houseSwitch.requested', distributorId: portland.id }, 'switching');
    await s.replay({ type: 'xstate.error.actor.setActiveDistributor', error: serverError }, 'idle');
    expect(s.actor.getSnapshot().context.activeDistributor).toEqual(boston);
    expect(s.told).toEqual(['kept']);
  });

  it('a second choice while switching is not asked for', async () => {
    const s = startReal();
    await s.replay({ type: 'houseSwitch.requested', distributorId: portland.id }, 'switching');
    s.actor.send({ type: 'houseSwitch.requested', distributorId: 12 });
    expect(s.callsOf('setActiveDistributor')).toHaveLength(1);
  });

  it('leaving the screen aborts the switch in flight', async () => {
    const s = startReal();
    await s.replay({ type: 'houseSwitch.requested', distributorId: portland.id }, 'switching');
    s.actor.stop();
    expect(s.callsOf('setActiveDistributor')[0]!.signal.aborted).toBe(true);
  });

  it('only another house than the active one is a switch', () => {
    expect(isOtherHouse(boston, boston.id)).toBe(false);
    expect(isOtherHouse(boston, portland.id)).toBe(true);
    expect(isOtherHouse(null, boston.id)).toBe(true);
  });
});
