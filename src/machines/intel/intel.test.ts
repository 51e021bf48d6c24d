import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { NEVER } from 'rxjs';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { Merchant } from '../../model/dashboard.ts';
import type { CurrentDistributor } from '../../model/distributor.ts';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { RANGE_TOO_LONG_MESSAGE } from '../../model/dashboard.ts';
import { INTEL_BATCH_SIZE } from '../../model/intel.ts';
import { progressText } from '../../model/intel-rules.ts';
import { testSession } from '../testing/session-double.ts';
import { MACHINES } from '../registry.ts';
import { houseSwitchMachine } from '../house-switch/house-switch.ts';
import { intelMachine } from './intel.ts';
import { intelItemsMachine } from './intel-items.ts';
import { fakeRouter, startUnderRouter } from './testing-router.ts';
import { MERCHANTS_FAILED_MESSAGE } from '../../model/dashboard.ts';
import {
  boston, firstBatch, otherRange, portland, SAMPLE_TODAY, sampleMerchants, secondBatch, serverError, switchedToPortland, tooLongRange,
} from './intel-samples.ts';

beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

const entry = MACHINES.find((m) => m.name === 'intel')!;
const ACTORS = ['loadMerchants', 'loadHouses', 'setActiveDistributor', 'loadBatches'] as const;

/** The root telling the section where it is (`PageRouteEvent`). */
const go = (pathname: string) => ({ type: 'route.changed' as const, place: { pathname, search: '' }, params: {} });

function startReal(lastUrl = '/intel/list', path?: string, query?: string) {
  const changed: unknown[] = [];
  const asked: AnyEventObject[] = [];
  const session = testSession();
  const run = startControlled(intelMachine, {
    beforeStart: (actor) => {
      session.join(actor);
      fakeRouter(actor, asked);
    },
    actors: [...ACTORS, 'loadItems'],
    input: { today: SAMPLE_TODAY, activeDistributor: boston, lastUrl, path, query },
    children: {
      houseSwitch: houseSwitchMachine.provide({ actions: { distributorChanged: (_, params) => void changed.push(params.response) } }),
      intelItems: intelItemsMachine,
    },
  });
  return { ...run, changed, session, asked };
}
type Started = ReturnType<typeof startReal>;

/** What a user would notice in each state. */
function assertScreen({ actor, callsOf }: Started) {
  const { value, context } = actor.getSnapshot();
  // The progress text never counts more merchants than the list has.
  expect(context.loaded).toBeLessThanOrEqual(context.merchants.length);
  if (value === 'loading') {
    const call = callsOf('loadBatches').at(-1)!;
    expect(call.signal.aborted).toBe(false);
    // Every batch request is for a range under a year; never the rejected one.
    expect((call.input as { range: { startDate: string } }).range.startDate).not.toBe(tooLongRange.startDate);
  }
  if (value === 'partial') expect(context.failed.length).toBeGreaterThan(0);
  if (value === 'complete') expect(context.failed).toEqual([]);
  if (value === 'noMerchants' || value === 'switchingDistributor' || value === 'loadingMerchants') expect(context.rows).toEqual([]);
  if (value === 'merchantsFailed') expect([MERCHANTS_FAILED_MESSAGE, RANGE_TOO_LONG_MESSAGE, null]).toContain(context.dialog);
}

const loadingIntel = async () => {
  const s = startReal();
  await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
  return s;
};

describe('intel, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);
  // A new range while loading re-enters loading: checked by the cancellation test below.
  // The line chart opened while loading without months re-enters it too: checked below.
  // A house made active elsewhere, seen when Intel is back on screen, loads the merchants again: checked in 'intel, routes'.
  // The batch stream breaking as a whole (no sample: the app never does it) is checked in 'intel, batches'.
  const SELF = [
    'loading --intel.rangeChanged--> loading', 'loading --route.changed--> loading', 'loadingMerchants --route.changed--> loadingMerchants',
    'loading --xstate.error.actor.loadBatches--> partial',
  ];
  it('reaches every state', () => expectEveryStateReached(intelMachine, paths, 'loadingMerchants'));
  it('takes every transition the machine defines', () => expectEveryTransitionTaken(intelMachine, edges, SELF));
  itReplaysEdges(edges, () => startReal(), assertScreen);
});

describe('intel, batches', () => {
  it('sends the whole list in batches of 250 for the previous month, and shows each batch as it arrives', async () => {
    const s = await loadingIntel();
    const call = s.callsOf('loadBatches')[0]!;
    expect(call.input).toEqual({ range: { startDate: '2026-10-01', endDate: '2026-10-31' }, merchants: sampleMerchants, indexes: [0, 1], alreadyLoaded: 0, monthly: false });
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: INTEL_BATCH_SIZE });
    let c = s.actor.getSnapshot().context;
    expect(progressText(c.loaded, c.merchants.length)).toBe('250/300 Merchants Loaded');
    expect(c.rows).toHaveLength(250);
    s.actor.send({ type: 'intel.batchLoaded', index: 1, merchants: secondBatch, loaded: 300 });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'complete');
    c = s.actor.getSnapshot().context;
    expect(progressText(c.loaded, c.merchants.length)).toBe('300/300 Merchants Loaded');
    expect(c.rows).toHaveLength(300);
  });

  it('the batch stream breaking as a whole (a defect: each batch fails alone) counts every batch not answered as failed', async () => {
    const s = await loadingIntel();
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    await s.replay({ type: 'xstate.error.actor.loadBatches', error: serverError }, 'partial');
    expect(s.actor.getSnapshot().context.failed).toEqual([1]);
    expect(s.actor.getSnapshot().context.rows).toHaveLength(250);
  });

  it('a failed batch leaves the others on screen; Retry asks for that batch only', async () => {
    const s = await loadingIntel();
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    s.actor.send({ type: 'intel.batchFailed', index: 1, loaded: 250 });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'partial');
    expect(s.actor.getSnapshot().context.rows).toHaveLength(250);
    await s.replay({ type: 'intel.retry' }, 'loading');
    expect(s.callsOf('loadBatches')[1]!.input).toMatchObject({ indexes: [1], alreadyLoaded: 250 });
    s.actor.send({ type: 'intel.batchLoaded', index: 1, merchants: secondBatch, loaded: 300 });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'complete');
    expect(s.actor.getSnapshot().context.rows).toHaveLength(300);
  });

  it('a new range cancels the batches in flight and starts over from 0', async () => {
    const s = await loadingIntel();
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    const first = s.callsOf('loadBatches')[0]!;
    await s.replay({ type: 'intel.rangeChanged', range: otherRange }, 'loading');
    expect(first.signal.aborted).toBe(true);
    const c = s.actor.getSnapshot().context;
    expect([c.rows, c.loaded]).toEqual([[], 0]);
    expect(s.callsOf('loadBatches')[1]!.input).toMatchObject({ range: otherRange, indexes: [0, 1] });
  });

  it('a range over a year shows the dialog and keeps loading the old range', async () => {
    const s = await loadingIntel();
    await s.replay({ type: 'intel.rangeChanged', range: tooLongRange }, 'loading');
    expect(s.actor.getSnapshot().context.dialog).toBe(RANGE_TOO_LONG_MESSAGE);
    expect(s.callsOf('loadBatches')).toHaveLength(1);
    expect(s.callsOf('loadBatches')[0]!.signal.aborted).toBe(false);
  });

  it('a house change cancels the batches, sets the house, then loads its merchants', async () => {
    const s = await loadingIntel();
    await s.replay({ type: 'intel.distributorSelected', distributorId: switchedToPortland.activeDistributor.id }, 'switchingDistributor');
    expect(s.callsOf('loadBatches')[0]!.signal.aborted).toBe(true);
    expect(s.actor.getSnapshot().context.rows).toEqual([]);
    await s.replay({ type: 'xstate.done.actor.setActiveDistributor', output: switchedToPortland }, 'loadingMerchants');
    expect(s.changed).toEqual([switchedToPortland]);
    expect(s.callsOf('loadMerchants')).toHaveLength(2);
  });

  it('asks the line chart\'s months only once the line chart is open, then loads again with them', async () => {
    const s = await loadingIntel();
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    s.actor.send(go('/intel/graph'));
    expect(s.callsOf('loadBatches')).toHaveLength(1);
    await s.replay(go('/intel/linechart'), 'loading');
    expect(s.callsOf('loadBatches')[0]!.signal.aborted).toBe(true);
    expect(s.callsOf('loadBatches')[1]!.input).toMatchObject({ indexes: [0, 1], alreadyLoaded: 0, monthly: true });
    expect(s.actor.getSnapshot().context.rows).toEqual([]);
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    s.actor.send({ type: 'intel.batchLoaded', index: 1, merchants: secondBatch, loaded: 300 });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'complete');
    // Back to the list and to the line chart again: the months are there already.
    s.actor.send(go('/intel/list'));
    s.actor.send(go('/intel/linechart'));
    expect(s.callsOf('loadBatches')).toHaveLength(2);
    expect(s.actor.getSnapshot().context.rows).toHaveLength(300);
  });

  it('opened on the line chart, the first batches carry the months', async () => {
    const s = startReal('/intel/linechart');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
    expect(s.callsOf('loadBatches')[0]!.input).toMatchObject({ monthly: true });
  });

  it('an empty merchant list loads no intel', async () => {
    const s = startReal();
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: [] }, 'noMerchants');
    expect(s.callsOf('loadBatches')).toHaveLength(0);
  });
});

describe('intel, pages', () => {
  it('search applies on the action and resets the page; sort flips on the same column', async () => {
    const s = await loadingIntel();
    // The table and its pages show the rows of a batch.
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    s.actor.send({ type: 'intel.pageChanged', page: 3 });
    s.actor.send({ type: 'intel.searchApplied', search: 'merchant 1' });
    let c = s.actor.getSnapshot().context;
    expect([c.search, c.page]).toEqual(['merchant 1', 1]);
    expect(c.sort).toEqual({ column: 'totalVolume', descending: true });
    s.actor.send({ type: 'intel.sortChanged', column: 'totalVolume' });
    s.actor.send({ type: 'intel.sortChanged', column: 'merchant' });
    c = s.actor.getSnapshot().context;
    expect(c.sort).toEqual({ column: 'merchant', descending: false });
  });

  it('remembers the last intel page, and sends unknown ones to the list', async () => {
    const s = startReal();
    s.actor.send(go('/intel/graph'));
    expect([s.actor.getSnapshot().context.lastUrl, s.session.context().lastUrls.intel, s.session.pages.lastUrl('intel')]).toEqual(['/intel/graph', '/intel/graph', '/intel/graph']);
    // An unknown path is no intel page: the route sends it to the list, the machine keeps its last page.
    s.actor.send(go('/intel/nonsense'));
    expect(s.actor.getSnapshot().context.lastUrl).toBe('/intel/graph');
    expect(startReal('/intel/detail/7/distributor').actor.getSnapshot().context.lastUrl).toBe('/intel/detail/7/distributor');
  });

  it('reveals one row at a time; a second Reveal hides the first', async () => {
    // A detail page's rows: its merchant's batch has arrived.
    const s = await loadingIntel();
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    s.actor.send(go('/intel/detail/1/competitive'));
    s.actor.send({ type: 'intel.revealToggled', key: 'a' });
    s.actor.send({ type: 'intel.revealToggled', key: 'b' });
    expect(s.actor.getSnapshot().context.revealed).toBe('b');
    s.actor.send({ type: 'intel.revealToggled', key: 'b' });
    expect(s.actor.getSnapshot().context.revealed).toBeNull();
  });

  it('line chart: 3 months on a log scale by default, switchable', async () => {
    // Its controls are on the line chart, once the merchant list has arrived.
    const s = startReal('/intel/linechart', '/intel/linechart');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
    expect([s.actor.getSnapshot().context.months, s.actor.getSnapshot().context.logScale]).toEqual([3, true]);
    s.actor.send({ type: 'intel.monthsChanged', months: 12 });
    s.actor.send({ type: 'intel.scaleToggled' });
    expect([s.actor.getSnapshot().context.months, s.actor.getSnapshot().context.logScale]).toEqual([12, false]);
    expect(s.actor.getSnapshot().context.chartTables).toBe(false);
    s.actor.send({ type: 'intel.chartTablesToggled' });
    expect(s.actor.getSnapshot().context.chartTables).toBe(true);
  });

  it('a failed merchant list says so', async () => {
    const s = startReal();
    await s.replay({ type: 'xstate.error.actor.loadMerchants', error: serverError }, 'merchantsFailed');
    expect(s.actor.getSnapshot().context.dialog).toBe(MERCHANTS_FAILED_MESSAGE);
  });
});

describe('intel, routes', () => {
  const settledIntel = async (lastUrl = '/intel/list') => {
    const s = startReal(lastUrl);
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    s.actor.send({ type: 'intel.batchLoaded', index: 1, merchants: [...secondBatch.slice(1), { ...secondBatch[0]!, noData: true }], loaded: 300 });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'complete');
    return s;
  };
  const goTo = (to: string) => ({ type: 'route.go', to, replace: true });

  it('/intel goes back to the last intel page viewed (spec §2), from the first page opened too', async () => {
    const s = await settledIntel('/intel/graph');
    s.actor.send(go('/intel'));
    expect(s.asked).toEqual([goTo('/intel/graph')]);
    const asked: AnyEventObject[] = [];
    // Nothing loads here (no server): the merchant list never answers, the house selector is idle.
    const quiet = intelMachine.provide({ actors: { loadMerchants: fromObservableWithOutput<Merchant[]>(() => NEVER), houseSwitch: houseSwitchMachine.provide({ actors: { loadHouses: fromObservableWithOutput<CurrentDistributor>(() => NEVER) } }) } });
    startUnderRouter(quiet, { today: SAMPLE_TODAY, activeDistributor: boston, lastUrl: '/intel/linechart', path: '/intel' }, asked);
    expect(asked).toEqual([goTo('/intel/linechart')]);
  });

  it('an unknown detail tab goes to the list', async () => {
    const s = await settledIntel();
    s.actor.send(go('/intel/detail/1/nonsense'));
    expect(s.asked).toEqual([goTo('/intel/list')]);
  });

  it('a detail page loads its merchant’s items as a child once its row is there, and again for a new range', async () => {
    const s = startReal('/intel/list', '/intel/detail/7/competitive');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
    expect(s.actor.getSnapshot().children.items).toBeUndefined();
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    const first = s.actor.getSnapshot().children.items;
    expect(first).toBeDefined();
    expect(s.callsOf('loadItems')[0]!.input).toMatchObject({ merchant: { id: 7 }, range: { startDate: '2026-10-01' } });
    // Visited once its merchant is there: /intel comes back to it.
    expect(s.actor.getSnapshot().context.lastUrl).toBe('/intel/detail/7/competitive');
    expect(s.session.context().lastUrls.intel).toBe('/intel/detail/7/competitive');
    // Another tab of the same merchant keeps the items.
    s.actor.send(go('/intel/detail/7/distributor'));
    expect(s.actor.getSnapshot().children.items).toBe(first);
    await s.replay({ type: 'intel.rangeChanged', range: otherRange }, 'loading');
    expect(s.actor.getSnapshot().children.items).toBeUndefined();
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    expect(s.actor.getSnapshot().children.items).not.toBe(first);
    expect(s.callsOf('loadItems')).toHaveLength(2);
    expect(s.callsOf('loadItems')[1]!.input).toMatchObject({ merchant: { id: 7 }, range: otherRange });
    // Leaving the detail pages stops it.
    s.actor.send(go('/intel/list'));
    expect(s.actor.getSnapshot().children.items).toBeUndefined();
    expect(s.asked).toEqual([]);
  });

  it('a detail page of a missing merchant, or of one with no data, goes back once every batch has answered', async () => {
    const s = startReal('/intel/graph', '/intel/detail/999999/competitive');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    expect(s.asked).toEqual([]);
    s.actor.send({ type: 'intel.batchLoaded', index: 1, merchants: [{ ...secondBatch[0]!, noData: true }], loaded: 300 });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'complete');
    // /intel: the last page viewed.
    expect(s.asked).toEqual([goTo('/intel/graph')]);
    s.actor.send(go(`/intel/detail/${secondBatch[0]!.id}/competitive`));
    expect(s.asked.at(-1)).toEqual(goTo('/intel/graph'));
    expect(s.actor.getSnapshot().children.items).toBeUndefined();
  });

  it('a shared link opens on its search, sort, page and months, and each change goes into the address bar once', async () => {
    const s = startReal('/intel/list', '/intel/graph', '?q=grill&sort=merchant.asc&page=2&months=12');
    const { context } = s.actor.getSnapshot();
    expect([context.search, context.sort, context.page, context.months]).toEqual(['grill', { column: 'merchant', descending: false }, 2, 12]);
    expect(s.asked).toEqual([]);
    // The merchant list and a batch arrive (changing nothing in the address bar): the page's controls are there.
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    expect(s.asked).toEqual([]);
    s.actor.send({ type: 'intel.searchApplied', search: 'anchor' });
    expect(s.asked).toEqual([goTo('/intel/graph?q=anchor&sort=merchant.asc&months=12')]);
    // The address bar's answer changes nothing and asks for nothing more.
    s.actor.send({ ...go('/intel/graph'), place: { pathname: '/intel/graph', search: '?q=anchor&sort=merchant.asc&months=12' } });
    expect(s.asked).toHaveLength(1);
    // Another view from a plain link keeps the search (a new view starts at page 1) and says so.
    s.actor.send({ type: 'intel.pageChanged', page: 3 });
    s.actor.send(go('/intel/list'));
    expect(s.actor.getSnapshot().context.page).toBe(1);
    expect(s.asked.at(-1)).toEqual(goTo('/intel/list?q=anchor&sort=merchant.asc&months=12'));
    // A value left at its default leaves the link.
    s.actor.send({ type: 'intel.searchApplied', search: '' });
    expect(s.asked.at(-1)).toEqual(goTo('/intel/list?sort=merchant.asc&months=12'));
  });

  it("a link's page outlasts the merchant list's arrival; a new range goes back to page 1, and so does the address bar", async () => {
    const s = startReal('/intel/list', '/intel/list', '?page=2');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
    expect(s.actor.getSnapshot().context.page).toBe(2);
    await s.replay({ type: 'intel.rangeChanged', range: otherRange }, 'loading');
    expect(s.actor.getSnapshot().context.page).toBe(1);
    expect(s.asked).toEqual([goTo('/intel/list')]);
  });

  it('a section left while it loads (route.left) takes nobody away when it settles; back on it, it decides again', async () => {
    const s = startReal('/intel/graph', '/intel/detail/999999/competitive');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
    s.actor.send({ type: 'route.left' });
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'complete');
    expect(s.asked).toEqual([]);
    s.actor.send(go('/intel/detail/999999/competitive'));
    expect(s.asked).toEqual([goTo('/intel/graph')]);
  });

  it('a detail page that was the last page viewed goes to the list when its merchant is gone (another range)', async () => {
    const s = await settledIntel();
    s.actor.send(go('/intel/detail/7/competitive'));
    expect(s.actor.getSnapshot().context.lastUrl).toBe('/intel/detail/7/competitive');
    await s.replay({ type: 'intel.rangeChanged', range: otherRange }, 'loading');
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch.filter((m) => m.id !== 7), loaded: 250 });
    s.actor.send({ type: 'intel.batchLoaded', index: 1, merchants: secondBatch, loaded: 300 });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'complete');
    expect(s.asked).toEqual([goTo('/intel/list')]);
  });

  it('a house made active on another screen: the merchants load again when Intel is back on screen', async () => {
    const s = await settledIntel();
    s.actor.send({ type: 'intel.houseSeen', activeDistributor: boston });
    s.actor.send({ type: 'intel.houseSeen', activeDistributor: portland });
    expect(s.actor.getSnapshot().value).toBe('complete');
    expect(s.callsOf('loadMerchants')).toHaveLength(1);
    await s.replay(go('/intel/graph'), 'loadingMerchants');
    expect(s.actor.getSnapshot().context.activeDistributor).toEqual(portland);
    expect(s.actor.getSnapshot().context.rows).toEqual([]);
    expect(s.actor.getSnapshot().context.lastUrl).toBe('/intel/graph');
    expect(s.callsOf('loadMerchants')).toHaveLength(2);
    // Once: the same house again changes nothing.
    s.actor.send(go('/intel/list'));
    expect(s.callsOf('loadMerchants')).toHaveLength(2);
  });
});
