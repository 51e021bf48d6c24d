import { expect, type Page, type Request } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

/** The demo data covers the last two months, so the default range (the previous calendar month) has numbers. */

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);
const money = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

async function openDashboard(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
  return money(await stat(page, 'Total Volume').textContent());
}

test('a leader sees non-zero stats for the previous month', async ({ page }) => {
  const dashboards: Request[] = [];
  page.on('request', (r) => r.url().endsWith('/api/dashboard') && dashboards.push(r));
  const total = await openDashboard(page, 'leader@harbor.test');
  expect(total).toBeGreaterThan(0);
  expect(money(await stat(page, 'Estimated Rebates').textContent())).toBeGreaterThan(0);
  await expect(stat(page, 'Competitor Volume')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByText(/^\d+(\.\d)?% of total volume$/)).toBeVisible();
  // Spec §5: rebates on, deviations off; the range is the whole previous month.
  const body = dashboards[0]!.postDataJSON();
  expect(body).toMatchObject({ showRebates: 1, showDeviations: 0 });
  expect(body.startDate).toMatch(/-01$/);
  await expect(page.getByRole('region', { name: 'Top Items Lost to Competitors' }).getByRole('row')).not.toHaveCount(0);
  await page.screenshot({ path: 'tests/screenshots/dashboard-desktop.png', fullPage: true });
});

test('switching house sets it first, then reloads that house’s merchants', async ({ page }) => {
  const order: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/merchant' || path.startsWith('/api/user/active-distributor/')) order.push(`${r.method()} ${path}`);
  });
  page.on('requestfinished', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/user/active-distributor/')) order.push('set finished');
  });
  // A leader of its own: other test files read leader@harbor.test's active house meanwhile.
  await openDashboard(page, 'houses@harbor.test');
  const location = page.getByRole('textbox', { name: 'Location' });
  await location.click();
  const before = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'House' }).click();
  await page.getByRole('option', { name: 'Harbor Foods Portland' }).click();
  await expect(page.getByRole('textbox', { name: 'House' })).toHaveValue('Harbor Foods Portland');
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => order.filter((o) => o === 'GET /api/merchant').length).toBe(2);
  const set = order.findIndex((o) => o.startsWith('POST'));
  expect(order.indexOf('set finished')).toBeGreaterThan(set);
  expect(order.lastIndexOf('GET /api/merchant')).toBeGreaterThan(order.indexOf('set finished'));

  await location.click();
  const after = await page.getByRole('option').allTextContents();
  expect(after.length).toBeGreaterThan(0);
  expect(after).not.toEqual(before);
  await page.keyboard.press('Escape');
  // The header names the new house at once, and still after a reload.
  await expect(page.getByTestId('active-distributor')).toHaveText('Harbor Foods Portland');
  await page.reload();
  await expect(page.getByTestId('active-distributor')).toHaveText('Harbor Foods Portland');
  await expect(page.getByRole('textbox', { name: 'House' })).toHaveValue('Harbor Foods Portland');

  // The server keeps the active house across logins: put it back for a rerun against the same server.
  await page.getByRole('textbox', { name: 'House' }).click();
  await page.getByRole('option', { name: 'Harbor Foods Boston' }).click();
  await expect(page.getByTestId('active-distributor')).toHaveText('Harbor Foods Boston');
  // Two loads before the reload, one after it, one for the switch back.
  await expect.poll(() => order.filter((o) => o === 'GET /api/merchant').length).toBe(4);
});

test('a new range aborts the dashboard call in flight and shows the new range', async ({ page }) => {
  // Record which calls the page aborts (axios uses XMLHttpRequest in the browser).
  await page.addInitScript(() => {
    const w = window as unknown as { aborted: string[] };
    w.aborted = [];
    const open = XMLHttpRequest.prototype.open;
    const abort = XMLHttpRequest.prototype.abort;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { url?: string }, ...args: unknown[]) {
      this.url = String(args[1]);
      return (open as (...a: unknown[]) => void).apply(this, args);
    };
    XMLHttpRequest.prototype.abort = function (this: XMLHttpRequest & { url?: string }) {
      w.aborted.push(this.url ?? '');
      return abort.call(this);
    };
  });
  await openDashboard(page, 'leader@harbor.test');
  const monthTotal = money(await stat(page, 'Total Volume').textContent());
  // Hold the first call of the new range long enough to change the range again while it is out.
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  await page.route(
    '**/api/dashboard',
    async (route) => {
      await released;
      await route.continue().catch(() => {});
    },
    { times: 1 },
  );
  const pick = async (from: string, to: string) => {
    await page.getByRole('button', { name: 'Date range' }).click();
    await page.locator('table button:not([data-outside])', { hasText: new RegExp(`^${from}$`) }).first().click();
    await page.locator('table button:not([data-outside])', { hasText: new RegExp(`^${to}$`) }).first().click();
  };
  await pick('1', '10');
  await expect(page.getByRole('region', { name: 'Overall Stats' }).getByLabel('Loading')).toBeVisible();
  await pick('1', '20');
  await expect.poll(() => page.evaluate(() => (window as unknown as { aborted: string[] }).aborted)).toEqual(['/api/dashboard']);
  await expect(stat(page, 'Total Volume')).toBeVisible();
  release();
  const partTotal = money(await stat(page, 'Total Volume').textContent());
  expect(partTotal).toBeGreaterThan(0);
  expect(partTotal).toBeLessThan(monthTotal);
  await expect(page.getByRole('button', { name: 'Date range' })).toHaveText(/^(\d\d)\/01\/(\d{4}) – \1\/20\/\2$/);
  // A cancelled call is silent.
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a range over a year shows the dialog and asks nothing', async ({ page }) => {
  await openDashboard(page, 'leader@harbor.test');
  let dashboardCalls = 0;
  page.on('request', (r) => r.url().endsWith('/api/dashboard') && dashboardCalls++);
  const picker = page.getByRole('button', { name: 'Date range' });
  const applied = (await picker.textContent())!;
  await picker.click();
  const previous = page.locator('[data-direction="previous"]').first();
  const next = page.locator('[data-direction="next"]').first();
  for (let i = 0; i < 13; i++) await previous.click();
  await page.locator('table button:not([data-outside])', { hasText: /^1$/ }).first().click();
  for (let i = 0; i < 13; i++) await next.click();
  await page.locator('table button:not([data-outside])', { hasText: /^20$/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Dashboard' });
  await expect(dialog).toContainText('Please enter a date range no greater than 1 year.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  expect(dashboardCalls).toBe(0);
  // The numbers of the range in force stay on screen, and the picker shows that range, not the
  // one it refused (issue 39).
  expect(money(await stat(page, 'Total Volume').textContent())).toBeGreaterThan(0);
  await expect(picker).toHaveText(applied);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'tests/screenshots/dashboard-range-refused-desktop.png' });
  // A refused range again, on a phone: its picker sits in the Filters modal.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(picker).toHaveText(applied);
  await page.screenshot({ path: 'tests/screenshots/dashboard-range-refused-phone.png' });
});

test('a District Manager sees smaller totals than the leader for the same range', async ({ browser }) => {
  const leader = await browser.newPage();
  const dm = await browser.newPage();
  const leaderTotal = await openDashboard(leader, 'leader@harbor.test');
  await expect(leader.getByRole('textbox', { name: 'House' })).toHaveValue('Harbor Foods Boston');
  const dmTotal = await openDashboard(dm, 'dm@harbor.test');
  expect(dmTotal).toBeGreaterThan(0);
  expect(dmTotal).toBeLessThan(leaderTotal);
  // A District Manager has no house selector.
  await expect(dm.getByRole('textbox', { name: 'House' })).toHaveCount(0);
  await leader.close();
  await dm.close();
});

test('on a 390 px phone the filters sit in a Filters modal', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page, 'leader@harbor.test');
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveCount(0);
  await page.screenshot({ path: 'tests/screenshots/dashboard-mobile.png', fullPage: true });
  await page.getByRole('button', { name: 'Filters' }).click();
  const modal = page.getByRole('dialog', { name: 'Filters' });
  await expect(modal.getByRole('textbox', { name: 'House' })).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Location' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Date range' })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/dashboard-mobile-filters.png' });
});

test('clicking a lost category opens competitive insights filtered by it', async ({ page }) => {
  await openDashboard(page, 'leader@harbor.test');
  const card = page.getByRole('region', { name: 'Top Categories Lost to Competitors' });
  const first = card.getByRole('button').first();
  const category = (await first.textContent())!;
  await first.click();
  // /competitiveinsights?category= forwards at once to the filtered merchants list.
  await expect(page).toHaveURL(/\/competitiveinsights\/merchants\?category=/);
  expect(new URL(page.url()).searchParams.get('category')).toBe(category);
  await expect(page.getByRole('heading', { name: 'Competitive Insights', level: 1 })).toBeVisible();
  await expect(page.getByTestId('insights-filter')).toContainText(category);
});

test('announcements load once per session and a dismissed one stays away', async ({ page }) => {
  let announcementCalls = 0;
  page.on('request', (r) => r.url().endsWith('/api/announcement') && announcementCalls++);
  await openDashboard(page, 'leader@harbor.test');
  const banners = page.getByRole('alert');
  const count = await banners.count();
  expect(count).toBeGreaterThan(0);
  const dismissed = (await banners.first().textContent())!;
  await banners.first().getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banners).toHaveCount(count - 1);
  await page.getByRole('navigation').getByRole('link', { name: 'Competitive Insights' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(stat(page, 'Total Volume')).toBeVisible();
  await expect(banners).toHaveCount(count - 1);
  await expect(page.getByText(dismissed)).toHaveCount(0);
  expect(announcementCalls).toBe(1);
});

/** An announcement made by the internal admin through the API, and how to delete it again. */
async function announce(page: Page, text: string) {
  const login = await page.request.post('/api/auth/login', { data: { email: 'admin@portal.test', password: 'portal-demo' } });
  const headers = { authorization: `Bearer ${(await login.json()).authKey}` };
  const made = await page.request.post('/api/announcement', { headers, data: { text } });
  expect(made.ok(), await made.text()).toBe(true);
  const { id } = (await made.json()) as { id: number };
  const count = ((await (await page.request.get('/api/announcement', { headers })).json()) as unknown[]).length;
  return { id, count, remove: () => page.request.delete(`/api/announcement/${id}`, { headers }) };
}

test('a dismissed announcement stays dismissed on the next page load; a phone shows one banner and a count (issue 39)', async ({ page }) => {
  const text = `Dock closed for inventory ${Date.now()}`;
  const made = await announce(page, text);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(page, 'leader@harbor.test');
    const banners = page.getByRole('region', { name: 'Announcements' });
    const mine = banners.getByRole('alert').filter({ hasText: text });
    await expect(banners.getByRole('alert')).toHaveCount(made.count);
    await mine.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(mine).toHaveCount(0);
    await page.reload();
    await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
    await expect(banners.getByRole('alert')).toHaveCount(made.count - 1);
    await expect(mine).toHaveCount(0);
    await page.screenshot({ path: 'tests/screenshots/dashboard-announcements-desktop.png' });

    // A phone: the first banner and one line for the others, well inside the first screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(banners.getByRole('alert')).toHaveCount(1);
    const more = banners.getByRole('button', { name: `Show ${made.count - 2} more announcement${made.count - 2 === 1 ? '' : 's'}` });
    await expect(more).toBeVisible();
    const box = (await banners.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(844 / 3);
    await page.screenshot({ path: 'tests/screenshots/dashboard-announcements-phone.png' });
    await more.click();
    await expect(banners.getByRole('alert')).toHaveCount(made.count - 1);
    await expect(mine).toHaveCount(0);
  } finally {
    await made.remove();
  }
});

test('a chosen range and location stay in the URL, so a reload keeps them; a link it cannot read opens the defaults', async ({ page }) => {
  await openDashboard(page, 'leader@harbor.test');
  const picker = page.getByRole('button', { name: 'Date range' });
  const defaultRange = (await picker.textContent())!;
  await picker.click();
  await page.locator('table button:not([data-outside])', { hasText: /^1$/ }).first().click();
  await page.locator('table button:not([data-outside])', { hasText: /^10$/ }).first().click();
  await expect(picker).toHaveText(/^(\d\d)\/01\/(\d{4}) – \1\/10\/\2$/);
  const range = (await picker.textContent())!;
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/dashboard\?from=\d{4}-\d\d-01&to=\d{4}-\d\d-10$/);
  const location = page.getByRole('textbox', { name: 'Location' });
  await location.click();
  const option = page.getByRole('option').first();
  const place = (await option.textContent())!;
  await option.click();
  await expect(page).toHaveURL(/\/dashboard\?from=\d{4}-\d\d-01&to=\d{4}-\d\d-10&location=\d+$/);
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
  const url = page.url();

  // A reload (or the link shared) opens the same range and location, and asks for that dashboard.
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/dashboard'));
  await page.reload();
  const body = (await asked).postDataJSON();
  expect(page.url()).toBe(url);
  const query = new URL(url).searchParams;
  expect(body).toMatchObject({ startDate: query.get('from'), endDate: query.get('to'), merchants: [Number(query.get('location'))] });
  await expect(picker).toHaveText(range);
  await expect(location).toHaveValue(place);
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });

  // What the URL cannot say falls back to the previous month and All Locations, without a word.
  await page.goto('/dashboard?from=2026-02-30&to=soon&location=nowhere');
  await expect(stat(page, 'Total Volume')).toBeVisible({ timeout: 15_000 });
  await expect(picker).toHaveText(defaultRange);
  await expect(location).toHaveValue('');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
