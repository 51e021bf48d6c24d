import { expect as baseExpect, type Page } from '@playwright/test';
import type { BrowserModel } from './browser-model.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const rows = (page: Page) => page.getByTestId('rebates-table').locator('tbody tr');
const loading = (page: Page) => page.getByText(/^Loading (rebates|more)…$/);

/**
 * Your rebates, 20 rows a page: scrolling to the end loads more; 'Click to try again' retries that
 * page. While a page loads the app-wide spinner covers the screen, but not the keyboard: a search
 * (Enter in the box), a tab and a row's Reveal (Enter on them) are taken by keyboard, as a user
 * still typing or tabbing through the rows does.
 */
export const pagedRebatesModel: BrowserModel = {
  machine: 'paged-rebates',
  start: { 'your rebates': (page) => openSignedIn(page, 'leader@harbor.test', '/rebates/list') },
  calls: { loadPage: { url: /\/api\/(full-)?rebate-deviation\?/ } },
  events: {
    'rebates.loadMore': (page) => page.getByTestId('rebates-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight)),
    'rebates.retry': (page) => page.getByRole('button', { name: 'Click to try again' }).click(),
    'rebates.criteriaChanged': async (page, e) => {
      const search = String((e.criteria as { search: string }).search);
      const box = page.getByRole('textbox', { name: 'Search rebates' });
      await box.fill(search);
      await box.press('Enter');
      // The page took it: the URL names the search.
      await expect(page).toHaveURL(new RegExp(`[?&]search=${search}(&|$)`));
    },
    'rebates.scopeChanged': async (page) => {
      const tab = page.getByRole('tab', { name: 'ALL REBATES' });
      await tab.press('Enter');
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    },
    'rebates.rowToggled': async (page) => {
      const button = rows(page).first().getByRole('button', { name: /^(Reveal|Hide) / });
      const was = await button.textContent();
      await button.press('Enter');
      await expect(button).toHaveText(was === 'Reveal' ? 'Hide' : 'Reveal');
    },
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
};
