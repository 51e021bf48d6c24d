import fs from 'node:fs';
import { expect, type Page, type Route } from '@playwright/test';
import { test } from './a11y-test.ts';
import Papa from 'papaparse';
import { sideMenu, signIn } from './login-helpers.ts';

/** Intel in the real built app, on the demo data (the last two months, so the default range has numbers). */

/** Whether an input's placeholder shows whole: its text, measured in the input's font, against the room inside the box. */
const placeholderRoom = (el: HTMLInputElement) => {
  const s = getComputedStyle(el);
  const ctx = document.createElement('canvas').getContext('2d')!;
  ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  return { text: el.placeholder, width: Math.ceil(ctx.measureText(el.placeholder).width), room: el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) };
};

async function openIntel(page: Page, email = 'leader@harbor.test') {
  await signIn(page, email, '/intel');
  await expect(page).toHaveURL(/\/intel\/list$/);
  await expect(page.getByTestId('intel-table').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
}

test('the leader sees the progress of the batches, then the list', async ({ page }) => {
  // Hold the intel batch so the progress text can be read before it answers.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const bodies: { merchants: unknown[] }[] = [];
  await page.route('**/api/intel', async (route: Route) => {
    bodies.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  await signIn(page, 'leader@harbor.test', '/intel');
  await expect(page).toHaveURL(/\/intel\/list$/);
  const progress = page.getByTestId('intel-progress');
  await expect(progress).toHaveText(/^0\/\d+ Merchants Loaded$/, { timeout: 15_000 });
  const total = Number((await progress.textContent())!.split('/')[1]!.split(' ')[0]);
  expect(total).toBeGreaterThan(0);
  await page.screenshot({ path: 'tests/screenshots/intel-progress-desktop.png' });
  release();
  await expect(progress).toHaveCount(0, { timeout: 15_000 });
  // Every batch holds at most 250 merchants, and together they are the whole list.
  expect(bodies.every((b) => b.merchants.length <= 250)).toBe(true);
  expect(bodies.reduce((a, b) => a + b.merchants.length, 0)).toBe(total);
  const rows = page.getByTestId('intel-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(16);
  // Default sort: total volume, largest first; volumes as $0,0.00, percentages as 0.0%.
  const firstRow = await rows.first().textContent();
  expect(firstRow).toMatch(/\$[\d,]+\.\d\d/);
  expect(firstRow).toMatch(/\d+\.\d%/);
  const totals = await rows.evaluateAll((trs) => trs.map((tr) => Number((tr.children[2]?.textContent ?? '').replace(/[$,]/g, ''))));
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  await page.screenshot({ path: 'tests/screenshots/intel-list-desktop.png', fullPage: true });

  // Search applies on Enter and finds by name; a name nobody has shows 'No Data Found'.
  const search = page.getByRole('textbox', { name: 'Search merchant name or account number' });
  await search.fill('zzz-nobody');
  await expect(rows.first()).toBeVisible();
  await search.press('Enter');
  await expect(page.getByText('No Data Found')).toBeVisible();
  await search.fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(rows.first()).toBeVisible();
});

test("the list's sort and page are in the address bar: a reload, or the link sent to a colleague, shows the same rows", async ({ page }) => {
  await openIntel(page);
  const rows = page.getByTestId('intel-table').locator('tbody tr');
  await page.getByTestId('intel-table').getByRole('columnheader', { name: /^Merchant/ }).click();
  await expect(page).toHaveURL(/\/intel\/list\?sort=merchant\.asc$/);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/intel\/list\?sort=merchant\.asc&page=2$/);
  const names = async () => rows.evaluateAll((trs) => trs.map((tr) => tr.children[0]?.textContent ?? ''));
  await expect.poll(names).not.toEqual([]);
  const shown = await names();
  await page.reload();
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(names).toEqual(shown);
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('data-active', 'true');
});

test('list → detail → Reveal shows the values; a second Reveal hides the first', async ({ page }) => {
  // A whole house's list, a detail page and two axe audits of large tables: over 30 s on a busy 2-core machine.
  test.slow();
  await openIntel(page);
  await page.getByRole('button', { name: 'See Details' }).and(page.locator(':not([disabled])')).first().click();
  await expect(page).toHaveURL(/\/intel\/detail\/\d+\/competitive$/);
  const table = page.getByTestId('intel-detail-table');
  if (await page.getByText('No data found').isVisible()) {
    await page.getByRole('tab', { name: 'Distributor Purchases' }).click();
    await expect(page).toHaveURL(/\/distributor$/);
  }
  const rows = table.locator('tbody tr');
  await expect(rows.nth(1)).toBeVisible();
  // A row with a rebate, so revealing shows a value; the second row is any other.
  const flags = await rows.getByTestId('intel-rebate').allTextContents();
  const i = Math.max(0, flags.indexOf('Y'));
  const first = rows.nth(i);
  const second = rows.nth(i === 0 ? 1 : 0);
  await expect(first.getByTestId('intel-rebate')).toHaveText(/^[YN]$/);
  await first.getByRole('button', { name: 'Reveal' }).click();
  await expect(first.getByRole('button', { name: 'Hide' })).toBeVisible();
  await expect(first.getByTestId('intel-rebate')).not.toHaveText(/^[YN]$/);
  await expect(first.getByTestId('intel-deviation')).not.toHaveText(/^[YN]$/);
  // Descriptions are title-cased; the Market Index is a range or N/A.
  await expect(first.locator('td').nth(0)).toHaveText(/^[A-Z0-9]/);
  await expect(first.locator('td').nth(7)).toHaveText(/^(\$[\d,.]+ – \$[\d,.]+|N\/A: .+)$/);
  await page.screenshot({ path: 'tests/screenshots/intel-detail-desktop.png', fullPage: true });
  await second.getByRole('button', { name: 'Reveal' }).click();
  await expect(second.getByRole('button', { name: 'Hide' })).toBeVisible();
  await expect(first.getByTestId('intel-rebate')).toHaveText(/^[YN]$/);
  await expect(first.getByRole('button', { name: 'Reveal' })).toBeVisible();

  // /intel comes back to this detail page, the last intel page viewed.
  await sideMenu(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
  const detailUrl = /\/intel\/detail\/\d+\/(competitive|distributor)$/;
  await sideMenu(page).getByRole('link', { name: 'Intel', exact: true }).click();
  await expect(page).toHaveURL(detailUrl);
  // A reload keeps it for the tab's session; logging out forgets it.
  await sideMenu(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.reload();
  await sideMenu(page).getByRole('link', { name: 'Intel', exact: true }).click();
  await expect(page).toHaveURL(detailUrl);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await openIntel(page);
});

test('Intel shows its title and progress line at once while its code loads (issue 39: it was blank)', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Hold the Intel views' code: what shows meanwhile is the frame, not an empty page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/intel-(page|list-page)-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Intel' }).click();
  await expect(page.getByRole('heading', { name: 'Intel', level: 1 })).toBeVisible();
  await expect(page.getByTestId('intel-progress')).toHaveText('Loading merchants…');
  await page.screenshot({ path: 'tests/screenshots/intel-loading-frame-desktop.png' });
  release();
  await expect(page.getByTestId('intel-table').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Intel', level: 1 })).toHaveCount(1);
});

test('graph cards list 4 distributors, then Show More', async ({ page }) => {
  await openIntel(page);
  await page.locator('label', { hasText: /^Graph$/ }).click();
  await expect(page).toHaveURL(/\/intel\/graph$/);
  const cards = page.getByTestId('intel-graph-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(8);
  await page.screenshot({ path: 'tests/screenshots/intel-graph-desktop.png', fullPage: true });
  // Names are whole (issue 39): wrapped, neither cut with an ellipsis nor clamped, also on a
  // narrower window where the cards are narrower.
  const texts = cards.locator('p');
  const cutTexts = () =>
    texts.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || getComputedStyle(el).textOverflow === 'ellipsis').map((el) => el.textContent));
  expect(await cutTexts()).toEqual([]);
  await page.setViewportSize({ width: 1000, height: 900 });
  await expect.poll(cutTexts).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(await cards.first().getByTestId('intel-card-merchant').count()).toBe(1);
  // A card with more than 4 distributors (pinned by position: its button's name changes).
  const withMore = await cards.evaluateAll((els) => els.findIndex((el) => el.textContent?.includes('Show More')));
  expect(withMore).toBeGreaterThanOrEqual(0);
  const card = cards.nth(withMore);
  const listed = () => card.locator('.mantine-Stack-root .mantine-Group-root').count();
  const before = await listed();
  await card.getByRole('button', { name: 'Show More' }).click();
  await expect(card.getByRole('button', { name: 'Show Less' })).toBeVisible();
  expect(await listed()).toBeGreaterThan(before);
});

test('line chart: logarithmic by default, switched to linear', async ({ page }) => {
  // The list's batches leave the line chart's months out (most of a batch's bytes); the line chart asks them.
  const asksMonths: boolean[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/intel')) asksMonths.push(r.postDataJSON().monthly === true);
  });
  await openIntel(page);
  expect(asksMonths.length).toBeGreaterThan(0);
  expect(asksMonths.every((m) => !m)).toBe(true);
  await page.goto('/intel/linechart');
  const cards = page.getByTestId('intel-line-card');
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  expect(asksMonths.at(-1)).toBe(true);
  expect(await cards.count()).toBeLessThanOrEqual(4);
  await expect(cards.first()).toHaveAttribute('data-scale', 'log');
  const ticks = () => cards.first().locator('svg text').allTextContents();
  const logTicks = await ticks();
  await page.screenshot({ path: 'tests/screenshots/intel-linechart-desktop.png', fullPage: true });
  await page.getByText('Logarithmic scale').click();
  await expect(cards.first()).toHaveAttribute('data-scale', 'linear');
  await expect.poll(ticks).not.toEqual(logTicks);
  await page.locator('label', { hasText: /^12 months$/ }).click();
  await expect(cards.first().locator('svg text', { hasText: /^\d{4}-\d\d$/ })).toHaveCount(12);
  // Each chart's table: a row per month, its volumes in dollars, captioned with what it shows.
  await page.getByText('Show as tables').click();
  const table = cards.first().getByTestId('chart-table');
  await expect(table.locator('caption')).toHaveText(/^Monthly volume of .+ by distributor$/);
  await expect(table.locator('tbody tr')).toHaveCount(12);
  await expect(table.locator('tbody tr').first().locator('td').first()).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(cards.first().locator('svg')).toHaveCount(0);
});

/** Every drawn line and point of each line card, and the house's own series, measured against the plot area. */
async function seriesOutsidePlot(page: Page) {
  return page.getByTestId('intel-line-card').evaluateAll((cards) =>
    cards.map((card) => {
      const svg = card.querySelector('svg')!;
      // The plot area is what the vertical grid lines span (the axes' 5 px ticks are left out).
      const grid = [...svg.querySelectorAll('line')].map((l) => l.getBoundingClientRect()).filter((r) => r.height > 20);
      const top = Math.min(...grid.map((r) => r.top));
      const bottom = Math.max(...grid.map((r) => r.bottom));
      // A line's geometry, and a point's centre (its dot may overhang the edge by its radius).
      const lines = [...svg.querySelectorAll('path[fill="none"]')].map((e) => e.getBoundingClientRect()).map((r) => [r.top, r.bottom]);
      const points = [...svg.querySelectorAll('circle')].map((e) => e.getBoundingClientRect()).map((r) => [(r.top + r.bottom) / 2, (r.top + r.bottom) / 2]);
      const drawn = [...lines, ...points];
      const outside = drawn.filter(([t, b]) => t! < top - 1 || b! > bottom + 1).length;
      const own = card.querySelector('[data-own-series]');
      const ownColor = own ? getComputedStyle(own).backgroundColor : null;
      const ownLine = [...svg.querySelectorAll('path[fill="none"]')].some((l) => getComputedStyle(l).stroke === ownColor);
      return { outside, drawn: drawn.length, ownLine };
    }),
  );
}

test("line chart: every series lies inside the plot in both scales, the house's own one drawn", async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await openIntel(page);
  await page.goto('/intel/linechart');
  const cards = page.getByTestId('intel-line-card');
  await expect(cards.first().locator('svg circle').first()).toBeVisible({ timeout: 20_000 });
  for (const scale of ['log', 'linear', 'log'] as const) {
    await expect(cards.first()).toHaveAttribute('data-scale', scale);
    const measured = await seriesOutsidePlot(page);
    expect(measured.length).toBeGreaterThan(0);
    for (const m of measured) expect(m).toEqual({ outside: 0, drawn: m.drawn, ownLine: true });
    await expect(cards.first().locator('[data-own-series]')).toBeVisible();
    if (scale === 'log') await page.screenshot({ path: 'tests/screenshots/intel-linechart-log-desktop.png', fullPage: true });
    await page.getByText('Logarithmic scale').click();
  }
  expect(errors).toEqual([]);
});

test('unknown intel paths, and the detail of a missing merchant, go to the list', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/intel/nonsense');
  await expect(page).toHaveURL(/\/intel\/list$/);
  // A detail page of a merchant the house does not have goes back to /intel, here the list.
  await page.goto('/intel/detail/2147483647/competitive');
  await expect(page).toHaveURL(/\/intel\/list$/, { timeout: 20_000 });
});

test('the rep has no Intel menu entry and /intel sends them to the dashboard', async ({ page }) => {
  await signIn(page, 'rep@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sideMenu(page).getByRole('link', { name: 'Intel' })).toHaveCount(0);
  await page.goto('/intel');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/intel/list');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('on a phone, every intel view renders (screenshots)', async ({ page }) => {
  // Three views, each photographed and audited by axe: over 30 s on a busy 2-core machine.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'leader@harbor.test', '/intel/list');
  // Phones get one card per merchant with every figure, and the sort as a select.
  const merchantCards = page.getByTestId('intel-list-cards').locator('.mantine-Card-root');
  await expect(merchantCards.first()).toBeVisible({ timeout: 20_000 });
  await expect(merchantCards.first()).toContainText(/Competitors \$[\d,]+\.\d\d \(\d+\.\d%\)/);
  // Every See Details label is whole, however long the merchant's name beside it.
  const clipped = await merchantCards.getByRole('button', { name: 'See Details' }).evaluateAll((buttons) =>
    buttons.filter((b) => [b, ...b.querySelectorAll('span')].some((e) => e.scrollWidth > e.clientWidth + 1)).length);
  expect(clipped).toBe(0);
  const firstName = await merchantCards.first().locator('p').first().textContent();
  await page.getByRole('textbox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Merchant', exact: true }).click();
  await expect(merchantCards.first().locator('p').first()).not.toHaveText(firstName!);
  const names = await merchantCards.evaluateAll((cards) => cards.map((c) => c.querySelector('p')!.textContent!));
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  await page.screenshot({ path: 'tests/screenshots/intel-list-mobile.png', fullPage: true });
  await page.getByRole('button', { name: 'See Details' }).and(page.locator(':not([disabled])')).first().click();
  // Phones get one card per item, with Reveal on screen.
  const cards = page.getByTestId('intel-detail-cards');
  await expect(cards.or(page.getByText('No data found'))).toBeVisible();
  if (await cards.isVisible()) {
    await cards.getByRole('button', { name: 'Reveal' }).first().click();
    await expect(cards.getByRole('button', { name: 'Hide' })).toHaveCount(1);
  }
  await page.screenshot({ path: 'tests/screenshots/intel-detail-mobile.png' });
  await page.goto('/intel/graph');
  await expect(page.getByTestId('intel-graph-card').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'tests/screenshots/intel-graph-mobile.png', fullPage: true });
  await page.goto('/intel/linechart');
  await expect(page.getByTestId('intel-line-card').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'tests/screenshots/intel-linechart-mobile.png', fullPage: true });
});

test('the Intel search boxes show their whole placeholder on a desktop and on a phone', async ({ page }) => {
  for (const size of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await signIn(page, 'leader@harbor.test', '/intel/list');
    const search = page.getByRole('textbox', { name: 'Search merchant name or account number' });
    await expect(search).toBeVisible({ timeout: 20_000 });
    const room = await search.evaluate(placeholderRoom);
    expect(room.width, `${room.text} at ${size.width}`).toBeLessThanOrEqual(room.room);
    await page.screenshot({ path: `tests/screenshots/intel-search-${size.width}.png` });
  }
});

test('an internal admin switched into the leader downloads the intel list and opens the debug page', async ({ page }) => {
  // Two logins, a whole house's Intel list, a download and the debug page: 24 s on a busy 2-core machine.
  test.slow();
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  for (const [label, option] of [['Distributor', 'Harbor Foods Boston'], ['User', /leader@harbor\.test/]] as const) {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  }
  await page.getByRole('textbox', { name: 'Reason' }).fill('Browser test: checking what the user sees');
  await page.getByRole('button', { name: 'Log in as user' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/intel/list');
  const rows = page.getByTestId('intel-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const firstMerchant = await rows.first().locator('td').nth(1).textContent();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export intel list' }).click()]);
  expect(download.suggestedFilename()).toMatch(/For internal use only\.csv$/);
  const csv = Papa.parse<Record<string, string>>(fs.readFileSync((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true });
  expect(csv.data[0]!.Merchant).toBe(firstMerchant);
  expect(csv.data.length).toBeGreaterThanOrEqual(await rows.count());

  // The debug page of the first merchant with details.
  await page.getByRole('button', { name: 'See Details' }).and(page.locator(':not([disabled])')).first().click();
  const id = /\/intel\/detail\/(\d+)\//.exec(page.url())![1];
  await page.goto(`/debug_details/${id}`);
  await expect(page.getByRole('heading', { name: 'Debug Details' })).toBeVisible();
  await expect(page.getByTestId('debug-distributors').locator('tbody tr').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('debug-items').locator('tbody tr').first()).toBeVisible();
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  await page.getByRole('button', { name: 'Send to console' }).first().click();
  await expect.poll(() => logged.some((t) => t.startsWith('merchant'))).toBe(true);
  await page.screenshot({ path: 'tests/screenshots/intel-debug-desktop.png', fullPage: true });
});

test('the debug page is not for a leader of their own', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/debug_details/1');
  await expect(page).toHaveURL(/\/dashboard$/);
});
