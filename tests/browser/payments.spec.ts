import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfPages } from '../../server/testing/pdf-text.ts';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { expect, type Download, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { sideMenu, signIn } from './login-helpers.ts';
import { payPeriods, type CheckSummary, type RebateCheck } from '../../src/model/payments.ts';

/** Payment information and the business panel's Checks Data in the real built app, on the demo data. */

const quarters = payPeriods(new Date());
const current = quarters[0]!.value;

/** Whether an input's placeholder shows whole: its text, measured in the input's font, against the room inside the box. */
const placeholderRoom = (el: HTMLInputElement) => {
  const s = getComputedStyle(el);
  const ctx = document.createElement('canvas').getContext('2d')!;
  ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  return { text: el.placeholder, width: Math.ceil(ctx.measureText(el.placeholder).width), room: el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) };
};

async function openList(page: Page) {
  await signIn(page, 'leader@harbor.test', '/paymentinformation/list');
  await expect(page).toHaveURL(/\/paymentinformation\/list$/);
  await expect(page.getByTestId('checks-table').locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
}

/** The checks the API gives the logged-in page for a quarter: the list's call, or with `breakdowns: true`. */
async function listOf<C>(page: Page, timeframe: string, breakdowns: boolean): Promise<C[]> {
  return page.evaluate(async ({ tf, withBreakdowns }) => {
    const res = await fetch('/api/rebate-checks/checks', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authKey')}` },
      body: JSON.stringify({ timeframe: tf, merchantIds: [], breakdowns: withBreakdowns }),
    });
    return res.json();
  }, { tf: timeframe, withBreakdowns: breakdowns });
}
const checksOf = (page: Page, timeframe: string) => listOf<CheckSummary>(page, timeframe, false);
const fullChecksOf = (page: Page, timeframe: string) => listOf<RebateCheck>(page, timeframe, true);

/** Opens the side panel of one check of the quarter shown, found by its platform id. */
async function openPanel(page: Page, check: CheckSummary) {
  await page.getByRole('textbox', { name: 'Search' }).fill(check.platformClientId);
  const row = page.getByTestId('checks-table').locator('tbody tr').filter({ hasText: check.platformClientId });
  await row.getByRole('button', { name: 'View Details And Voucher' }).click();
  return page.getByRole('dialog', { name: check.merchant });
}

test('select three checks and download their vouchers as one ZIP', async ({ page }) => {
  await openList(page);
  const checks = await checksOf(page, current);
  // The stats add up what the server answered: 'Check' as check, the rest as ACH.
  const stats = page.getByTestId('check-stats');
  await expect(stats).toContainText(`Total Payments${checks.length}`);
  await page.screenshot({ path: 'tests/screenshots/payments-list-desktop.png', fullPage: true });

  const rows = page.getByTestId('checks-table').locator('tbody tr');
  for (const i of [0, 1, 2]) await rows.nth(i).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
  const names = await Promise.all([0, 1, 2].map(async (i) => (await rows.nth(i).locator('td').nth(2).textContent())!.trim()));

  // Vouchers on and Details off (the defaults): a ZIP of three vouchers.
  await expect(page.getByRole('switch', { name: 'Vouchers' })).toBeChecked();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe(`${current} - BulkExport.zip`);
  const entries = Object.keys(unzipSync(new Uint8Array(fs.readFileSync((await download.path())!))));
  expect(entries.sort()).toEqual(names.map((n) => `${current} - Voucher - ${n}.pdf`).sort());

  // With both toggles off, Download and Print cannot be pressed.
  await page.getByText('Vouchers', { exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Vouchers' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
  await page.getByRole('button', { name: 'Clear Selection' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('0 selected');

  // The Pay / No Pay Summary is an XLSX named for the quarter and the house.
  const [summary] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pay / No Pay Summary' }).click()]);
  expect(summary.suggestedFilename()).toBe(`${current} - Pay-No Pay Summary - Harbor Foods Boston.xlsx`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/screenshots/payments-list-phone.png', fullPage: true });
});

test('the side panel draws both donuts with tables, and Show more adds 15 manufacturers', async ({ page }) => {
  await openList(page);
  // A quarter where some check was paid by more than 15 manufacturers (the seed makes some).
  let found: { timeframe: string; check: RebateCheck } | null = null;
  for (const q of quarters) {
    const many = (await fullChecksOf(page, q.value)).find((c) => c.fromManufacturersCheckBreakdown.length > 15);
    if (many) {
      found = { timeframe: q.value, check: many };
      break;
    }
  }
  expect(found).not.toBeNull();
  const { timeframe, check } = found!;
  await page.getByRole('textbox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: quarters.find((q) => q.value === timeframe)!.label }).click();
  const panel = await openPanel(page, check);
  await expect(panel.getByTestId('payment-amount')).toHaveText(`$${check.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await expect(panel.getByRole('img', { name: /^Locations of this check/ })).toBeVisible();
  const makers = panel.getByTestId('donut-table-manufacturers').locator('tbody tr');
  await expect(makers).toHaveCount(15);
  await expect(panel.getByTestId('donut-rest-manufacturers')).toContainText(`Not drawn (${check.fromManufacturersCheckBreakdown.length - 15})`);
  await page.screenshot({ path: 'tests/screenshots/payments-panel-desktop.png' });
  await panel.getByRole('button', { name: 'Show more' }).last().click();
  await expect(makers).toHaveCount(Math.min(30, check.fromManufacturersCheckBreakdown.length));
  await panel.getByRole('button', { name: 'Show less' }).click();
  await expect(makers).toHaveCount(15);

  // Export Data: the breakdowns as CSV.
  const [csv] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export Data' }).click()]);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text.trim().split('\n')).toHaveLength(1 + check.toMerchantsCheckBreakdown.length + check.fromManufacturersCheckBreakdown.length);

  // View Voucher: the PDF in a modal, with Download.
  await panel.getByRole('button', { name: 'View Voucher' }).click();
  const voucher = page.getByRole('dialog', { name: 'Voucher' });
  await expect(voucher.locator('iframe[title="Voucher PDF"]')).toBeVisible();
  // The headless shell has no PDF viewer: it downloads the iframe's PDF too, under the blob's id, at
  // whatever moment the iframe loads. The Download link's file is the other one.
  const byLink = (d: Download) => !/^[0-9a-f-]{36}\.pdf$/.test(d.suggestedFilename());
  const [pdf] = await Promise.all([page.waitForEvent('download', byLink), voucher.getByRole('link', { name: 'Download' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`${timeframe} - Voucher - ${check.merchant}.pdf`);
  // The downloaded voucher reads as this check: its number on the first page.
  const [first] = await pdfPages(fs.readFileSync((await pdf.path())!));
  expect(first).toContain(`Check No. ${check.checkno}`);
});

test('the list comes without breakdowns; the panel loads them, and a failed load offers Retry', async ({ page }) => {
  // The list's own call, as the page makes it: no breakdowns in it.
  const listAnswer = page.waitForResponse((r) => r.url().endsWith('/api/rebate-checks/checks'));
  await openList(page);
  const [first] = (await (await listAnswer).json()) as CheckSummary[];
  expect(first).toBeDefined();
  expect(first).not.toHaveProperty('fromManufacturersCheckBreakdown');
  const check = (await fullChecksOf(page, current)).find((c) => c.merchantid === first!.merchantid)!;

  // The panel's first load of its check fails; Retry loads it again.
  let failures = 1;
  await page.route('**/api/rebate-checks/check', (route) => (failures-- > 0 ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.continue()));
  const panel = await openPanel(page, first!);
  await expect(panel.getByRole('alert')).toHaveText('Server Error');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByTestId('payment-amount')).toBeVisible();
  // The breakdowns the list left out are in the panel.
  await expect(panel.getByTestId('donut-table-locations').locator('tbody tr')).toHaveCount(Math.min(15, check.toMerchantsCheckBreakdown.length));
  await expect(panel.getByTestId('donut-table-manufacturers').locator('tbody tr')).toHaveCount(Math.min(15, check.fromManufacturersCheckBreakdown.length));
  await expect(panel.getByTestId('donut-table-manufacturers')).toContainText(check.fromManufacturersCheckBreakdown[0]!.manufacturer);
});

test('the merchant check page switches quarters and says when there is no check', async ({ page }) => {
  await openList(page);
  // A merchant with a check this quarter and none in some other quarter.
  const byQuarter = await Promise.all(quarters.map(async (q) => ({ q, ids: new Set((await checksOf(page, q.value)).map((c) => c.merchantid)) })));
  const now = await checksOf(page, current);
  let pick: { check: CheckSummary; missing: string } | null = null;
  for (const c of now) {
    const gap = byQuarter.find((b) => !b.ids.has(c.merchantid));
    if (gap) {
      pick = { check: c, missing: gap.q.label };
      break;
    }
  }
  expect(pick).not.toBeNull();
  const { check, missing } = pick!;
  await page.getByRole('textbox', { name: 'Search' }).fill(check.platformClientId);
  await page.getByRole('link', { name: check.merchant }).click();
  await expect(page).toHaveURL(new RegExp(`/paymentinformation/${check.merchantid}/`));
  await expect(page.getByRole('heading', { name: check.merchant })).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toBeVisible();
  await page.getByRole('textbox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: missing }).click();
  await expect(page.getByText('No Check For This Quarter')).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/payments-merchant-no-check-desktop.png' });
  // Any other path under /paymentinformation goes to the list.
  await page.goto('/paymentinformation/nothing');
  await expect(page).toHaveURL(/\/paymentinformation\/list$/);
});

test('a rep without displayPaymentInfo is sent away and has no menu entry', async ({ page }) => {
  await signIn(page, 'rep@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sideMenu(page).getByRole('link', { name: 'Payment Information' })).toHaveCount(0);
  await page.goto('/paymentinformation/list');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an internal admin turns a real spreadsheet into a PDF on the business panel', async ({ page }) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Checks');
  sheet.addRow(['Account MAP Relationship', 'Account Name', 'Check Number', 'Check Amount', 'Payment Method']);
  sheet.addRow(['Harbor Foods Boston - Seaside Grill', 'Seaside Grill', '500123', 1234.5, 'Check']);
  sheet.addRow(['Harbor Foods Boston - Seaside Grill', 'Harbor Deli', '500124', 87.1, 'ACH']);
  const file = path.join(os.tmpdir(), `checks-${Date.now()}.xlsx`);
  await book.xlsx.writeFile(file);

  await signIn(page, 'admin@portal.test', '/business-panel');
  await expect(page.getByRole('heading', { name: 'Platform Distributor Portal Business Panel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales Reps', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Checks Data' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Checks', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), (await chooser).setFiles(file)]);
  expect(download.suggestedFilename()).toBe('Harbor Foods Boston - Seaside Grill.pdf');
  expect(fs.readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('Downloaded Harbor Foods Boston - Seaside Grill.pdf')).toBeVisible();

  // A file that is no spreadsheet cannot be read.
  const broken = path.join(os.tmpdir(), `broken-${Date.now()}.xlsx`);
  fs.writeFileSync(broken, 'this is not a workbook');
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Both' }).click();
  await (await again).setFiles(broken);
  await expect(page.getByRole('alert')).toHaveText(/Failed to (read file|convert Xl file)\./);
  await page.screenshot({ path: 'tests/screenshots/business-panel-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/screenshots/business-panel-phone.png', fullPage: true });
});

test('the stats say what they count and follow the search and the routing filter; a phone keeps the rows in view', async ({ page }) => {
  test.setTimeout(90_000);
  await openList(page);
  const checks = await checksOf(page, current);
  const stats = page.getByTestId('check-stats');
  const rows = page.getByTestId('checks-table').locator('tbody tr');
  await expect(page.getByTestId('check-stats-scope')).toHaveText(`Totals of the checks of ${current}, every payment routing`);
  await expect(stats).toContainText(`Total Payments${checks.length}`);
  // One routing: the count is that of its checks, as the table shows them.
  const routing = checks.find((c) => c.paymentrouting)!.paymentrouting!;
  const routed = checks.filter((c) => c.paymentrouting === routing);
  await page.getByRole('textbox', { name: 'Payment routing' }).click();
  await page.getByRole('option', { name: routing, exact: true }).click();
  await expect(page.getByTestId('check-stats-scope')).toHaveText(`Totals of the checks of ${current}, routed to ${routing}`);
  await expect(stats).toContainText(`Total Payments${routed.length}`);
  // A search on top: one check, its amount the total.
  const one = routed[0]!;
  await page.getByRole('textbox', { name: 'Search' }).fill(one.platformClientId);
  await expect(rows).toHaveCount(1);
  await expect(stats).toContainText('Total Payments1');
  await expect(page.getByTestId('check-stats-scope')).toContainText(`matching '${one.platformClientId}'`);
  await page.screenshot({ path: 'tests/screenshots/payments-stats-filtered-desktop.png', fullPage: true });

  // An ACH payment's number says ACH once.
  await page.getByRole('textbox', { name: 'Payment routing' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  const ach = checks.find((c) => c.paymentmethod !== 'Check' && c.checkno?.startsWith('ACH'))!;
  const panel = await openPanel(page, ach);
  await expect(panel.getByText(`${ach.checkno} · `)).toBeVisible();
  await expect(panel.getByText(/ACH ACH/)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // On a phone the selection bar is not held over the rows until a check is chosen, and then takes little room.
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole('region', { name: 'Selected checks' });
  const covered = async () => {
    const box = (await bar.boundingBox())!;
    return Math.max(0, Math.min(box.y + box.height, 844) - Math.max(box.y, 0));
  };
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await covered()).toBe(0);
  await page.screenshot({ path: 'tests/screenshots/payments-list-mobile.png' });
  await rows.first().getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
  expect(await covered()).toBeLessThanOrEqual(844 * 0.2);
  await page.screenshot({ path: 'tests/screenshots/payments-selected-mobile.png' });
});

test('on a desktop the search placeholder shows whole and View Details And Voucher is one line', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openList(page);
  const room = await page.getByRole('textbox', { name: 'Search' }).evaluate(placeholderRoom);
  expect(room.width).toBeLessThanOrEqual(room.room);
  const details = page.getByRole('button', { name: 'View Details And Voucher' }).first();
  const label = await details.evaluate((b) => {
    const el = b.querySelector('.mantine-Button-label') as HTMLElement;
    const range = document.createRange();
    range.selectNodeContents(el);
    // The lines the text is laid out on: one, not two.
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return { lines: lines.size, clipped: el.scrollWidth > el.clientWidth + 1 };
  });
  expect(label).toEqual({ lines: 1, clipped: false });
  await page.screenshot({ path: 'tests/screenshots/payments-list-1440.png' });
});

test('on a phone the checks fit the screen: amount and details without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openList(page);
  const table = page.getByTestId('checks-table');
  // Nothing of the table is out of the screen's width.
  const overflow = await table.evaluate((t) => {
    const wide: string[] = [];
    for (let el: Element | null = t; el; el = el.parentElement) if (el.scrollWidth > el.clientWidth + 1) wide.push(`${el.tagName} ${el.scrollWidth}/${el.clientWidth}`);
    return { wide, right: t.getBoundingClientRect().right };
  });
  expect(overflow.wide).toEqual([]);
  expect(overflow.right).toBeLessThanOrEqual(390);
  const first = table.locator('tbody tr').first();
  const amount = first.getByText(/^\$[\d,]+\.\d\d$/);
  await expect(amount).toBeInViewport();
  const details = first.getByRole('button', { name: 'View Details And Voucher' });
  await expect(details).toBeInViewport();
  // The ids the hidden columns held are under the name.
  await expect(first.getByTestId('check-row-ids')).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/payments-list-390.png' });
  await details.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
