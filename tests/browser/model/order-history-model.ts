import { expect as baseExpect, type Page } from '@playwright/test';
import type { BrowserModel } from './browser-model.ts';
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
 * A merchant's competitor orders a month at a time. The page opens on last month with nothing
 * fetched, the registration's first variant; its second (months fetched before) is a cache a
 * browser only has after earlier visits, so its paths are not run here.
 */
export const orderHistoryModel: BrowserModel = {
  machine: 'order-history',
  start: { 'merchant 1 from October 2026, nothing fetched yet': openOrderHistory },
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
