// What the user sees when a call fails (issue 39, "Failure screens tested"): each screen of the
// error catalogues (analytics-and-rebates.md §8, accounts-and-administration.md §4 and §8) driven
// in Chromium by a call the test fails or holds, with a screenshot of each. Maintenance mode is
// maintenance.spec.ts (its own server, started with MAINTENANCE=1).
import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page, type Route } from '@playwright/test';
import { test } from './a11y-test.ts';
import { expectStorageEmpty, signIn } from './login-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/screenshots/failure-${name}.png`, animations: 'disabled' });
const fail = (status = 500) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: '{"message":"boom"}' });

/** Fails the first `times` calls matching `url` (with `method`, if given), then lets them through; returns the calls seen. */
async function failFirst(page: Page, url: string | RegExp, times = 1, method?: string) {
  const seen: string[] = [];
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.continue();
    seen.push(route.request().url());
    if (seen.length <= times) return fail()(route);
    return route.continue();
  });
  return seen;
}

test("a failed dashboard load: 'Couldn't load dashboard data.' and 'No results found' in the cards", async ({ page }) => {
  await page.route('**/api/dashboard', fail());
  await signIn(page, 'leader@harbor.test', '/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Dashboard' });
  await expect(dialog).toContainText("Couldn't load dashboard data.");
  await expect(page.getByRole('region', { name: 'Overall Stats' })).toContainText('No results found');
  await shot(page, 'dashboard');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Overall Stats' })).toContainText('No results found');
});

test('a failed merchant list: the dialog on the dashboard and on Intel', async ({ page }) => {
  await page.route('**/api/merchant', fail());
  await signIn(page, 'leader@harbor.test', '/dashboard');
  const message = "We couldn't load the merchant list for this distributor. Please try refreshing the page.";
  await expect(page.getByRole('dialog')).toContainText(message);
  await shot(page, 'merchants-dashboard');
  await page.goto('/intel');
  await expect(page.getByRole('dialog')).toContainText(message);
  await shot(page, 'merchants-intel');
});

test("failed rebate filters: 'Couldn't load filters, try refreshing', the list still shows", async ({ page }) => {
  await page.route('**/api/rebate-deviation/filters', fail());
  await signIn(page, 'leader@harbor.test', '/rebates/list');
  await expect(page.getByText("Couldn't load filters, try refreshing")).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeDisabled();
  await expect(page.getByTestId('rebates-table').locator('tbody tr')).toHaveCount(20);
  await shot(page, 'rebate-filters');
});

test("a failed rebate list: 'Couldn't load rebates, try refreshing'", async ({ page }) => {
  await page.route(/\/api\/rebate-deviation\?/, fail());
  await signIn(page, 'leader@harbor.test', '/rebates/list');
  await expect(page.getByText("Couldn't load rebates, try refreshing")).toBeVisible();
  await shot(page, 'rebates');
});

test("a failed next page of all rebates: 'Click to try again' retries and shows the rows", async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/rebates/list');
  const rows = page.getByTestId('rebates-table').locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await page.getByRole('tab', { name: 'ALL REBATES' }).click();
  await expect(rows).toHaveCount(20);
  const seen = await failFirst(page, /\/api\/full-rebate-deviation\?.*page=2/);
  await page.getByTestId('rebates-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const retry = page.getByRole('button', { name: 'Click to try again' });
  await expect(retry).toBeVisible();
  await expect(rows).toHaveCount(20);
  await retry.scrollIntoViewIfNeeded();
  await shot(page, 'rebates-more');
  await retry.click();
  await expect(retry).toHaveCount(0);
  await expect(rows).toHaveCount(40);
  expect(seen).toHaveLength(2);
});

test("failed invoice fetches: 'Failed To Fetch Your Invoices.' and 'Failed To Fetch Invoice', each with Retry", async ({ page }) => {
  const list = await failFirst(page, /\/api\/invoice$/, 1, 'GET');
  await signIn(page, 'leader@harbor.test', '/invoice/scanning');
  const listAlert = page.getByRole('alert').filter({ hasText: 'Failed To Fetch Your Invoices.' });
  await expect(listAlert).toBeVisible();
  await shot(page, 'invoice-list');
  await listAlert.getByRole('button', { name: 'Retry' }).click();
  const view = page.getByRole('link', { name: 'View Invoice' }).first();
  await expect(view).toBeVisible();
  expect(list.length).toBeGreaterThanOrEqual(2);

  await failFirst(page, /\/api\/invoice\/\d+$/, 1, 'GET');
  await view.click();
  const oneAlert = page.getByRole('alert').filter({ hasText: 'Failed To Fetch Invoice' });
  await expect(oneAlert).toBeVisible();
  await shot(page, 'invoice-detail');
  await oneAlert.getByRole('button', { name: 'Retry' }).click();
  await expect(oneAlert).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'General Info' })).toBeVisible();
});

test("a partial upload: 'Some Of Your Images Failed to Upload.' and Retry sends the failed image", async ({ page }) => {
  const fixtures = path.resolve('tests/fixtures/invoices');
  const files = (JSON.parse(fs.readFileSync(path.join(fixtures, 'truth.json'), 'utf8')) as { file: string }[]).slice(0, 2).map(({ file }) => ({
    name: file,
    mimeType: file.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
    buffer: fs.readFileSync(path.join(fixtures, file)),
  }));
  // The second file (sent to the invoice the first created) fails once at the server.
  await failFirst(page, /\/api\/invoice\/\d+$/, 1, 'POST');
  await signIn(page, 'leader@harbor.test', '/invoice/scanning');
  await page.getByRole('button', { name: 'Upload Invoice' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Invoice Name' }).fill('Partly failed');
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Blue Anchor Grill');
  await dialog.getByLabel('Invoice images').setInputFiles(files);
  await dialog.getByRole('button', { name: 'Send Images' }).click();
  await expect(dialog.getByText('Some Of Your Images Failed to Upload.')).toBeVisible();
  await expect(dialog.getByText('Failed', { exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
  await shot(page, 'invoice-upload');
  await page.setViewportSize(PHONE);
  await shot(page, 'invoice-upload-phone');
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByText('Successfully Uploaded Invoice!')).toBeVisible();
});

test("failed rebate checks: 'Server Error' in the list and in a check's panel, Retry loads it", async ({ page }) => {
  await failFirst(page, '**/api/rebate-checks/checks', 1);
  await signIn(page, 'leader@harbor.test', '/paymentinformation/list');
  await expect(page.getByRole('alert').filter({ hasText: 'Server Error' })).toBeVisible();
  await shot(page, 'checks-list');

  // A reload asks again, and the list comes.
  await page.reload();
  const rows = page.getByTestId('checks-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await failFirst(page, '**/api/rebate-checks/check', 1);
  await rows.first().getByRole('button', { name: 'View Details And Voucher' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('alert')).toHaveText('Server Error');
  await shot(page, 'check-panel');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByTestId('payment-amount')).toBeVisible();
});

test('a 401 answer logs the user out: /logout, then the login page, storage cleared', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/dashboard');
  await expect(page.getByRole('region', { name: 'Overall Stats' })).toContainText('$');
  // Hold the server logout so the /logout screen can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/logout', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.route(/\/api\/rebate-deviation\?/, fail(401));
  await page.getByRole('navigation').getByRole('link', { name: 'Rebates' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expectStorageEmpty(page);
  await shot(page, 'unauthorized-logout');
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the version check: a newer served version puts up the refresh prompt, Refresh reloads', async ({ page }) => {
  await page.route('**/version.txt', (route) => route.fulfill({ contentType: 'text/plain', body: '9.9.9+a-newer-build' }));
  await page.clock.install({ time: Date.now() - 5 * 60_000 });
  await signIn(page, 'leader@harbor.test', '/dashboard');
  await expect(page.getByRole('region', { name: 'Overall Stats' })).toContainText('$');
  const checked = page.waitForResponse((r) => r.url().includes('/version.txt'));
  await page.clock.runFor(301_000);
  await checked;
  const notice = page.getByRole('alert').filter({ hasText: 'A new version is available' });
  await expect(notice).toContainText('Please refresh the page to update the portal.');
  await shot(page, 'update-notice');
  await page.unroute('**/version.txt');
  await notice.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
