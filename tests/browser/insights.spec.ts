import { expect, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

/** Competitive insights in the real built app, on the demo data (the default range is the previous month). */

const PHONE = { width: 390, height: 844 };

async function leaderOnDashboard(page: Page) {
  await signIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Calls the API as the logged-in user (the token the app keeps), for facts the test needs to pick its data. */
async function api<T>(page: Page, path: string, body: object): Promise<T> {
  const authKey = await page.evaluate(() => localStorage.getItem('authKey'));
  const res = await page.request.post(`/api${path}`, { data: body, headers: { authorization: `Bearer ${authKey}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

const previousMonth = () => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { startDate: first.toISOString().slice(0, 10), endDate: last.toISOString().slice(0, 10) };
};

test('a lost category on the dashboard opens the merchants that bought it elsewhere, and the filter clears', async ({ page }) => {
  await leaderOnDashboard(page);
  const categoryButton = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Category' }) }).locator('tbody button').first();
  await expect(categoryButton).toBeVisible({ timeout: 20_000 });
  const category = (await categoryButton.textContent())!;
  await categoryButton.click();
  await expect(page).toHaveURL(/\/competitiveinsights\/(merchants\?category=|items\/)/);
  if (/\/items\//.test(page.url())) {
    // Only one merchant lost it: the portal went straight to its items.
    await expect(page.getByTestId('redirect-banner')).toHaveText("You've been redirected to item view, only one merchant available.");
    return;
  }
  await expect(page.getByTestId('insights-filter')).toContainText(`Merchants that bought the category ${category} from competitors`);
  const rows = page.getByTestId('insights-merchants').locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  const filtered = await rows.count();
  expect(filtered).toBeGreaterThan(1);
  // Every merchant listed bought from competitors.
  const competitor = await rows.evaluateAll((trs) => trs.map((tr) => Number((tr.children[3]?.textContent ?? '').replace(/[$,]/g, ''))));
  expect(competitor.every((v) => v > 0)).toBe(true);
  await page.screenshot({ path: 'tests/screenshots/insights-merchants-filtered-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByTestId('insights-filter')).toHaveCount(0);
  await expect(page).toHaveURL(/\/competitiveinsights\/merchants$/);
  await expect.poll(async () => page.getByTestId('insights-merchants').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(filtered);
});

test('a filter that leaves one merchant goes straight to its items with the banner', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/faq'); // a light page: the test asks the API first
  const range = previousMonth();
  const dashboard = await api<{ lostItemDescriptions: { min: string }[] }>(page, '/dashboard', { ...range, showRebates: 1, showDeviations: 0, merchants: [] });
  let single: string | null = null;
  for (const { min } of dashboard.lostItemDescriptions) {
    const merchants = await api<unknown[]>(page, '/competitive/merchants', { ...range, item: min });
    if (merchants.length === 1) { single = min; break; }
  }
  expect(single, 'an item only one merchant bought from competitors').not.toBeNull();
  await page.goto(`/competitiveinsights?item=${single}`);
  await expect(page).toHaveURL(/\/competitiveinsights\/items\/[^/]+\/\d+$/, { timeout: 15_000 });
  await expect(page.getByTestId('redirect-banner')).toHaveText("You've been redirected to item view, only one merchant available.");
  await expect(page.getByTestId('insights-items').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'tests/screenshots/insights-redirect-banner-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('redirect-banner')).toHaveCount(0);
});

test('merchants → See Details → tabs and multi-selects → Order History → months → a competitor order; the win-back tab', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'leader@harbor.test', '/competitiveinsights');
  await expect(page).toHaveURL(/\/competitiveinsights\/merchants$/, { timeout: 15_000 });
  const table = page.getByTestId('insights-merchants');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  await expect(table.getByRole('columnheader', { name: /Account Number/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /% Competitor Volume/ })).toBeVisible();
  // Default sort: competitor volume, largest first.
  const competitor = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Number((tr.children[3]?.textContent ?? '').replace(/[$,]/g, ''))));
  expect(competitor).toEqual([...competitor].sort((a, b) => b - a));
  await page.screenshot({ path: 'tests/screenshots/insights-merchants-desktop.png', fullPage: true });
  const first = table.locator('tbody tr').first();
  const name = (await first.locator('td').nth(1).textContent())!.trim();
  await first.getByRole('button', { name: `See details of ${name}` }).click();
  await expect(page).toHaveURL(/\/competitiveinsights\/items\//);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('total-competitor-volume')).toContainText('$');
  const items = page.getByTestId('insights-items').locator('tbody tr');
  await expect(items.first()).toBeVisible({ timeout: 15_000 });
  const all = await items.count();

  // A category chosen: 'n Categories Selected', and only that category's rows.
  await page.getByRole('button', { name: 'Categories: All Categories' }).click();
  const firstCategory = page.getByRole('checkbox').first();
  const categoryName = (await firstCategory.getAttribute('value'))!;
  await firstCategory.check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Categories: 1 Category Selected' })).toBeVisible();
  const categories = await items.evaluateAll((trs) => trs.map((tr) => tr.children[2]?.textContent ?? ''));
  expect(new Set(categories)).toEqual(new Set([categoryName]));
  expect(categories.length).toBeLessThanOrEqual(all);
  await page.getByRole('button', { name: 'Items: All Items' }).click();
  await page.getByRole('checkbox').first().check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Items: 1 Item Selected' })).toBeVisible();
  await expect(items).toHaveCount(1);
  await page.screenshot({ path: 'tests/screenshots/insights-items-desktop.png', fullPage: true });

  // The house's own purchases, then the win-back tab with money at stake.
  await page.getByRole('tab', { name: 'Distributor Purchases' }).click();
  await expect(page.getByRole('button', { name: 'Categories: All Categories' })).toBeVisible();
  await page.getByRole('tab', { name: 'Win-back' }).click();
  await expect(page.getByTestId('win-back-total')).toContainText('Money at stake $', { timeout: 15_000 });
  const winBack = page.getByTestId('win-back-table').locator('tbody tr');
  await expect(winBack.first()).toBeVisible();
  expect(await winBack.first().textContent()).toMatch(/\$[\d,]+\.\d\d/);
  await page.screenshot({ path: 'tests/screenshots/insights-win-back-desktop.png', fullPage: true });

  // Order History: the previous month, then the one before and back, without asking again.
  const calls: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('/api/competitive/order-history')) calls.push(r.postDataJSON().startDate); });
  await page.getByRole('button', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/competitiveinsights\/orderhistory\//);
  const range = previousMonth();
  const monthName = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByTestId('order-month')).toHaveText(monthName(range.startDate));
  await expect(page.getByRole('navigation', { name: /breadcrumb/i }).or(page.locator('.mantine-Breadcrumbs-root'))).toContainText('Order History');
  const invoices = page.getByTestId('order-history').locator('tbody tr');
  await expect(invoices.first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Last Month' }).click();
  await expect(page.getByTestId('order-month')).not.toHaveText(monthName(range.startDate));
  await expect(page.getByTestId('order-history').or(page.getByText('No Data Found'))).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Next Month' }).click();
  await expect(page.getByTestId('order-month')).toHaveText(monthName(range.startDate));
  await expect(invoices.first()).toBeVisible();
  expect(calls).toHaveLength(2);
  // An invoice opens to its lines; its order opens titled with its date.
  await invoices.first().getByRole('button', { name: /^Expand invoice/ }).click();
  await expect(page.getByRole('columnheader', { name: 'Volume Estimate' })).toBeVisible();
  // The invoice's lines take the whole width of the table (issue 39: two thirds before).
  const panel = page.getByTestId('order-history').locator('td.mantine-Table-td-detail-panel').first();
  const [rowWidth, panelWidth, linesWidth] = await Promise.all([
    invoices.first().evaluate((el) => el.getBoundingClientRect().width),
    panel.evaluate((el) => el.getBoundingClientRect().width),
    panel.getByRole('table').evaluate((el) => el.getBoundingClientRect().width),
  ]);
  const padding = await panel.evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft) + parseFloat(getComputedStyle(el).paddingRight));
  expect(panelWidth).toBeGreaterThanOrEqual(rowWidth - 2);
  expect(linesWidth).toBeGreaterThanOrEqual(panelWidth - padding - 2);
  await page.screenshot({ path: 'tests/screenshots/insights-order-history-desktop.png', fullPage: true });
  const date = (await invoices.first().locator('td').nth(1).textContent())!.trim();
  await invoices.first().getByRole('link', { name: 'Order' }).click();
  await expect(page).toHaveURL(/\/competitiveinsights\/ordertocompetitor\//);
  await expect(page.getByRole('heading', { name: `Estimated Invoice Volume On ${date}` })).toBeVisible();
  await expect(page.getByTestId('competitor-order').locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/insights-competitor-order-desktop.png', fullPage: true });

  // /competitiveinsights comes back to the last page viewed.
  await page.getByRole('navigation').getByRole('link', { name: 'Competitive Insights' }).click();
  await expect(page).toHaveURL(/\/competitiveinsights\/ordertocompetitor\//);
});

test('the order history says its month in the address bar: a reload stays on it', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/competitiveinsights/merchants');
  const first = page.getByTestId('insights-merchants').locator('tbody tr').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  const name = (await first.locator('td').nth(1).textContent())!.trim();
  await first.getByRole('button', { name: `See details of ${name}` }).click();
  await page.getByRole('button', { name: 'Order History' }).click();
  const month = page.getByTestId('order-month');
  await expect(month).toHaveText(/\w+ \d{4}/);
  const opened = await month.textContent();
  await page.getByRole('button', { name: 'Last Month' }).click();
  await expect(page).toHaveURL(/\/competitiveinsights\/orderhistory\/[^?]+\?month=\d{4}-\d{2}$/);
  await expect(month).not.toHaveText(opened!);
  const earlier = await month.textContent();
  await page.reload();
  await expect(month).toHaveText(earlier!, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Next Month' }).click();
  await expect(month).toHaveText(opened!);
});

test('on a phone: the merchants list, a merchant’s items and the house-wide win-back list', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'leader@harbor.test', '/competitiveinsights/merchants');
  await expect(page.getByTestId('insights-merchant-cards').getByRole('button', { name: /^See details of/ }).first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'tests/screenshots/insights-merchants-phone.png', fullPage: true });
  await page.getByRole('button', { name: /^See details of/ }).first().click();
  await expect(page.getByTestId('insights-item-cards')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'tests/screenshots/insights-items-phone.png', fullPage: true });
  await page.goto('/competitiveinsights/winback');
  await expect(page.getByTestId('win-back-cards')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('win-back-total')).toContainText('Money at stake $');
  await page.screenshot({ path: 'tests/screenshots/insights-win-back-phone.png', fullPage: true });
});

test('an item’s similar items open under the merchant’s breadcrumb, with feedback', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/competitiveinsights/merchants');
  const table = page.getByTestId('insights-merchants');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  const name = (await table.locator('tbody tr').first().locator('td').nth(1).textContent())!.trim();
  await table.getByRole('button', { name: `See details of ${name}` }).click();
  await page.getByTestId('insights-items').getByRole('link', { name: 'View' }).first().click();
  await expect(page).toHaveURL(/\/competitiveinsights\/matches\//);
  const crumbs = page.locator('.mantine-Breadcrumbs-root');
  await expect(crumbs).toContainText('Harbor Foods Boston');
  await expect(crumbs.getByRole('link', { name })).toBeVisible();
  await expect(crumbs).toContainText(/Similar Items \(\d+\)/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: '+ Recommend Similar Item' })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/insights-similar-items-desktop.png', fullPage: true });
  // The merchant's crumb goes back to its items.
  await crumbs.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/competitiveinsights\/items\//);
});
