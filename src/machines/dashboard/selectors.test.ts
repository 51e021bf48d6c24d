import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import type { SessionUser } from '../../model/session-user.ts';
import { adminUser, distributorUser, repUser } from '../shell/samples.ts';
import { selectChoosesHouse, selectViewsAs } from '../shell/selectors.ts';
import { houseSwitchMachine } from '../house-switch/house-switch.ts';
import { dashboardMachine } from './dashboard.ts';
import { boston, SAMPLE_TODAY, SAMPLE_USER_ID, sampleDashboard, sampleMerchants, serverError } from './dashboard-samples.ts';
import {
  lostItemsBy, selectCardsWaiting, selectCategoriesLostCsv, selectItemsLostCsv, selectLoadFailed, selectLostVolumeCsv, selectMonthlyBars, selectMonthlyVolumeCsv,
} from './selectors.ts';

beforeAll(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

const ACTORS = ['loadMerchants', 'loadDashboard', 'loadLostVolume', 'loadMonthlyVolume', 'loadHouses', 'setActiveDistributor', 'loadAnnouncements', 'loadViewAsUsers'];
const start = () => {
  const s = startControlled(dashboardMachine, {
    actors: ACTORS,
    input: { today: SAMPLE_TODAY, activeDistributor: boston, userId: SAMPLE_USER_ID, canViewAs: false, viewAsUserId: null },
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
