import { expect, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';
import { formatDescription } from '../../src/model/rebate-format.ts';
import { NO_PRICE_HINT } from '../../src/model/intel-rules.ts';
import { REDIRECT_BANNER } from '../../src/model/insights-rules.ts';
import { payPeriods } from '../../src/model/payments.ts';
import { buildShowcase, LONE_ITEM, SHOWCASE_ACTIVE, SHOWCASE_IDLE, UNPRICED_ITEM } from '../../server/seed/showcase.ts';
import { buildWorld } from '../../server/seed/world.ts';

/**
 * The states the specifications name, as the seeded demo shows them (server/seed/showcase.ts,
 * README "Demo accounts"): each visited with the demo account that has it, and what the user sees
 * checked against the spec's words.
 */

// The catalogue does not depend on the number of merchants.
const showcase = buildShowcase(buildWorld(1));
const [current, previous] = payPeriods(new Date());

async function intelDetail(page: Page) {
  await signIn(page, 'solo@capeann.test', '/intel/list');
  const row = page.getByRole('row').filter({ hasText: SHOWCASE_ACTIVE });
  await row.getByRole('button', { name: 'See Details' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/intel\/detail\/\d+\//);
  await page.getByRole('tab', { name: 'Distributor Purchases' }).click();
  await expect(page).toHaveURL(/\/distributor$/);
}

/** The screen as it is at desktop size, then at a phone's (390 × 844), for a person to look at. */
async function bothSizes(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `tests/screenshots/${name}-phone.png` });
}

async function searchItems(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search description or manufacturer' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('a purchase without a price: Market Index and last order price N/A with the hint, never $0.00 (Intel)', async ({ page }) => {
  await intelDetail(page);
  await searchItems(page, 'sea salt');
  const row = page.getByTestId('intel-detail-table').locator('tbody tr').filter({ hasText: formatDescription(UNPRICED_ITEM.description) });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  const na = row.getByTestId('market-index-na');
  // Its name starts with what it shows, then the hint.
  await expect(na).toHaveAccessibleName(new RegExp(`^N/A\\s*: ${NO_PRICE_HINT}$`));
  await na.hover();
  await expect(page.getByRole('tooltip')).toHaveText(NO_PRICE_HINT);
  // No price reported and no Market Index: the last order price is not known either.
  await expect(row.getByTestId('last-price-na')).toHaveAccessibleName(new RegExp(`^N/A\\s*: ${NO_PRICE_HINT}$`));
  await expect(row).not.toContainText('$0.00');
  await bothSizes(page, 'demo-market-index-na');
});

test('a description longer than 96 characters is title-cased and cut at 96 with an ellipsis (Intel)', async ({ page }) => {
  const long = showcase.longItem.description;
  expect(long.length).toBeGreaterThan(96);
  const shown = formatDescription(long);
  expect(shown).toHaveLength(97);
  expect(shown.endsWith('…')).toBe(true);
  await intelDetail(page);
  await searchItems(page, long.split(' ').slice(0, 2).join(' '));
  await expect(page.getByTestId('intel-detail-table').getByText(shown, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('intel-detail-table').getByText(long.slice(0, 100), { exact: false })).toHaveCount(0);
  await bothSizes(page, 'demo-long-description');
});

test('an item with no similar items says so', async ({ page }) => {
  await intelDetail(page);
  await searchItems(page, 'saffron');
  const row = page.getByTestId('intel-detail-table').locator('tbody tr').filter({ hasText: formatDescription(LONE_ITEM.description) });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/rebates/matches/[^/]+/${LONE_ITEM.min}/`));
  await expect(page.getByText('There are no similar items for this item')).toBeVisible({ timeout: 20_000 });
  await bothSizes(page, 'demo-no-similar-items');
});

test('a user with one merchant goes from a lost item on the dashboard to its items, with the banner', async ({ page }) => {
  await signIn(page, 'solo@capeann.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const lost = page.getByRole('table', { name: 'Items lost' }).locator('tbody button').first();
  await expect(lost).toBeVisible({ timeout: 20_000 });
  await lost.click();
  await expect(page).toHaveURL(/\/competitiveinsights\/items\/[^/]+\/\d+/, { timeout: 15_000 });
  await expect(page.getByTestId('redirect-banner')).toHaveText(REDIRECT_BANNER);
  await expect(page.getByRole('heading', { name: SHOWCASE_ACTIVE })).toBeVisible();
  await bothSizes(page, 'demo-one-merchant-banner');
});

test("a merchant without an account number shows '--', and with zero volumes its See Details is disabled", async ({ page }) => {
  await signIn(page, 'salem@capeann.test', '/competitiveinsights/merchants');
  const table = page.getByTestId('insights-merchants');
  const idle = table.locator('tbody tr').filter({ hasText: SHOWCASE_IDLE });
  await expect(idle).toHaveCount(1, { timeout: 20_000 });
  const cells = idle.getByRole('cell');
  await expect(cells.nth(0)).toHaveText('--');
  await expect(cells.nth(2)).toHaveText('$0.00');
  await expect(cells.nth(3)).toHaveText('$0.00');
  await expect(idle.getByRole('button', { name: `See details of ${SHOWCASE_IDLE}` })).toBeDisabled();
  // The merchant who buys has its number and a working button.
  const active = table.locator('tbody tr').filter({ hasText: SHOWCASE_ACTIVE });
  await expect(active.getByRole('cell').nth(0)).not.toHaveText('--');
  await expect(active.getByRole('button', { name: `See details of ${SHOWCASE_ACTIVE}` })).toBeEnabled();
  await bothSizes(page, 'demo-zero-volumes-no-number');
});

test("a house with no invoices shows 'No Invoices'", async ({ page }) => {
  await signIn(page, 'salem@capeann.test', '/invoice/scanning');
  await expect(page.getByText('No Invoices', { exact: true })).toBeVisible({ timeout: 20_000 });
  await bothSizes(page, 'demo-no-invoices');
});

test("a quarter with no checks, and a check's manufacturers donut past 15 slices", async ({ page }) => {
  await signIn(page, 'salem@capeann.test', '/paymentinformation/list');
  const rows = page.getByTestId('checks-table').locator('tbody tr');
  await expect(rows.filter({ hasText: SHOWCASE_ACTIVE })).toHaveCount(1, { timeout: 20_000 });

  await page.getByRole('textbox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: previous!.label }).click();
  await expect(page.getByText('No Checks For This Quarter')).toBeVisible({ timeout: 20_000 });
  await bothSizes(page, 'demo-no-checks-quarter');

  await page.getByRole('textbox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: current!.label }).click();
  await rows.filter({ hasText: SHOWCASE_ACTIVE }).getByRole('button', { name: 'View Details And Voucher' }).click();
  const panel = page.getByRole('dialog', { name: SHOWCASE_ACTIVE });
  const makers = panel.getByTestId('donut-table-manufacturers').locator('tbody tr');
  await expect(makers).toHaveCount(15, { timeout: 20_000 });
  await expect(panel.getByTestId('donut-rest-manufacturers')).toContainText('Not drawn (5)');
  await bothSizes(page, 'demo-donut-over-15');
  await panel.getByRole('button', { name: 'Show more' }).last().click();
  await expect(makers).toHaveCount(20);
});

test('more than 4 new alerts: the bell counts them', async ({ page }) => {
  await signIn(page, 'solo@capeann.test', '/faq');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Alerts, \d+ new$/ });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  const unread = Number((await bell.getAttribute('aria-label'))!.match(/\d+/)![0]);
  expect(unread).toBeGreaterThan(4);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Alerts' });
  await expect(panel.getByRole('link')).toHaveCount(unread);
  await bothSizes(page, 'demo-alerts-bell');
});
