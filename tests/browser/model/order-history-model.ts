import { expect as baseExpect, type Page } from '@playwright/test';
import type { BrowserModel } from './browser-model.ts';
import type { HeldCalls } from './held-calls.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const month = (page: Page) => page.getByTestId('order-month');
const loader = (page: Page) => page.getByRole('progressbar', { name: 'Loading' }).or(page.getByLabel('Loading'));
const failure = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });

/** The first merchant's order history, as a user reaches it: Competitive Insights, See Details, Order History. */
async function openOrderHistory(page: Page) {
  await openSignedIn(page, 'leader@harbor.test', '/competitiveinsights/merchants');
  await page.getByTestId('insights-merchants').getByRole('button', { name: /^See details of / }).first().click();
  await page.getByRole('button', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/competitiveinsights\/orderhistory\//);
}

/**
 * The order history opened again after a visit that fetched last month and the month before: the
 * session keeps fetched months while the app runs, so the page opens on last month without a call.
 */
async function reopenWithTwoMonths(page: Page, calls: HeldCalls) {
  const loadMonth = { type: 'xstate.done.actor.loadMonth' };
  await openOrderHistory(page);
  await calls.settle('loadMonth', loadMonth);
  await expect(loader(page)).toHaveCount(0);
  const lastMonth = (await month(page).textContent())!;
  await page.getByRole('button', { name: 'Last Month' }).click();
  await calls.settle('loadMonth', loadMonth);
  await expect(month(page)).not.toHaveText(lastMonth);
  await expect(loader(page)).toHaveCount(0);
  await page.goBack();
  await page.getByRole('button', { name: 'Order History' }).click();
  await expect(month(page)).toHaveText(lastMonth);
}

/**
 * A merchant's competitor orders a month at a time. The page opens on last month (the
 * registration's October 2026) with nothing fetched, or, opened again, with last month and the
 * month before fetched.
 */
export const orderHistoryModel: BrowserModel = {
  machine: 'order-history',
  start: {
    'merchant 1 from October 2026, nothing fetched yet': openOrderHistory,
    'merchant 1 from October 2026, September and October fetched before': reopenWithTwoMonths,
  },
  calls: { loadMonth: { url: '**/api/competitive/order-history' } },
  events: {
    'orders.lastMonth': (page) => page.getByRole('button', { name: 'Last Month' }).click(),
    'orders.nextMonth': (page) => page.getByRole('button', { name: 'Next Month' }).click(),
    'orders.retry': (page) => failure(page).getByRole('button', { name: 'Try again' }).click(),
  },
  states: {
    // `idle` decides at once whether the month is fetched: the page opens on its month.
    idle: (page) => expect(month(page)).toHaveText(/^\w+ \d{4}$/),
    loading: async (page) => {
      await expect(month(page)).toHaveText(/^\w+ \d{4}$/);
      await expect(loader(page)).toBeVisible();
    },
    loaded: async (page) => {
      await expect(loader(page)).toHaveCount(0);
      await expect(failure(page)).toHaveCount(0);
      await expect(page.getByTestId('order-history').or(page.getByText('No Data Found'))).toBeVisible();
    },
    failed: (page) => expect(failure(page)).toBeVisible(),
  },
};
