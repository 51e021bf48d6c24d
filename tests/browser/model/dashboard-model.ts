import { expect as baseExpect, type Page } from '@playwright/test';
import { LOAD_FAILED_MESSAGE } from '../../../src/machines/dashboard/dashboard-context.ts';
import { MERCHANTS_FAILED_MESSAGE } from '../../../src/model/dashboard.ts';
import { otherRange, sampleDashboard, sampleMerchants } from '../../../src/machines/dashboard/dashboard-samples.ts';
import type { BrowserModel } from './browser-model.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const overall = (page: Page) => page.getByRole('region', { name: 'Overall Stats' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Dashboard' });

/** Picks days `from`–`to` of the month the date picker shows. */
async function pickRange(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.locator('table button:not([data-outside])', { hasText: new RegExp(`^${from}$`) }).first().click();
  await page.locator('table button:not([data-outside])', { hasText: new RegExp(`^${to}$`) }).first().click();
}

/** The real server answers with data: paths whose samples say "no merchants" or "no totals" are not run here. */
const realAnswers = new Set<unknown>([sampleMerchants, sampleDashboard]);

const pickerBlocked = new Set(['loadingMerchants', 'merchantsFailed']);

/** The dashboard's loading, cancellation on a new range while the call is out, and its failures. */
export const dashboardModel: BrowserModel = {
  machine: 'dashboard',
  start: { 'leader of Harbor Foods Boston': (page) => openSignedIn(page, 'leader@harbor.test', '/dashboard') },
  calls: { loadMerchants: { url: '**/api/merchant' }, loadDashboard: { url: '**/api/dashboard' } },
  events: {
    // Any range inside the month the picker opens on: the sample's dates are not the demo data's.
    'dashboard.rangeChanged': (page) => pickRange(page, '1', '10'),
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
  },
  only: (path) =>
    path.events.every((e) => !e.type.startsWith('xstate.done.') || realAnswers.has(e.output)) &&
    path.events.every((e) => e.type !== 'dashboard.rangeChanged' || e.range === otherRange) &&
    // While the locations load an overlay covers the picker, and their failure is a modal dialog:
    // there a range comes only from the address (back, forward), not from a click.
    path.events.every((e, i) => e.type !== 'dashboard.rangeChanged' || !pickerBlocked.has(i === 0 ? path.start : path.states[i - 1]!)),
};
