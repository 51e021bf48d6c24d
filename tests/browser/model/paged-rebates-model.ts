import { expect as baseExpect, type Page } from '@playwright/test';
import type { BrowserModel } from './browser-model.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const rows = (page: Page) => page.getByTestId('rebates-table').locator('tbody tr');
const loading = (page: Page) => page.getByText(/^Loading (rebates|more)…$/);

/** Your rebates, 20 rows a page: scrolling to the end loads more; 'Click to try again' retries that page. */
export const pagedRebatesModel: BrowserModel = {
  machine: 'paged-rebates',
  start: { 'your rebates': (page) => openSignedIn(page, 'leader@harbor.test', '/rebates/list') },
  calls: { loadPage: { url: /\/api\/(full-)?rebate-deviation\?/ } },
  events: {
    'rebates.loadMore': (page) => page.getByTestId('rebates-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight)),
    'rebates.retry': (page) => page.getByRole('button', { name: 'Click to try again' }).click(),
    'rebates.criteriaChanged': async (page, e) => {
      await page.getByRole('textbox', { name: 'Search rebates' }).fill(String((e.criteria as { search: string }).search));
      await page.getByRole('button', { name: 'Search', exact: true }).click();
    },
    'rebates.scopeChanged': (page) => page.getByRole('tab', { name: 'ALL REBATES' }).click(),
    'rebates.rowToggled': (page) => rows(page).first().getByRole('button', { name: /^(Reveal|Hide) / }).click(),
  },
  states: {
    loading: (page) => expect(loading(page)).toBeVisible(),
    idle: async (page) => {
      await expect(loading(page)).toHaveCount(0);
      await expect(rows(page).first()).toBeVisible();
    },
    failed: (page) => expect(page.getByText("Couldn't load rebates, try refreshing")).toBeVisible(),
    failedToLoadMore: async (page) => {
      await expect(page.getByRole('button', { name: 'Click to try again' })).toBeVisible();
      await expect(rows(page)).toHaveCount(20);
    },
  },
  // While a page loads the app-wide spinner covers the screen, so no user event happens then;
  // the first page's failure offers no retry on screen (the message says to refresh), and no rows.
  only: (path) =>
    !path.events.some((e, i) => {
      const from = i === 0 ? path.start : path.states[i - 1];
      return (from === 'loading' && e.type.startsWith('rebates.')) || (from === 'failed' && (e.type === 'rebates.retry' || e.type === 'rebates.rowToggled'));
    }),
};
