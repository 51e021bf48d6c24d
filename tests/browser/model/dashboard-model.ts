import { expect as baseExpect, type Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { LOAD_FAILED_MESSAGE } from '../../../src/machines/dashboard/dashboard-context.ts';
import { MERCHANTS_FAILED_MESSAGE } from '../../../src/model/dashboard.ts';
import { dmUserId, otherRange, sampleDashboard, sampleMerchants } from '../../../src/machines/dashboard/dashboard-samples.ts';
import type { BrowserModel } from './browser-model.ts';
import { holdHouseSwitch, houseSwitchEvents, MULTI_HOUSE_LEADER, switchingHouse } from './house-switch.ts';
import { pickRange } from './pick-range.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const overall = (page: Page) => page.getByRole('region', { name: 'Overall Stats' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Dashboard' });

/** The real server answers with data: paths whose samples say "no merchants" or "no totals" are not run here. */
const realAnswers = new Set<unknown>([sampleMerchants, sampleDashboard]);

const pickerBlocked = new Set(['loadingMerchants', 'merchantsFailed']);
/** Events a user makes on the filters and cards of a loaded dashboard, with the sample each is mapped for. */
const onLoaded: Readonly<Record<string, (e: AnyEventObject) => boolean>> = {
  'dashboard.locationSelected': (e) => e.merchantId !== null,
  'dashboard.lostItemsSorted': (e) => e.sortBy === 'rebate',
  'dashboard.viewAsChanged': (e) => e.userId === dmUserId,
};

/** Picks `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * The dashboard's loading, cancellation on a new range while the call is out, its failures, its
 * filters and the house switch, for a leader of Boston with more houses (house-switch.ts).
 */
export const dashboardModel: BrowserModel = {
  machine: 'dashboard',
  start: {
    'leader of Harbor Foods Boston': async (page) => {
      await holdHouseSwitch(page);
      await openSignedIn(page, MULTI_HOUSE_LEADER, '/dashboard');
    },
  },
  calls: { loadMerchants: { url: '**/api/merchant' }, loadDashboard: { url: '**/api/dashboard' } },
  events: {
    // Any range inside the month the picker opens on: the sample's dates are not the demo data's.
    'dashboard.rangeChanged': (page) => pickRange(page, '1', '10'),
    'dashboard.distributorSelected': houseSwitchEvents.pickOtherHouse,
    'dashboard.locationSelected': (page) => choose(page, 'Location', /./),
    'dashboard.lostItemsSorted': (page) => page.getByRole('tab', { name: 'Rebates' }).click(),
    'dashboard.viewAsChanged': (page) => choose(page, 'View As', /Dana District/),
  },
  states: {
    loadingMerchants: (page) => expect(overall(page).getByLabel('Loading')).toBeVisible(),
    loadingDashboard: (page) => expect(overall(page).getByLabel('Loading')).toBeVisible(),
    complete: async (page) => {
      await expect(page.getByTestId('stat-Total Volume')).toHaveText(/^\$[\d,]+\.\d\d$/);
      await expect(dialog(page)).toHaveCount(0);
    },
    failed: (page) => expect(dialog(page)).toContainText(LOAD_FAILED_MESSAGE),
    merchantsFailed: (page) => expect(dialog(page)).toContainText(MERCHANTS_FAILED_MESSAGE),
    switchingDistributor: switchingHouse,
  },
  only: (path) =>
    path.events.every((e) => !e.type.startsWith('xstate.done.') || realAnswers.has(e.output)) &&
    path.events.every((e) => e.type !== 'dashboard.rangeChanged' || e.range === otherRange) &&
    // While the locations load an overlay covers the picker, and their failure is a modal dialog:
    // there a range comes only from the address (back, forward), not from a click.
    path.events.every((e, i) => {
      const from = i === 0 ? path.start : path.states[i - 1]!;
      if (e.type === 'dashboard.rangeChanged') return !pickerBlocked.has(from);
      // The failure's dialog covers the header.
      if (e.type === 'dashboard.distributorSelected') return !pickerBlocked.has(from) && from !== 'failed';
      const sample = onLoaded[e.type];
      // The filters work while the totals load too; the cards only once they are there.
      return !sample || ((from === 'complete' || (from === 'loadingDashboard' && e.type !== 'dashboard.lostItemsSorted')) && sample(e));
    }),
};
