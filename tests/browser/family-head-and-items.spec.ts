import { expect, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

// Issue 39, items 1 and 2: the family head is not a house one acts for; screens name items by
// their description with the MIN beside it; "Money At Stake" says what it is.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Calls the API as the logged-in user (the token the app keeps). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const authKey = await page.evaluate(() => localStorage.getItem('authKey'));
  const headers = { authorization: `Bearer ${authKey}` };
  const res = method === 'GET' ? await page.request.get(`/api${path}`, { headers }) : await page.request.post(`/api${path}`, { data: body, headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`the House selector offers the family's houses, not the family head (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // A leader of its own, whose houses include "Harbor Foods (PA)": other files switch leader@harbor.test's house.
    await signIn(page, 'houses@harbor.test', '/dashboard');
    const house = page.getByRole('textbox', { name: 'House' });
    // On a phone the filters open from their button (again, should a render close them while the page settles).
    if (size === 'phone') {
      await expect(async () => {
        if (!(await house.isVisible())) await page.getByRole('button', { name: 'Filters' }).click();
        await expect(house).toHaveValue(/Harbor Foods/, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
    }
    await expect(house).toHaveValue(/Harbor Foods/, { timeout: 15_000 });
    await house.click();
    await expect(page.getByRole('option', { name: 'Harbor Foods Portland' })).toBeVisible();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']);
    await page.screenshot({ path: `tests/screenshots/family-head-house-selector-${size}.png` });
    await page.keyboard.press('Escape');
  });

  test(`a saved family head the server moved off: the portal says so and shows the house (${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // The server's move (server/routes/family-head.test.ts) is what this answer says happened.
    await page.route('**/api/user/current-distributor', async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({ json: { ...answer, movedFrom: { id: 1, platform_id: 'CP-000001', nickname: 'Harbor Foods (PA)' } } });
    });
    await signIn(page, 'houses@harbor.test', '/dashboard');
    const notice = page.getByRole('region', { name: 'Notices' }).getByRole('status');
    await expect(notice).toContainText('Your house has changed', { timeout: 15_000 });
    await expect(notice).toContainText('Harbor Foods (PA) heads a family of houses and has no purchases of its own, so you now act for Harbor Foods Boston.');
    await expect(page.getByTestId('active-distributor')).toHaveText('Harbor Foods Boston');
    await page.screenshot({ path: `tests/screenshots/family-head-moved-notice-${size}.png` });
    await page.getByRole('button', { name: 'Dismiss Your house has changed' }).click();
    await expect(notice).toHaveCount(0);
  });
}

test('a lost item on the dashboard opens the merchants that bought it, named by its description with the MIN beside it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'leader@harbor.test', '/dashboard');
  const card = page.getByRole('region', { name: 'Top Items Lost to Competitors' });
  const first = card.locator('tbody button').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  const described = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/competitiveinsights\/(merchants\?item=.+&description=|items\/)/, { timeout: 15_000 });
  if (/\/items\//.test(page.url())) return; // one merchant bought it: straight to its items (insights.spec.ts)
  const filter = page.getByTestId('insights-filter');
  // The card and the filter title-case and shorten a description alike.
  const min = new URL(page.url()).searchParams.get('item');
  await expect(filter).toContainText(`Merchants that bought the item ${described} (MIN ${min}) from competitors`);
  await expect(page.getByTestId('insights-merchants').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'tests/screenshots/lost-item-merchants-desktop.png' });
  await page.setViewportSize(PHONE);
  await expect(filter).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/lost-item-merchants-phone.png' });
});

test('the similar-items page names the item by its description, the MIN beside it (desktop and phone)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'leader@harbor.test', '/faq');
  const [row] = (await api<{ rows: { min: string; description: string; manufacturerPlatformId: string }[] }>(page, 'GET', '/rebate-deviation?page=1')).rows;
  const url = ['/rebates/matches', ...[row!.description, row!.min, row!.manufacturerPlatformId, '-'].map(encodeURIComponent)].join('/');
  await page.goto(url);
  const of = page.getByTestId('similar-items-of');
  await expect(of).toBeVisible({ timeout: 15_000 });
  const titled = row!.description.toLowerCase().replace(/(^|[\s/(-])(\p{L})/gu, (_, b: string, l: string) => b + l.toUpperCase());
  await expect(of).toHaveText(`Items that can replace ${titled} (MIN ${row!.min})`);
  await expect(page.getByTestId('similar-items-table').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'tests/screenshots/similar-items-named-desktop.png' });
  await page.setViewportSize(PHONE);
  await expect(of).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/similar-items-named-phone.png', fullPage: true });
});

test('the win-back list explains Money At Stake beside its header, and on a phone beside the amount', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'leader@harbor.test', '/competitiveinsights/winback');
  const table = page.getByTestId('win-back-table');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  const help = table.getByRole('button', { name: 'About Money At Stake' });
  await help.hover();
  const explanation = "The merchant's competitor spend on this item over the period (its Competitor Volume): the sales the house stands to win back.";
  await expect(page.getByRole('tooltip')).toHaveText(explanation);
  await page.screenshot({ path: 'tests/screenshots/win-back-money-at-stake-desktop.png' });
  await page.setViewportSize(PHONE);
  const cards = page.getByTestId('win-back-cards');
  await expect(cards).toBeVisible({ timeout: 15_000 });
  await cards.getByRole('button', { name: 'About at stake' }).first().click();
  await expect(page.getByRole('tooltip')).toHaveText(explanation);
  await page.screenshot({ path: 'tests/screenshots/win-back-money-at-stake-phone.png' });
});
