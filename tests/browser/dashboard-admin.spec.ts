import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import Papa from 'papaparse';
import { signIn } from './login-helpers.ts';

/** Internal admins entering a distributor (admin user-picker, Switch User) and View As on the dashboard. */

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);
const money = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));
const totalVolume = async (page: Page) => {
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
  return money(await stat(page, 'Total Volume').textContent());
};

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an internal admin logs in as a leader, exports a CSV for internal use, and switches back', async ({ page }) => {
  test.slow(); // two logins, an export, a reload and four axe checks: past 60 s on a fresh clone's two busy cores
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
  await expect(page.getByRole('button', { name: 'Log in as user' })).toBeDisabled();

  await pick(page, 'Distributor', 'Harbor Foods Boston');
  await pick(page, 'User', /leader@harbor\.test/);
  await page.screenshot({ path: 'tests/screenshots/admin-login-desktop.png', fullPage: true });
  await page.getByRole('textbox', { name: 'Reason' }).fill('Browser test: checking what the user sees');
  await page.getByRole('button', { name: 'Log in as user' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await totalVolume(page)).toBeGreaterThan(0);
  await expect(page.getByRole('banner').getByText('Lena Leader', { exact: true })).toBeVisible();
  await expect(page.getByTestId('active-distributor')).toHaveText('Harbor Foods Boston');
  const stored = await page.evaluate(() => [localStorage.getItem('userData'), localStorage.getItem('adminUserData')].map((v) => JSON.parse(v!).email));
  expect(stored).toEqual(['leader@harbor.test', 'admin@portal.test']);

  // The admin's CSV exports stay available while acting as the leader.
  const card = page.getByRole('region', { name: 'Top Categories Lost to Competitors' });
  const firstRow = card.getByRole('row').nth(1).getByRole('cell');
  const [firstCategory, firstVolume] = [await firstRow.nth(0).textContent(), money(await firstRow.nth(1).textContent())];
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export categories lost' }).click()]);
  expect(download.suggestedFilename()).toMatch(/For internal use only\.csv$/);
  const csv = Papa.parse<Record<string, string>>(fs.readFileSync((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true });
  expect(csv.meta.fields).toEqual(['Category', 'Volume', 'Estimated Rebates']);
  expect(csv.data[0]!.Category).toBe(firstCategory);
  // The cell holds the number the card shows (the card rounds it to cents).
  expect(Number(csv.data[0]!.Volume)).toBeCloseTo(firstVolume, 2);
  expect(firstVolume).toBeGreaterThan(0);

  // A reload still routes as the leader, with Switch User in the header.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'tests/screenshots/dashboard-admin-as-leader-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Switch User' })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/dashboard-admin-as-leader-mobile.png' });
  await page.getByRole('banner').getByRole('button', { name: 'Switch User' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  const back = await page.evaluate(() => [localStorage.getItem('userData'), localStorage.getItem('adminUserData')].map((v) => JSON.parse(v!).email));
  expect(back).toEqual(['admin@portal.test', 'admin@portal.test']);
  // The admin's own session works again: the distributor list loads.
  await page.getByRole('textbox', { name: 'Distributor' }).click();
  await expect(page.getByRole('option', { name: 'Harbor Foods Boston' })).toBeVisible();
});

test('a leader has no Switch User, and the admin picker is not theirs', async ({ page }) => {
  await signIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Switch User' })).toHaveCount(0);
  await page.goto('/admin-login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the admin picker on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  await pick(page, 'Distributor', 'Harbor Foods Boston');
  await expect(page.getByRole('textbox', { name: 'User' })).toBeEnabled();
  await page.screenshot({ path: 'tests/screenshots/admin-login-mobile.png', fullPage: true });
});

test('a leader viewing as a District Manager sees the District Manager’s totals', async ({ browser }) => {
  const dmPage = await browser.newPage();
  await signIn(dmPage, 'dm@harbor.test');
  const dmTotal = await totalVolume(dmPage);
  await dmPage.close();

  const page = await browser.newPage();
  const viewAsHeaders: (string | undefined)[] = [];
  page.on('request', (r) => r.url().endsWith('/api/dashboard') && viewAsHeaders.push(r.headers()['x-view-as']));
  await signIn(page, 'leader@harbor.test');
  const leaderTotal = await totalVolume(page);
  expect(dmTotal).toBeLessThan(leaderTotal);
  await expect(page.getByRole('textbox', { name: 'View As' })).toHaveValue('Lena Leader (Leadership)');

  await pick(page, 'View As', 'Dana District (District Manager)');
  await expect(page.getByRole('textbox', { name: 'View As' })).toHaveValue('Dana District (District Manager)');
  await expect.poll(() => totalVolume(page), { timeout: 15_000 }).toBe(dmTotal);
  expect(viewAsHeaders[0]).toBeUndefined();
  expect(viewAsHeaders.at(-1)).toMatch(/^\d+$/);
  await page.screenshot({ path: 'tests/screenshots/dashboard-view-as-desktop.png' });

  // Choosing oneself ends it.
  await pick(page, 'View As', 'Lena Leader (Leadership)');
  await expect.poll(() => totalVolume(page), { timeout: 15_000 }).toBe(leaderTotal);
  expect(viewAsHeaders.at(-1)).toBeUndefined();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Filters' }).click();
  const modal = page.getByRole('dialog', { name: 'Filters' });
  await expect(modal.getByRole('textbox', { name: 'View As' })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/dashboard-view-as-mobile.png' });
  await page.close();
});

test('a District Manager has no View As', async ({ page }) => {
  await signIn(page, 'dm@harbor.test');
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('textbox', { name: 'View As' })).toHaveCount(0);
});
