import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allEdges, distinctEdges, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled, type ControlledCall } from '../../../tests/paths/replay-actor.ts';
import { RANGE_TOO_LONG_MESSAGE } from '../../model/dashboard.ts';
import { ApiError } from '../../services/api-client.ts';
import {
  boston,
  bostonUsers,
  cancelledError,
  dmUserId,
  SAMPLE_USER_ID,
  otherRange,
  SAMPLE_TODAY,
  sampleDashboard,
  sampleMerchants,
  sampleMonthlyVolume,
  serverError,
  switchedToPortland,
  tooLongRange,
} from './dashboard-samples.ts';
import { dashboardMachine } from './dashboard.ts';
import { LOAD_FAILED_MESSAGE, NO_DATA_MESSAGE, ROWS_STEP } from './dashboard-context.ts';
import { MERCHANTS_FAILED_MESSAGE } from '../../model/dashboard.ts';
import { MACHINES } from '../registry.ts';
import { houseSwitchMachine } from '../house-switch/house-switch.ts';

// Failures are logged to the console by design (spec §8); keep the test output readable.
beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

const entry = MACHINES.find((m) => m.name === 'dashboard')!;
const ACTORS = [
  'loadMerchants', 'loadDashboard', 'loadLostVolume', 'loadMonthlyVolume', 'loadHouses', 'setActiveDistributor', 'loadAnnouncements', 'loadViewAsUsers',
] as const;
type ActorName = (typeof ACTORS)[number];

/** The real machine with every request replaced by a promise the test settles, recording each call in order. */
function startReal(options: { canViewAs?: boolean; viewAsUserId?: number | null } = {}) {
  const calls: { name: ActorName; call: ControlledCall; viewAs: number | null }[] = [];
  const changed: unknown[] = [];
  // The X-View-As header as the api client would send it, and the order of calls and header changes.
  const header = { viewAs: options.viewAsUserId ?? null, log: [] as string[] };
  const run = startControlled(dashboardMachine, {
    actors: ACTORS,
    input: { today: SAMPLE_TODAY, activeDistributor: boston, userId: SAMPLE_USER_ID, canViewAs: options.canViewAs ?? true, viewAsUserId: options.viewAsUserId ?? null },
    onCall: (call) => {
      calls.push({ name: call.id as ActorName, call, viewAs: header.viewAs });
      header.log.push(call.id);
    },
    children: { houseSwitch: houseSwitchMachine.provide({ actions: { distributorChanged: (_, params) => void changed.push(params.response) } }) },
    provide: {
      actions: {
        applyViewAs: ({ context }) => {
          header.viewAs = context.viewAsUserId;
          header.log.push(`viewAs ${context.viewAsUserId}`);
        },
        forgetMonths: () => void header.log.push('monthsForgotten'),
      },
    },
  });
  return { ...run, calls, changed, header };
}

type Started = ReturnType<typeof startReal>;

/** What a user would notice in each state. */
function assertScreen({ actor, callsOf, calls, header }: Started) {
  const { value, context } = actor.getSnapshot();
  // View As: the header the calls carry is the choice on screen; oneself is never a choice.
  expect(header.viewAs).toBe(context.viewAsUserId);
  expect(context.viewAsUserId).not.toBe(SAMPLE_USER_ID);
  const lastMerchants = calls.filter((c) => c.name === 'loadMerchants').at(-1);
  if (value === 'loadingMerchants') expect(lastMerchants?.viewAs).toBe(context.viewAsUserId);
  // Spec §4: only a complete load shows numbers; otherwise nothing stale stays on screen.
  if (value === 'complete') expect(context.dashboard?.totalVolume).toBeGreaterThan(0);
  else expect(context.dashboard).toBeNull();
  // No numbers, no rows opened beyond the first ones (new numbers start the tables over).
  if (context.dashboard === null) expect(context.lostItemsShown).toBe(ROWS_STEP);
  if (context.lostVolume.data.length === 0) expect(context.lostVolumeShown).toBe(ROWS_STEP);
  if (value === 'switchingDistributor' || value === 'loadingMerchants') {
    expect(context.merchants).toEqual([]);
    expect(context.selectedMerchantId).toBeNull();
  }
  if (value === 'merchantsFailed') {
    expect(context.merchants).toEqual([]);
    expect([MERCHANTS_FAILED_MESSAGE, RANGE_TOO_LONG_MESSAGE, null]).toContain(context.dialog);
  }
  // Spec §5: every dashboard request sends rebates on, deviations off, and never more than a year.
  for (const call of callsOf('loadDashboard')) {
    expect(call.input).toMatchObject({ showRebates: 1, showDeviations: 0 });
    expect((call.input as { startDate: string }).startDate).not.toBe(tooLongRange.startDate);
  }
}

async function loadedDashboard() {
  const started = startReal();
  await started.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
  return started;
}

describe('dashboard, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);
  // Targeted self-transitions re-enter loadingDashboard; they are checked by the cancellation tests below.
  const SELF = new Set([
    'loadingDashboard --dashboard.rangeChanged--> loadingDashboard',
    'loadingDashboard --dashboard.locationSelected--> loadingDashboard',
    'loadingMerchants --dashboard.viewAsChanged--> loadingMerchants',
  ]);

  it('reaches every state', () => expectEveryStateReached(dashboardMachine, paths, 'loadingMerchants'));

  // A followed link changes the state through the choices it raises (a range, a location), whose own transitions are taken.
  const chosen = edges.filter((e) => e.event.type !== 'route.changed' || e.from === e.to);
  it('takes every transition the machine defines', () => expectEveryTransitionTaken(dashboardMachine, chosen, [...SELF]));

  // One path per transition: what a user sees multiplies the states, not what a transition does.
  itReplaysEdges(distinctEdges(edges), () => startReal(), assertScreen);

  it('the Top Items Lost tab can be picked in every state and changes nothing else', () => {
    const picks = allEdges(entry).filter((e) => e.event.type === 'dashboard.lostItemsSorted');
    expect(new Set(picks.map((e) => e.from))).toEqual(new Set(Object.keys(dashboardMachine.root.states)));
    expect(picks.filter((e) => e.to !== e.from)).toEqual([]);
  });
});

describe('dashboard, volume by month', () => {
  it('shows 3 months as a chart, then the months and the table chosen, whatever the loading does', async () => {
    const s = await loadedDashboard();
    const seen = () => [s.actor.getSnapshot().context.monthlyMonths, s.actor.getSnapshot().context.monthlyAsTable];
    // The card and its controls are there once the server said the flag is on.
    s.actor.send({ type: 'dashboard.monthlyMonthsChanged', months: 12 });
    expect(seen()).toEqual([3, false]);
    await s.replay({ type: 'xstate.done.actor.loadMonthlyVolume', output: sampleMonthlyVolume }, 'loadingDashboard');
    s.actor.send({ type: 'dashboard.monthlyMonthsChanged', months: 12 });
    s.actor.send({ type: 'dashboard.monthlyTableToggled' });
    expect(seen()).toEqual([12, true]);
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    expect(seen()).toEqual([12, true]);
  });
});

describe('dashboard, loading', () => {
  it('asks for the previous calendar month over every location, then shows the numbers', async () => {
    const s = await loadedDashboard();
    expect(s.callsOf('loadDashboard')[0]!.input).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      showRebates: 1,
      showDeviations: 0,
      merchants: [101, 102],
    });
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    expect(s.actor.getSnapshot().context.dashboard).toEqual(sampleDashboard);
    expect(s.actor.getSnapshot().context.dialog).toBeNull();
  });

  it('a failure says so in a dialog, a cancelled request says nothing', async () => {
    const s = await loadedDashboard();
    await s.replay({ type: 'xstate.error.actor.loadDashboard', error: serverError }, 'failed');
    expect(s.actor.getSnapshot().context.dialog).toBe(LOAD_FAILED_MESSAGE);
    s.actor.send({ type: 'dashboard.dialogClosed' });
    s.actor.send({ type: 'dashboard.rangeChanged', range: otherRange });
    await s.replay({ type: 'xstate.error.actor.loadDashboard', error: cancelledError }, 'failed');
    expect(s.actor.getSnapshot().context.dialog).toBeNull();
  });

  it('no totals mean the no-data dialog', async () => {
    const s = await loadedDashboard();
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: { ...sampleDashboard, totalVolume: 0 } }, 'failed');
    expect(s.actor.getSnapshot().context.dialog).toBe(NO_DATA_MESSAGE);
  });
});

describe('dashboard, date range', () => {
  it('a new range aborts the request in flight and asks again for the new range', async () => {
    const s = await loadedDashboard();
    const first = s.callsOf('loadDashboard')[0]!;
    s.actor.send({ type: 'dashboard.rangeChanged', range: otherRange });
    expect(first.signal.aborted).toBe(true);
    const second = s.callsOf('loadDashboard')[1]!;
    expect(second.signal.aborted).toBe(false);
    expect(second.input).toMatchObject({ startDate: '2026-09-01', endDate: '2026-09-30' });
    // The aborted call's late answer is ignored: only the second one counts.
    first.resolve(sampleDashboard);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.actor.getSnapshot().value).toBe('loadingDashboard');
  });

  it('a new range after a complete load clears the numbers and loads again', async () => {
    const s = await loadedDashboard();
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    await s.replay({ type: 'dashboard.rangeChanged', range: otherRange }, 'loadingDashboard');
    expect(s.actor.getSnapshot().context.dashboard).toBeNull();
    expect(s.callsOf('loadDashboard')).toHaveLength(2);
  });

  it('a new range clears the order-history months already fetched (spec §4); a refused one does not', async () => {
    const s = await loadedDashboard();
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    await s.replay({ type: 'dashboard.rangeChanged', range: tooLongRange }, 'complete');
    expect(s.header.log).not.toContain('monthsForgotten');
    await s.replay({ type: 'dashboard.dialogClosed' }, 'complete');
    await s.replay({ type: 'dashboard.rangeChanged', range: otherRange }, 'loadingDashboard');
    expect(s.header.log.at(-2)).toBe('monthsForgotten');
  });

  it('a range over a year shows the dialog and makes no call', async () => {
    const s = await loadedDashboard();
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    await s.replay({ type: 'dashboard.rangeChanged', range: tooLongRange }, 'complete');
    const { context } = s.actor.getSnapshot();
    expect(context.dialog).toBe(RANGE_TOO_LONG_MESSAGE);
    expect(context.range).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(context.dashboard).toEqual(sampleDashboard);
    expect(s.callsOf('loadDashboard')).toHaveLength(1);
  });

  it('a range chosen while merchants load is the one asked for', async () => {
    const s = startReal();
    s.actor.send({ type: 'dashboard.rangeChanged', range: otherRange });
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
    expect(s.callsOf('loadDashboard')[0]!.input).toMatchObject(otherRange);
  });
});

describe('dashboard, location', () => {
  it('a location narrows the dashboard, lost volume and monthly volume to it, and aborts the older calls', async () => {
    const s = await loadedDashboard();
    const [firstLost] = s.callsOf('loadLostVolume');
    await s.replay({ type: 'dashboard.locationSelected', merchantId: 102 }, 'loadingDashboard');
    expect(s.callsOf('loadDashboard')[0]!.signal.aborted).toBe(true);
    expect(firstLost!.signal.aborted).toBe(true);
    expect(s.callsOf('loadDashboard')[1]!.input).toMatchObject({ merchants: [102] });
    expect(s.callsOf('loadLostVolume')[1]!.input).toEqual({ merchantIds: [102] });
    expect(s.callsOf('loadMonthlyVolume')[1]!.input).toEqual({ merchantIds: [102] });
    await s.replay({ type: 'dashboard.locationSelected', merchantId: null }, 'loadingDashboard');
    expect(s.callsOf('loadDashboard')[2]!.input).toMatchObject({ merchants: [101, 102] });
  });

  it('ignores a location that is not listed', async () => {
    const s = await loadedDashboard();
    s.actor.send({ type: 'dashboard.locationSelected', merchantId: 999 });
    expect(s.callsOf('loadDashboard')).toHaveLength(1);
  });
});

describe('dashboard, side loads', () => {
  it('lost volume and monthly volume arrive alongside; failures fall back to empty silently', async () => {
    const s = await loadedDashboard();
    const lost = { data: [{ locationName: 'Blue Fin Grill', lastMonthPurchase: 10, twoMonthsAgoPurchase: 30 }], totalLastMonthPurchase: 10, totalTwoMonthsAgoPurchase: 30 };
    await s.settle('loadLostVolume', 'done', lost);
    await s.settle('loadMonthlyVolume', 'done', { data: [{ month: '2026-10', totalPurchase: 99 }] });
    let c = s.actor.getSnapshot().context;
    expect(c.lostVolume).toEqual(lost);
    expect([c.monthlyVolumeOn, c.monthlyVolume]).toEqual([true, [{ month: '2026-10', totalPurchase: 99 }]]);
    // The dashboard finishing does not cut them off, and their failure shows no dialog.
    s.actor.send({ type: 'dashboard.locationSelected', merchantId: 101 });
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    await s.settle('loadLostVolume', 'error', serverError);
    await s.settle('loadMonthlyVolume', 'error', serverError);
    c = s.actor.getSnapshot().context;
    expect(c.lostVolume.data).toEqual([]);
    expect(c.monthlyVolume).toEqual([]);
    expect(c.dialog).toBeNull();
  });

  it('the volume-by-month card stays off when the server says the flag is off', async () => {
    const s = await loadedDashboard();
    await s.settle('loadMonthlyVolume', 'done', null);
    expect(s.actor.getSnapshot().context.monthlyVolumeOn).toBe(false);
  });

  it('houses and announcements load once for the screen; a dismissed banner goes away', async () => {
    const s = startReal();
    await s.settle('loadHouses', 'done', { active: boston, houses: [{ ...boston, parent_id: 1 }, { ...switchedToPortland.activeDistributor, parent_id: 1 }], movedFrom: null });
    await s.settle('loadAnnouncements', 'done', [{ id: 1, text: 'New rebates' }, { id: 2, text: 'Maintenance Sunday' }]);
    s.actor.send({ type: 'dashboard.announcementDismissed', id: 1 });
    const c = s.actor.getSnapshot().context;
    expect(c.houses.map((h) => h.nickname)).toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']);
    expect(c.announcements).toEqual([{ id: 2, text: 'Maintenance Sunday' }]);
    expect(s.callsOf('loadHouses')).toHaveLength(1);
    expect(s.callsOf('loadAnnouncements')).toHaveLength(1);
  });
});

describe('dashboard, switching house', () => {
  it('clears everything, sets the house, and only then reloads merchants', async () => {
    const s = await loadedDashboard();
    s.actor.send({ type: 'dashboard.locationSelected', merchantId: 101 });
    const inFlight = s.callsOf('loadDashboard').at(-1)!;
    await s.replay({ type: 'dashboard.distributorSelected', distributorId: 11 }, 'switchingDistributor');
    const c = s.actor.getSnapshot().context;
    expect([c.merchants, c.selectedMerchantId, c.dashboard, c.lostVolume.data]).toEqual([[], null, null, []]);
    expect(inFlight.signal.aborted).toBe(true);
    expect(s.callsOf('loadLostVolume').every((call) => call.signal.aborted)).toBe(true);
    // The old house is still the active one until the server confirms.
    expect(c.activeDistributor).toEqual(boston);
    expect(s.callsOf('setActiveDistributor')[0]!.input).toEqual({ id: 11 });
    const merchantCallsBefore = s.callsOf('loadMerchants').length;
    expect(s.calls.at(-1)!.name).toBe('setActiveDistributor');

    await s.replay({ type: 'xstate.done.actor.setActiveDistributor', output: switchedToPortland }, 'loadingMerchants');
    expect(s.callsOf('loadMerchants')).toHaveLength(merchantCallsBefore + 1);
    expect(s.actor.getSnapshot().context.activeDistributor).toEqual(switchedToPortland.activeDistributor);
    expect(s.changed).toEqual([switchedToPortland]);
  });

  it('choosing the active house again does nothing', async () => {
    const s = await loadedDashboard();
    s.actor.send({ type: 'dashboard.distributorSelected', distributorId: boston.id });
    expect(s.actor.getSnapshot().value).toBe('loadingDashboard');
    expect(s.callsOf('setActiveDistributor')).toHaveLength(0);
  });

  it('a failed switch keeps the old house and brings its merchants back', async () => {
    const s = await loadedDashboard();
    await s.replay({ type: 'dashboard.distributorSelected', distributorId: 11 }, 'switchingDistributor');
    await s.replay({ type: 'xstate.error.actor.setActiveDistributor', error: serverError }, 'loadingMerchants');
    expect(s.actor.getSnapshot().context.activeDistributor).toEqual(boston);
    expect(s.changed).toEqual([]);
  });
});

describe('dashboard, view as', () => {
  const withUsers = async (options?: Parameters<typeof startReal>[0]) => {
    const s = startReal(options);
    await s.settle('loadViewAsUsers', 'done', bostonUsers);
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
    return s;
  };

  it('loads the active house’s users once, by its platform id', async () => {
    const s = await withUsers();
    expect(s.callsOf('loadViewAsUsers').map((c) => c.input)).toEqual([{ platformId: boston.platform_id }]);
    expect(s.actor.getSnapshot().context.viewAsUsers).toEqual(bostonUsers);
  });

  it('choosing a user clears the screen, sets the header, then reloads merchants and the dashboard as them', async () => {
    const s = await withUsers();
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    s.actor.send({ type: 'dashboard.locationSelected', merchantId: 101 });
    const inFlight = s.callsOf('loadDashboard').at(-1)!;
    await s.replay({ type: 'dashboard.viewAsChanged', userId: dmUserId }, 'loadingMerchants');
    const c = s.actor.getSnapshot().context;
    expect([c.viewAsUserId, c.merchants, c.selectedMerchantId, c.dashboard]).toEqual([dmUserId, [], null, null]);
    expect(inFlight.signal.aborted).toBe(true);
    // The header is set before the merchant list is asked for, so the list is the DM's.
    expect(s.header.log.slice(-2)).toEqual([`viewAs ${dmUserId}`, 'loadMerchants']);
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: [sampleMerchants[0]] }, 'loadingDashboard');
    expect(s.callsOf('loadDashboard').at(-1)!.input).toMatchObject({ merchants: [101] });
    expect(s.calls.at(-1)!.viewAs).toBe(dmUserId);
  });

  it('choosing oneself clears View As and reloads one’s own merchants', async () => {
    const s = await withUsers({ viewAsUserId: dmUserId });
    expect(s.actor.getSnapshot().context.viewAsUserId).toBe(dmUserId);
    await s.replay({ type: 'dashboard.viewAsChanged', userId: SAMPLE_USER_ID }, 'loadingMerchants');
    expect(s.actor.getSnapshot().context.viewAsUserId).toBeNull();
    expect(s.header.viewAs).toBeNull();
    expect(s.callsOf('loadMerchants').at(-1)!.signal.aborted).toBe(false);
  });

  it('a user the server refuses to show ends with the merchant-list dialog', async () => {
    const s = await withUsers();
    await s.replay({ type: 'dashboard.viewAsChanged', userId: 999 }, 'loadingMerchants');
    await s.replay({ type: 'xstate.error.actor.loadMerchants', error: new ApiError(403, 'You may not view the portal as this user.') }, 'merchantsFailed');
    expect(s.actor.getSnapshot().context.dialog).toBe(MERCHANTS_FAILED_MESSAGE);
    // Under the dialog only its OK works; then back to one's own view.
    await s.replay({ type: 'dashboard.viewAsChanged', userId: null }, 'merchantsFailed');
    await s.replay({ type: 'dashboard.dialogClosed' }, 'merchantsFailed');
    await s.replay({ type: 'dashboard.viewAsChanged', userId: null }, 'loadingMerchants');
    expect(s.header.viewAs).toBeNull();
  });

  it('a choice while merchants load aborts that load and asks again', async () => {
    const s = startReal();
    await s.settle('loadViewAsUsers', 'done', bostonUsers);
    const first = s.callsOf('loadMerchants')[0]!;
    await s.replay({ type: 'dashboard.viewAsChanged', userId: dmUserId }, 'loadingMerchants');
    expect(first.signal.aborted).toBe(true);
    expect(s.callsOf('loadMerchants')).toHaveLength(2);
  });

  it('ignores the same choice again, and everyone without View As', async () => {
    const s = await withUsers();
    s.actor.send({ type: 'dashboard.viewAsChanged', userId: SAMPLE_USER_ID });
    s.actor.send({ type: 'dashboard.viewAsChanged', userId: null });
    expect(s.actor.getSnapshot().value).toBe('loadingDashboard');
    expect(s.callsOf('loadMerchants')).toHaveLength(1);

    const rep = startReal({ canViewAs: false });
    expect(rep.callsOf('loadViewAsUsers')).toHaveLength(0);
    rep.actor.send({ type: 'dashboard.viewAsChanged', userId: dmUserId });
    expect(rep.actor.getSnapshot().context.viewAsUserId).toBeNull();
    expect(rep.header.log).toEqual(['loadHouses', 'loadAnnouncements', 'loadMerchants']);
  });

  it('a house switch clears View As before the switch, then loads the new house’s users', async () => {
    const s = await withUsers();
    await s.replay({ type: 'dashboard.viewAsChanged', userId: dmUserId }, 'loadingMerchants');
    await s.replay({ type: 'dashboard.distributorSelected', distributorId: switchedToPortland.activeDistributor.id }, 'switchingDistributor');
    expect(s.actor.getSnapshot().context.viewAsUserId).toBeNull();
    expect(s.actor.getSnapshot().context.viewAsUsers).toEqual([]);
    expect(s.header.log.slice(-2)).toEqual(['viewAs null', 'setActiveDistributor']);
    // Choosing someone while switching is ignored: the users listed were the old house's.
    s.actor.send({ type: 'dashboard.viewAsChanged', userId: dmUserId });
    expect(s.actor.getSnapshot().value).toBe('switchingDistributor');
    await s.replay({ type: 'xstate.done.actor.setActiveDistributor', output: switchedToPortland }, 'loadingMerchants');
    expect(s.callsOf('loadViewAsUsers').at(-1)!.input).toEqual({ platformId: switchedToPortland.activeDistributor.platform_id });
    expect(s.calls.filter((c) => c.name === 'loadMerchants').at(-1)!.viewAs).toBeNull();
  });

  it('a failed user list leaves View As with only oneself, silently', async () => {
    const s = startReal();
    await s.settle('loadViewAsUsers', 'error', serverError);
    const c = s.actor.getSnapshot().context;
    expect([c.viewAsUsers, c.dialog]).toEqual([[], null]);
  });
});
