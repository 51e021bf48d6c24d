import { expect, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';
import type { Alerts, DigestPreferences } from '../../src/model/digest.ts';

/** The header's bell and Settings' digest preferences in the real built app, on the demo data. */

const api = <T,>(page: Page, url: string) =>
  page.evaluate(async (u) => (await fetch(u, { headers: { authorization: `Bearer ${localStorage.getItem('authKey')}` } })).json(), url) as Promise<T>;

test("the bell counts what is new, lists it with links, and is read once opened", async ({ page }) => {
  test.slow(); // the bell's alerts and the payment page it links to, on two shared cores
  // The bell is in every page's header: a light page spares the server a dashboard.
  await signIn(page, 'leader@harbor.test', '/faq');
  const alerts = await api<Alerts>(page, '/api/alerts');
  expect(alerts.unread).toBeGreaterThan(0);
  const bell = page.getByRole('banner').getByRole('button', { name: `Alerts, ${alerts.unread} new` });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Alerts' });
  await expect(panel.getByText('Rebate checks posted')).toBeVisible();
  const check = alerts.content.rebateChecks!.checks[0]!;
  const link = panel.getByRole('link', { name: new RegExp(`^${check.merchant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\$`) }).first();
  await expect(link).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/digest-bell.png' });
  // Opened: the count is gone, here and after a reload.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Alerts', exact: true })).toBeVisible();
  await expect.poll(async () => (await api<Alerts>(page, '/api/alerts')).unread).toBe(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/paymentinformation/${check.merchantId}/`));
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Alerts', exact: true })).toBeVisible();
});

test('Settings keeps the digest preferences: daily, fewer sections, and off', async ({ page }) => {
  test.slow();
  await signIn(page, 'dm@harbor.test', '/settings');
  const card = page.getByRole('form', { name: 'Win-back digest' });
  await expect(card).toBeVisible();
  await card.getByText('Daily', { exact: true }).click();
  await card.getByRole('checkbox', { name: 'Top win-back opportunities' }).uncheck();
  await card.getByRole('button', { name: 'Save preferences' }).click();
  await expect(card.getByRole('status')).toHaveText('Your digest preferences are saved.');
  await page.screenshot({ path: 'tests/screenshots/digest-settings.png' });
  const saved = await api<DigestPreferences>(page, '/api/digest/preferences');
  expect(saved.frequency).toBe('daily');
  expect(saved.sections).toEqual(['competitorShare', 'rebateChecks', 'overpaidInvoices']);
  expect(saved.timeZone).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));

  await page.reload();
  await expect(card.getByRole('checkbox', { name: 'Top win-back opportunities' })).not.toBeChecked();
  await expect(card.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await card.getByText('Off', { exact: true }).click();
  await expect(card.getByRole('checkbox', { name: 'Merchants buying more from competitors' })).toBeDisabled();
  await card.getByRole('button', { name: 'Save preferences' }).click();
  await expect(card.getByRole('status')).toBeVisible();
  expect((await api<DigestPreferences>(page, '/api/digest/preferences')).frequency).toBe('off');
});

test('a tampered unsubscribe link shows a page that says so, styled like the other public pages', async ({ page }) => {
  // A link of the right shape that the server did not sign, as a mail program that cut or changed it would open it.
  await page.goto('/api/digest/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: 'This unsubscribe link does not work' })).toBeVisible();
  await expect(page.getByText('This unsubscribe link is not valid.', { exact: false })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('{"');
  const login = page.getByRole('link', { name: 'Go to Login' });
  await expect(login).toBeVisible();
  // A full-width button of the portal's teal, not a bare link.
  expect(await login.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(8, 127, 91)');
  await page.screenshot({ path: 'tests/screenshots/digest-unsubscribe-bad-link-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/screenshots/digest-unsubscribe-bad-link-390.png' });
  await login.click();
  await expect(page).toHaveURL(/\/login$/);
});
