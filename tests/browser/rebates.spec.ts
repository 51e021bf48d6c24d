import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

// The machine runs other suites at the same time; a page load may take longer than 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

// Column order of the desktop table: DIN, MIN, Description, Manufacturer, Rebate Type, Rebate
// (with Reveal/Hide), Deviated Price, Similar Items.
const COL = { din: 0, min: 1, description: 2, manufacturer: 3 } as const;

const bodyRows = (page: Page) => page.getByTestId('rebates-table').locator('tbody tr');
const cellTexts = (page: Page, col: number) => bodyRows(page).locator(`td:nth-child(${col + 1})`).allInnerTexts();

async function openAllRebates(page: Page) {
  await signIn(page, 'leader@harbor.test', '/rebates/anything-else');
  await expect(page).toHaveURL(/\/rebates\/list$/);
  await expect(bodyRows(page)).toHaveCount(20);
  await page.getByRole('tab', { name: 'ALL REBATES' }).click();
  await expect(bodyRows(page)).toHaveCount(20);
}

async function scrollToEnd(page: Page) {
  await page.getByTestId('rebates-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
}

test('search and a manufacturer filter narrow the list', async ({ page }) => {
  await openAllRebates(page);
  const search = page.getByRole('textbox', { name: 'Search rebates' });
  await expect(search).toHaveAttribute('placeholder', /MIN, description or manufacturer/);
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();

  const firstMin = (await cellTexts(page, COL.min))[0]!;
  await search.fill(firstMin.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // Polled: while the search runs the table holds a single placeholder row.
  await expect.poll(() => cellTexts(page, COL.min)).toEqual([firstMin]);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(bodyRows(page)).toHaveCount(20);
  const manufacturers = await cellTexts(page, COL.manufacturer);
  // Default order is manufacturer ascending: pick one that is not the first on the page.
  const wanted = manufacturers.find((m) => m !== manufacturers[0]) ?? manufacturers[0]!;

  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel.getByText('Harbor Foods Boston')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Search Manufacturer' }).fill(wanted.slice(0, 6));
  await panel.getByRole('checkbox', { name: wanted }).check();
  await page.screenshot({ path: 'tests/screenshots/rebates-filters.png' });
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect.poll(async () => new Set(await cellTexts(page, COL.manufacturer))).toEqual(new Set([wanted]));

  // Reset clears the drafts; Apply then shows everything again.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await panel.getByRole('button', { name: 'Reset' }).click();
  await expect(panel.getByRole('checkbox', { name: wanted })).not.toBeChecked();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(20);
});

test('a search with no results says so once, and emptying the box brings the list back (issue 39)', async ({ page }) => {
  await openAllRebates(page);
  const search = page.getByRole('textbox', { name: 'Search rebates' });
  const searchButton = page.getByRole('button', { name: 'Search', exact: true });
  await search.fill('zz no such rebate zz');
  await searchButton.click();
  await expect(page.getByText('No results found')).toHaveCount(1);
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText('No records to display')).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'tests/screenshots/rebates-no-results-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('No results found')).toHaveCount(1);
  await page.screenshot({ path: 'tests/screenshots/rebates-no-results-phone.png' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Deleting the text, as a user does with Backspace, not the × button.
  await search.click();
  await search.press('ControlOrMeta+a');
  await search.press('Backspace');
  await expect(searchButton).toBeDisabled();
  await expect(bodyRows(page)).toHaveCount(20);
  await expect(page.getByText('No results found')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
});

test('the search, the tab and the sort are in the URL: a reload shows the same list and controls (issue 37)', async ({ page }) => {
  await openAllRebates(page);
  const manufacturer = (await cellTexts(page, COL.manufacturer))[0]!;
  const search = page.getByRole('textbox', { name: 'Search rebates' });
  await search.fill(manufacturer);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(async () => new Set(await cellTexts(page, COL.manufacturer))).toEqual(new Set([manufacturer]));
  await page.getByRole('columnheader', { name: /DIN/ }).getByText('DIN', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=din(&|$)/);
  await expect(page).toHaveURL(/[?&]tab=all(&|$)/);
  expect(new URL(page.url()).searchParams.get('search')).toBe(manufacturer);
  await expect(page.getByText('Loading rebates…')).toHaveCount(0);
  const before = await cellTexts(page, COL.din);
  expect(before.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'ALL REBATES' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Search rebates' })).toHaveValue(manufacturer);
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
  await expect.poll(() => cellTexts(page, COL.din)).toEqual(before);

  // A link with values that mean nothing opens the default list, silently.
  await page.goto('/rebates/list?tab=mine&sort=price&order=sideways&manufacturers=x');
  await expect(page.getByRole('tab', { name: 'YOUR REBATES' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Search rebates' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(20);
});

test('scrolling to the end loads page 2 without repeating a row', async ({ page }) => {
  await openAllRebates(page);
  await page.screenshot({ path: 'tests/screenshots/rebates-list.png' });
  await scrollToEnd(page);
  await expect(bodyRows(page)).toHaveCount(40);
  const mins = await cellTexts(page, COL.min);
  expect(new Set(mins).size).toBe(40);
});

test("a failed page 2 shows 'Click to try again', and the retry appends that page", async ({ page }) => {
  await openAllRebates(page);
  const firstPage = await cellTexts(page, COL.min);
  const requested: string[] = [];
  await page.route(/\/api\/full-rebate-deviation\?.*page=2/, async (route) => {
    requested.push(new URL(route.request().url()).searchParams.get('page')!);
    if (requested.length === 1) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    else await route.continue();
  });
  await scrollToEnd(page);
  await expect(page.getByRole('button', { name: 'Click to try again' })).toBeVisible();
  expect(await cellTexts(page, COL.min)).toEqual(firstPage);

  await page.getByRole('button', { name: 'Click to try again' }).click();
  await expect(bodyRows(page)).toHaveCount(40);
  expect(requested).toEqual(['2', '2']);
  const both = await cellTexts(page, COL.min);
  expect(both.slice(0, 20)).toEqual(firstPage);
  expect(new Set(both).size).toBe(40);
  await expect(page.getByRole('button', { name: 'Click to try again' })).toHaveCount(0);
});

test('only one row is revealed at a time; hidden rows show only Y or N', async ({ page }) => {
  await openAllRebates(page);
  const rows = bodyRows(page);
  const rebate = (n: number) => rows.nth(n).getByTestId('rebate-value');
  for (const text of await rows.getByTestId('rebate-value').allInnerTexts()) expect(text).toBe('Y');
  for (const text of await rows.getByTestId('deviated-price').allInnerTexts()) expect(['Y', 'N']).toContain(text);

  await rows.nth(0).getByRole('button', { name: /^Reveal/ }).click();
  await expect(rows.nth(0)).toHaveAttribute('data-revealed', 'true');
  await expect(rebate(0)).toHaveText(/^(\$[\d,]+\.\d\d|\d+(\.\d)?%)$/);

  await rows.nth(1).getByRole('button', { name: /^Reveal/ }).click();
  await expect(rows.nth(1)).toHaveAttribute('data-revealed', 'true');
  await expect(rows.nth(0)).toHaveAttribute('data-revealed', 'false');
  await expect(page.locator('tbody tr[data-revealed="true"]')).toHaveCount(1);
  await expect(rebate(0)).toHaveText('Y');

  await rows.nth(1).getByRole('button', { name: /^Hide/ }).click();
  await expect(page.locator('tbody tr[data-revealed="true"]')).toHaveCount(0);
});

test('your rebates carry the house’s own DIN on every row', async ({ page }) => {
  await signIn(page, 'ops@summit.test', '/rebates/list');
  await expect(bodyRows(page)).toHaveCount(20);
  const dins = await cellTexts(page, COL.din);
  expect(dins.every((d) => d !== '--')).toBe(true);
});

test("similar items: the side panel, then the page, where feedback ends with 'Feedback Sent!'", async ({ page }) => {
  await openAllRebates(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/full-rebate-deviation/matches')) asked.push(r.url());
  });
  const min = (await cellTexts(page, COL.min))[0]!;
  await page.getByRole('button', { name: `View similar items of ${min}` }).click();
  const panel = page.getByRole('dialog', { name: 'Similar Items' });
  await expect(panel.getByTestId('similar-items-table').locator('tbody tr').first()).toBeVisible();
  await panel.getByRole('link', { name: 'Open the Similar Items page' }).click();

  await expect(page).toHaveURL(new RegExp(`/rebates/matches/[^/]+/${min}/`));
  await expect(page.getByRole('heading', { name: 'Similar Items', level: 1 })).toBeVisible();
  const rows = page.getByTestId('similar-items-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await expect(page.getByText(`Similar Items (${count})`)).toBeVisible();
  // The page shows what the panel fetched: one call for both.
  expect(asked).toHaveLength(1);
  await page.screenshot({ path: 'tests/screenshots/rebates-similar-items.png' });

  const badMin = await rows.first().locator('td').first().innerText();
  await rows.first().getByRole('button', { name: 'Leave Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give Feedback' });
  await dialog.getByRole('textbox').fill('Different pack size');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Feedback Sent!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The bad match no longer comes back for this house.
  await expect(rows).toHaveCount(count - 1);
  await expect(rows.locator('td:first-child', { hasText: new RegExp(`^${badMin}$`) })).toHaveCount(0);
  await expect(page.getByText('Feedback Sent!')).toHaveCount(0, { timeout: 6000 });

  // A MIN that does not exist is refused by the server: the dialog stays and says what is wrong.
  await page.getByRole('button', { name: '+ Recommend Similar Item' }).click();
  const recommend = page.getByRole('dialog', { name: 'Recommend Similar Item' });
  await recommend.getByRole('textbox').fill('abc');
  await recommend.getByRole('button', { name: 'Send' }).click();
  await expect(recommend.getByRole('alert')).toHaveText('No item has the MIN abc.');
  // One that cannot be a MIN is said at the field, before anything is sent.
  await recommend.getByRole('textbox').fill('ab c');
  await expect(recommend.getByRole('alert')).toHaveCount(0);
  await recommend.getByRole('button', { name: 'Send' }).click();
  await expect(recommend.getByRole('alert')).toHaveText('A MIN has only letters, digits and dashes (up to 40).');
  await page.screenshot({ path: 'tests/screenshots/rebates-feedback-refused.png' });
});

test('on a phone, Your Rebates shows cards and a Load More control once 20 are loaded', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'leader@harbor.test', '/rebates/list');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(40);
  await page.screenshot({ path: 'tests/screenshots/rebates-mobile.png' });
});

test('on a phone, Sort by opens a dialog of sorts: a choice sorts and closes it, all by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'leader@harbor.test', '/rebates/list');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(20);
  const sortBy = page.getByRole('button', { name: 'Sort by: Manufacturer (A–Z)' });
  await expect(sortBy).toHaveAttribute('aria-haspopup', 'dialog');
  await sortBy.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sort by' });
  await expect(dialog).toBeVisible();
  // Focus starts on the applied sort, the one marked.
  await expect(dialog.getByRole('button', { name: 'Manufacturer (A–Z)' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Manufacturer (A–Z)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('button', { pressed: true })).toHaveCount(1);
  // It fits the phone: nothing wider than the screen, every choice inside it.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'tests/screenshots/rebates-sort-dialog-mobile.png' });
  // Escape closes it as it was, focus back on the button; no new load.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(sortBy).toBeFocused();
  await expect(page).not.toHaveURL(/sort=/);

  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Manufacturer (A–Z)' })).toBeFocused();
  // Manufacturer (Z–A), Description (A–Z), then MIN.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'MIN' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]sort=min(&|$)/);
  await expect(page).not.toHaveURL(/order=desc/);
  await expect(page.getByRole('button', { name: 'Sort by: MIN' })).toBeFocused();
  await expect(cards).toHaveCount(20);
  const mins = await cards.evaluateAll((els) => els.map((el) => /MIN (\S+)/.exec(el.textContent ?? '')?.[1] ?? ''));
  expect(mins).toEqual([...mins].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  await page.screenshot({ path: 'tests/screenshots/rebates-sorted-mobile.png' });

  // Reopened: MIN is the one marked.
  await page.getByRole('button', { name: 'Sort by: MIN' }).click();
  await expect(dialog.getByRole('button', { name: 'MIN' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a description longer than 96 characters is cut there with an ellipsis (seeded long descriptions)', async ({ page }) => {
  await openAllRebates(page);
  await page.getByRole('textbox', { name: 'Search rebates' }).fill('dish machine');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(async () => (await cellTexts(page, COL.description)).some((d) => d.endsWith('…'))).toBe(true);
  const cut = (await cellTexts(page, COL.description)).find((d) => d.endsWith('…'))!;
  expect(cut.length).toBe(97);
  expect(cut).toMatch(/^Detergent Dish Machine/);
});
