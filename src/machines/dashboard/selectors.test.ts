import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import type { SessionUser } from '../../model/session-user.ts';
import { adminUser, distributorUser, repUser } from '../shell/samples.ts';
import { selectChoosesHouse, selectViewsAs } from '../shell/selectors.ts';
import { houseSwitchMachine } from '../house-switch/house-switch.ts';
import { dashboardMachine } from './dashboard.ts';
import { boston, otherRange, portland, SAMPLE_TODAY, SAMPLE_USER_ID, sampleDashboard, sampleMerchants, serverError } from './dashboard-samples.ts';
import {
  lostItemsBy, moreAnnouncementsLabel, selectAnnouncementBanners, selectCardsWaiting, selectCategoriesLostCsv, selectItemsLostCsv, selectLoadFailed, selectLostItems, selectLostItemsSort, selectLostVolumeCsv,
  selectLoadSpeedTest, selectLostVolumeRows, selectMonthlyBars, selectMonthlyVolumeCsv, selectLostItemsView, selectOverallStatsView, selectLostVolumeView, selectVolumeByMonthView, lostItemUrl,
} from './selectors.ts';
import { selectLoadSpeedView } from '../admin-panel/selectors.ts';

beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

const ACTORS = ['loadMerchants', 'loadDashboard', 'loadLostVolume', 'loadMonthlyVolume', 'loadHouses', 'setActiveDistributor', 'loadAnnouncements', 'loadViewAsUsers'];
const start = (loadSpeed: { userId: number; adminEmail: string; enabled: boolean } | null = null) => {
  const s = startControlled(dashboardMachine, {
    actors: ACTORS,
    input: { today: SAMPLE_TODAY, activeDistributor: boston, userId: SAMPLE_USER_ID, canViewAs: false, viewAsUserId: null, loadSpeed },
    children: { houseSwitch: houseSwitchMachine },
    provide: { actions: { applyViewAs: () => {} } },
  });
  return { ...s, now: () => s.actor.getSnapshot() };
};
const signedIn = (user: SessionUser) => ({ context: { user, adminUser: null } }) as unknown as Parameters<typeof selectViewsAs>[0];

describe('the dashboard filters a user gets', () => {
  it('gives leaders the house picker and View As, a rep neither', () => {
    expect([selectChoosesHouse(signedIn(distributorUser)), selectViewsAs(signedIn(distributorUser))]).toEqual([true, true]);
    expect([selectChoosesHouse(signedIn(repUser)), selectViewsAs(signedIn(repUser))]).toEqual([false, false]);
    expect(selectChoosesHouse(signedIn({ ...repUser, isGroup: true }))).toBe(true);
    expect(selectViewsAs(signedIn(adminUser))).toBe(true);
  });
});

describe("the load-speed test on the dashboard (spec §6)", () => {
  it("is there in a user's session an internal admin entered, and shows with the testing flag on", () => {
    const test = selectLoadSpeedTest(start({ userId: SAMPLE_USER_ID, adminEmail: 'admin@portal.test', enabled: true }).now());
    expect(test).not.toBeNull();
    expect(selectLoadSpeedView(test!.getSnapshot())).toMatchObject({ shown: true, amount: 10, mayStart: true, running: false, timings: [] });
  });

  it('shows nothing with the testing flag off', () => {
    const test = selectLoadSpeedTest(start({ userId: SAMPLE_USER_ID, adminEmail: 'admin@portal.test', enabled: false }).now());
    expect(selectLoadSpeedView(test!.getSnapshot()).shown).toBe(false);
  });

  it("is not there in the user's own session", () => {
    expect(selectLoadSpeedTest(start().now())).toBeNull();
  });
});

describe('what the dashboard cards show', () => {
  it('shows placeholders while loading, numbers once complete, and no results after a failure', async () => {
    const s = start();
    expect(selectCardsWaiting(s.now())).toBe(true);
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
    expect(selectCardsWaiting(s.now())).toBe(true);
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    expect([selectCardsWaiting(s.now()), selectLoadFailed(s.now())]).toEqual([false, false]);
    s.actor.send({ type: 'dashboard.rangeChanged', range: { startDate: '2026-09-01', endDate: '2026-09-30' } });
    await s.replay({ type: 'xstate.error.actor.loadDashboard', error: serverError }, 'failed');
    expect(selectLoadFailed(s.now())).toBe(true);
  });

  it('orders the items lost by the tab: volume or estimated rebates', () => {
    const data = {
      ...sampleDashboard,
      lostItemDescriptions: [
        { item: 'Milk', min: 'M1', volume: 900, rebate: 10, deviation: 0 },
        { item: 'Flour', min: 'M2', volume: 100, rebate: 50, deviation: 0 },
      ],
    };
    expect(lostItemsBy(data, 'volume').map((i) => i.item)).toEqual(['Milk', 'Flour']);
    expect(lostItemsBy(data, 'rebate').map((i) => i.item)).toEqual(['Flour', 'Milk']);
    expect(lostItemsBy(null, 'volume')).toEqual([]);
  });

  it('draws the last months chosen, oldest first, as month and year', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
    const months = ['2026-10', '2026-06', '2026-08', '2026-09', '2026-07'].map((month, i) => ({ month, totalPurchase: i + 1 }));
    await s.settle('loadMonthlyVolume', 'done', { data: months });
    expect(selectMonthlyBars(s.now())).toEqual([
      { month: 'Aug 2026', volume: 3 },
      { month: 'Sep 2026', volume: 4 },
      { month: 'Oct 2026', volume: 1 },
    ]);
    s.actor.send({ type: 'dashboard.monthlyMonthsChanged', months: 6 });
    expect(selectMonthlyBars(s.now())).toHaveLength(5);
  });

  it('exports each card under its period, and nothing for a card without rows', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
    expect([selectCategoriesLostCsv(s.now()), selectItemsLostCsv(s.now()), selectLostVolumeCsv(s.now()), selectMonthlyVolumeCsv(s.now())]).toEqual([null, null, null, null]);
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: sampleDashboard }, 'complete');
    const range = s.now().context.range;
    expect(selectCategoriesLostCsv(s.now())!.fileName).toContain(`${range.startDate} to ${range.endDate}`);
    expect(selectItemsLostCsv(s.now())!.rows).toHaveLength(1);
  });
});

describe('how many rows the lost cards show', () => {
  // Twelve items: item n has volume 100·n and rebate 100·(13 − n), so the two tabs order them oppositely.
  const items = Array.from({ length: 12 }, (_, i) => ({ item: `Item ${i + 1}`, min: `M${i + 1}`, volume: 100 * (i + 1), rebate: 100 * (12 - i), deviation: 0 }));
  const lostRows = Array.from({ length: 7 }, (_, i) => ({ locationName: `Location ${i + 1}`, lastMonthPurchase: 1, twoMonthsAgoPurchase: 2 }));
  const names = (rows: { item: string }[]) => rows.map((r) => r.item);
  async function loaded() {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
    await s.settle('loadLostVolume', 'done', { data: lostRows, totalLastMonthPurchase: 7, totalTwoMonthsAgoPurchase: 14 });
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: { ...sampleDashboard, lostItemDescriptions: items } }, 'complete');
    return s;
  }
  const more = (card: 'lostItems' | 'lostVolume') => ({ type: 'dashboard.rowsResized', card, direction: 'more' }) as const;
  const less = { type: 'dashboard.rowsResized', card: 'lostItems', direction: 'less' } as const;

  it('shows the five largest by volume, then five more at a time up to every item, and back', async () => {
    const s = await loaded();
    expect(selectLostItems(s.now())).toEqual({ rows: [...items].reverse().slice(0, 5), more: true, less: false });
    s.actor.send(more('lostItems'));
    s.actor.send(more('lostItems'));
    expect(selectLostItems(s.now())).toMatchObject({ more: false, less: true });
    expect(selectLostItems(s.now()).rows).toHaveLength(12);
    s.actor.send(more('lostItems'));
    expect(selectLostItems(s.now()).rows).toHaveLength(12);
    s.actor.send(less);
    expect(selectLostItems(s.now())).toMatchObject({ more: true, less: true });
    expect(selectLostItems(s.now()).rows).toHaveLength(7);
  });

  it('the Rebates tab orders by estimated rebates and keeps how many rows are open', async () => {
    const s = await loaded();
    s.actor.send(more('lostItems'));
    s.actor.send({ type: 'dashboard.lostItemsSorted', sortBy: 'rebate' });
    expect(selectLostItemsSort(s.now())).toBe('rebate');
    expect(names(selectLostItems(s.now()).rows)).toEqual(names(items.slice(0, 10)));
  });

  it('the items card names its column by the tab and leads each row to the merchants that bought it', async () => {
    const s = await loaded();
    const view = selectLostItemsView(s.now());
    expect([view.valueLabel, view.exportable]).toEqual(['Volume', true]);
    expect(view.rows[0]).toMatchObject({ item: items.at(-1)!.item, value: items.at(-1)!.volume, url: lostItemUrl({ min: items.at(-1)!.min, description: items.at(-1)!.item }) });
    s.actor.send({ type: 'dashboard.lostItemsSorted', sortBy: 'rebate' });
    expect(selectLostItemsView(s.now())).toMatchObject({ sortBy: 'rebate', valueLabel: 'Est. Rebates' });
  });

  it('the overall stats give the competitor share of the total once loaded, and say a failed load has none', async () => {
    const s = await loaded();
    const { stats } = selectOverallStatsView(s.now());
    expect(stats?.competitorShare).toBeCloseTo(sampleDashboard.competitorVolume / sampleDashboard.totalVolume);
    s.actor.send({ type: 'dashboard.rangeChanged', range: otherRange });
    expect(selectOverallStatsView(s.now())).toEqual({ stats: null, failed: false });
    await s.replay({ type: 'xstate.error.actor.loadDashboard', error: serverError }, 'failed');
    expect(selectOverallStatsView(s.now())).toEqual({ stats: null, failed: true });
  });

  it('the lost-volume and monthly cards wait for their own calls, not saying there is none', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loadingDashboard');
    expect(selectLostVolumeView(s.now())).toMatchObject({ loading: true, empty: true });
    expect(selectVolumeByMonthView(s.now())).toMatchObject({ loading: true, exportable: false });
    await s.settle('loadLostVolume', 'error', serverError);
    expect(selectLostVolumeView(s.now())).toMatchObject({ loading: false, empty: true });
    await s.settle('loadMonthlyVolume', 'error', serverError);
    expect(selectVolumeByMonthView(s.now())).toMatchObject({ loading: false, exportable: false });
  });

  it('the lost-volume view totals every row while it shows five', async () => {
    const s = await loaded();
    expect(selectLostVolumeView(s.now()).loading).toBe(false);
    expect(selectLostVolumeView(s.now())).toMatchObject({ empty: false, more: true, totalLastMonth: 7, totalTwoMonthsAgo: 14 });
    expect(selectLostVolumeView(s.now()).rows).toHaveLength(5);
  });

  it('the lost-volume card grows by five up to its rows, apart from the items card', async () => {
    const s = await loaded();
    expect(selectLostVolumeRows(s.now())).toEqual({ rows: lostRows.slice(0, 5), more: true, less: false });
    s.actor.send(more('lostVolume'));
    expect(selectLostVolumeRows(s.now())).toEqual({ rows: lostRows, more: false, less: true });
    expect(selectLostItems(s.now()).rows).toHaveLength(5);
  });

  it('a new range starts the items over at five on the same tab; a new location starts both cards over', async () => {
    const s = await loaded();
    s.actor.send({ type: 'dashboard.lostItemsSorted', sortBy: 'rebate' });
    s.actor.send(more('lostItems'));
    s.actor.send(more('lostVolume'));
    s.actor.send({ type: 'dashboard.rangeChanged', range: otherRange });
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: { ...sampleDashboard, lostItemDescriptions: items } }, 'complete');
    expect(selectLostItems(s.now()).rows).toHaveLength(5);
    expect(selectLostItemsSort(s.now())).toBe('rebate');
    // Lost volume follows the locations, not the range.
    expect(selectLostVolumeRows(s.now()).rows).toHaveLength(7);
    s.actor.send(more('lostItems'));
    s.actor.send({ type: 'dashboard.locationSelected', merchantId: 101 });
    await s.settle('loadLostVolume', 'done', { data: lostRows, totalLastMonthPurchase: 7, totalTwoMonthsAgoPurchase: 14 });
    await s.replay({ type: 'xstate.done.actor.loadDashboard', output: { ...sampleDashboard, lostItemDescriptions: items } }, 'complete');
    expect([selectLostItems(s.now()).rows.length, selectLostVolumeRows(s.now()).rows.length]).toEqual([5, 5]);
  });

  it('another house starts both cards over at five', async () => {
    const s = await loaded();
    s.actor.send(more('lostItems'));
    s.actor.send(more('lostVolume'));
    await s.replay({ type: 'dashboard.distributorSelected', distributorId: portland.id }, 'switchingDistributor');
    expect([s.now().context.lostItemsShown, s.now().context.lostVolumeShown]).toEqual([5, 5]);
  });
});

describe('the announcement banners', () => {
  const three = [{ id: 1, text: 'New rebates' }, { id: 2, text: 'Maintenance Sunday' }, { id: 3, text: 'Checks mailed' }];

  it('are asked for as the user, whose dismissals are remembered (issue 39)', async () => {
    const s = start();
    expect(s.callsOf('loadAnnouncements').map((c) => c.input)).toEqual([{ userId: SAMPLE_USER_ID }]);
  });

  it('show all on a wide screen; on a phone the first and a count of the others, until asked for all', async () => {
    const s = start();
    await s.settle('loadAnnouncements', 'done', three);
    expect(selectAnnouncementBanners(false)(s.now())).toEqual({ shown: three, more: 0 });
    expect(selectAnnouncementBanners(true)(s.now())).toEqual({ shown: [three[0]], more: 2 });
    // The same answer for the same list: the banners do not re-render on every snapshot.
    expect(selectAnnouncementBanners(true)(s.now())).toBe(selectAnnouncementBanners(true)(s.now()));
    expect(moreAnnouncementsLabel(2)).toBe('Show 2 more announcements');
    s.actor.send({ type: 'dashboard.announcementDismissed', id: 1 });
    expect(selectAnnouncementBanners(true)(s.now())).toEqual({ shown: [three[1]], more: 1 });
    expect(moreAnnouncementsLabel(1)).toBe('Show 1 more announcement');
    s.actor.send({ type: 'dashboard.announcementsExpanded' });
    expect(selectAnnouncementBanners(true)(s.now())).toEqual({ shown: [three[1], three[2]], more: 0 });
  });
});
