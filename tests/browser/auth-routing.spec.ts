import { expect } from '@playwright/test';
import { test } from './a11y-test.ts';
import { expectStorageEmpty, logIn, sideMenu, untilAppUp } from './login-helpers.ts';

test('a distributor leader logs in and lands on the dashboard inside the shell', async ({ page }) => {
  await logIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overall Stats' })).toBeVisible();
  for (const item of ['Dashboard', 'Intel', 'Rebates & Deviations', 'Competitive Insights', 'Invoice Scanning', 'Payment Information']) {
    await expect(sideMenu(page).getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  // Settings is a mobile-only menu item.
  await expect(sideMenu(page).getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.screenshot({ path: 'tests/screenshots/shell-desktop.png' });
});

test('the shell on a 390 px wide phone opens its menu with the burger', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.screenshot({ path: 'tests/screenshots/shell-mobile.png' });
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(sideMenu(page).getByRole('link', { name: 'Settings' })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/shell-mobile-menu.png' });
  await sideMenu(page).getByRole('link', { name: 'Rebates & Deviations' }).click();
  await expect(page).toHaveURL(/\/rebates\/list$/);
  await expect(page.getByRole('heading', { name: 'Rebates & Deviations', level: 1 })).toBeVisible();
});

test('the side menu collapses to icons and expands again', async ({ page }) => {
  await logIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation');
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByText('Rebates & Deviations')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Rebates & Deviations' })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/shell-collapsed.png' });
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(nav.getByText('Rebates & Deviations')).toBeVisible();
});

test('a wrong password shows the server message in a dialog', async ({ page }) => {
  await logIn(page, 'leader@harbor.test', 'wrong-password');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Incorrect email or password.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('the dashboard sends a logged-out visitor to the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: 'tests/screenshots/login-desktop.png' });
});

test('an internal admin goes to the admin login', async ({ page }) => {
  await logIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('a rep without Intel has no Intel menu and /intel leads to the dashboard', async ({ page }) => {
  await logIn(page, 'rep@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sideMenu(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Intel' })).toHaveCount(0);
  await page.goto('/intel');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a user without a channel partner ends at /logout with the reason', async ({ page }) => {
  await logIn(page, 'nopartner@portal.test');
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('alert')).toHaveText('This user cannot log in because there is no channel partner available.');
  await expectStorageEmpty(page);
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('logging out clears storage and returns to the login page', async ({ page }) => {
  await logIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectStorageEmpty(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a stored session survives a reload', async ({ page }) => {
  await logIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/competitiveinsights');
  await untilAppUp(page);
  await expect(page.getByRole('heading', { name: 'Competitive Insights', level: 1 })).toBeVisible();
});
