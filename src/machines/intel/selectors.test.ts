import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import { houseSwitchMachine } from '../house-switch/house-switch.ts';
import { intelMachine } from './intel.ts';
import { intelItemsMachine } from './intel-items.ts';
import { debugDetailsMachine } from './debug-details.ts';
import { boston, firstBatch, intelRow, SAMPLE_TODAY, sampleMerchants, secondBatch } from './intel-samples.ts';
import {
  pieGroups, powersOfTen, selectCurrentView, selectDebugView, selectDetailPlatformId, selectDetailRow, selectDetailTab, selectDetailView, selectGraphPage, selectGraphPageCount, selectGraphView,
  selectIntelHeaderView, selectIntelListCsv, selectLineChartPage, selectLineChartPageCount, selectLineChartView, selectListPage, selectListPageCount, selectListView, selectLoadProgressView,
  selectNoDataFound, selectVisibleMerchants,
} from './selectors.ts';

const start = async (lastUrl = '/intel/list', path?: string) => {
  const s = startControlled(intelMachine, {
    actors: ['loadMerchants', 'loadHouses', 'setActiveDistributor', 'loadBatches', 'loadItems'],
    input: { today: SAMPLE_TODAY, activeDistributor: boston, lastUrl, path },
    children: { houseSwitch: houseSwitchMachine, intelItems: intelItemsMachine },
  });
  await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loading');
  return { ...s, now: () => s.actor.getSnapshot() };
};
const ids = (rows: readonly IntelMerchant[]) => rows.map((m) => m.id);

describe('what the three Intel views show', () => {
  it('pages the merchants loaded so far: 16 rows, 8 pies or 4 line charts a page', async () => {
    const s = await start();
    expect(selectNoDataFound(s.now())).toBe(false); // still loading: no verdict yet
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    expect([selectListPage(s.now()).length, selectGraphPage(s.now()).length, selectLineChartPage(s.now()).length]).toEqual([16, 8, 4]);
    expect([selectListPageCount(s.now()), selectGraphPageCount(s.now()), selectLineChartPageCount(s.now())]).toEqual([16, 32, 63]);
    s.actor.send({ type: 'intel.batchLoaded', index: 1, merchants: secondBatch, loaded: 300 });
    expect(selectListPageCount(s.now())).toBe(19);
  });

  it('shows the page chosen of the merchants matching the search, largest volume first', async () => {
    const s = await start();
    const rows = [intelRow(1, 500), intelRow(2, 3000), intelRow(12, 2000), intelRow(3, 100)];
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: rows, loaded: 250 });
    expect(ids(selectListPage(s.now()))).toEqual([2, 12, 1, 3]);
    s.actor.send({ type: 'intel.searchApplied', search: 'Merchant 1' });
    expect(ids(selectVisibleMerchants(s.now()))).toEqual([12, 1]);
    expect(selectIntelListCsv(s.now()).rows).toHaveLength(2);
    s.actor.send({ type: 'intel.searchApplied', search: 'nobody' });
    await s.replay({ type: 'xstate.done.actor.loadBatches' }, 'complete');
    expect(selectNoDataFound(s.now())).toBe(true);
  });

  it('answers the same list while rows, search and sort stay (a page change sorts nothing again)', async () => {
    const s = await start();
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    const before = selectVisibleMerchants(s.now());
    s.actor.send({ type: 'intel.pageChanged', page: 2 });
    expect(selectVisibleMerchants(s.now())).toBe(before);
    expect(ids(selectListPage(s.now()))).toEqual(ids(before.slice(16, 32)));
  });

  it('draws four distributors in a pie until expanded, and ticks a log axis by powers of ten', () => {
    const data = ['A', 'B', 'C', 'D', 'E', 'F'].map((d, i) => ({ distributor: d, distributorPlatformId: d, competitor: i > 0, volume: i === 5 ? 0 : 10 * (i + 1) }));
    const merchant = { ...intelRow(1), data } as unknown as IntelMerchant;
    expect(pieGroups(merchant, false)).toMatchObject({ expandable: true });
    expect(pieGroups(merchant, false).shown.map((g) => g.distributor)).toEqual(['A', 'B', 'C', 'D']);
    expect(pieGroups(merchant, true).shown).toHaveLength(5);
    expect(powersOfTen([{ id: 'x', data: [{ x: 'Oct', y: 4500 }] }])).toEqual([0, 10, 100, 1000, 10000]);
  });

  it('the header shows the view on screen; a detail page its merchant once it has data, and its tab', async () => {
    const s = await start('/intel/list', '/intel/graph');
    expect([selectCurrentView(s.now()), selectDetailTab(s.now()), selectDetailRow(s.now())]).toEqual(['graph', null, null]);
    s.actor.send({ type: 'route.changed', place: { pathname: `/intel/detail/${firstBatch[3]!.id}/distributor`, search: '' }, params: {} });
    expect([selectCurrentView(s.now()), selectDetailTab(s.now()), selectDetailRow(s.now())]).toEqual([null, 'distributor', null]);
    expect(selectDetailPlatformId(s.now())).toBe(sampleMerchants[3]!.platformId);
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: [{ ...firstBatch[0]!, noData: true }, ...firstBatch.slice(1)], loaded: 250 });
    expect(selectDetailRow(s.now())).toBe(s.now().context.rows[3]);
    s.actor.send({ type: 'route.changed', place: { pathname: `/intel/detail/${firstBatch[0]!.id}/competitive`, search: '' }, params: {} });
    expect(selectDetailRow(s.now())).toBeNull();
  });
});

describe('the Intel screens’ view models', () => {
  it('the list, graph and line chart: a page of merchants, largest first, and their page counts', async () => {
    const s = await start();
    expect(selectListView(s.now())).toMatchObject({ settled: false, noneVisible: true, shown: [] });
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: [intelRow(1, 500), intelRow(2, 3000), intelRow(3, 100)], loaded: 250 });
    expect(ids(selectListView(s.now()).shown)).toEqual([2, 1, 3]);
    expect(selectListView(s.now())).toMatchObject({ page: 1, pages: 1, noneVisible: false });
    expect(selectGraphView(s.now())).toMatchObject({ pages: 1, noneVisible: false });
    expect(selectLineChartView(s.now())).toMatchObject({ logScale: true, pages: 1 });
    s.actor.send({ type: 'intel.searchApplied', search: 'nobody' });
    expect(selectGraphView(s.now()).noneVisible).toBe(true);
  });

  it('the header names the view on screen and the load progress counts the merchants loaded', async () => {
    const s = await start('/intel/list', '/intel/graph');
    expect(selectIntelHeaderView(s.now())).toMatchObject({ view: 'graph', switching: false, active: boston });
    expect(selectLoadProgressView(s.now())).toMatchObject({ loading: true, loaded: 0, total: sampleMerchants.length, failed: 0 });
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    expect(selectLoadProgressView(s.now()).loaded).toBe(250);
  });

  it('a detail page: its tab, a loader until the merchant’s row arrives, and the items’ child', async () => {
    const s = await start('/intel/list', `/intel/detail/${firstBatch[3]!.id}/competitive`);
    expect(selectDetailView(s.now())).toMatchObject({ row: null, tab: 'competitive' });
    s.actor.send({ type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 });
    expect(selectDetailView(s.now()).row?.id).toBe(firstBatch[3]!.id);
  });
});

describe('what the debug page shows', () => {
  it('nothing once refused; a loader, then the details', () => {
    const refused = startControlled(debugDetailsMachine, { actors: ['loadDetails'], input: { merchantId: 1, today: SAMPLE_TODAY, allowed: false } });
    expect(selectDebugView(refused.actor.getSnapshot())).toMatchObject({ refused: true, loading: false });
    const admin = startControlled(debugDetailsMachine, { actors: ['loadDetails'], input: { merchantId: 1, today: SAMPLE_TODAY, allowed: true } });
    expect(selectDebugView(admin.actor.getSnapshot())).toMatchObject({ refused: false, loading: true, details: null, error: null });
  });
});
