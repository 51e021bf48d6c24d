import fs from 'node:fs';
import { expect, type FileChooser, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';
import { IMPORT_COLUMNS } from '../../src/model/purchase-import.ts';

/** A CSV in the import format: two lines of a real merchant and house, and one for a merchant nobody has. */
function purchaseFile(house: string, merchant: string): string {
  const row = (values: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>) => IMPORT_COLUMNS.map((c) => values[c] ?? '').join(',');
  const line = { distributor_platform_id: house, merchant_platform_id: merchant, invoice_date: new Date().toISOString().slice(0, 10),
    min: 'E2E-IMPORT-1', description: 'Olive Oil Extra Virgin', manufacturer_platform_id: 'MF-E2E001', manufacturer_name: 'Test Groves',
    category: 'Oils', pack: '4/1 GAL', uom: 'CS', quantity: '2', unit_price: '41.50' };
  return [IMPORT_COLUMNS.join(','), row({ ...line, invoice_id: 'E2E-1' }), row({ ...line, invoice_id: 'E2E-2', quantity: '3' }),
    row({ ...line, invoice_id: 'E2E-3', merchant_platform_id: 'MP-999999999' })].join('\n') + '\n';
}

/** Mantine's FileInput is a button that opens the browser's file chooser. */
async function choose(page: Page, files: Parameters<FileChooser['setFiles']>[0]) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Purchase file (.csv or .xlsx)' }).click()]);
  await chooser.setFiles(files);
}

test('an internal admin imports a purchase file: progress, summary, and the rejected rows downloaded', async ({ page }, testInfo) => {
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.getByRole('link', { name: 'Import Purchase Data' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Purchase Data', level: 1 })).toBeVisible();

  // A real house and merchant, read as the admin's browser would.
  const { house, merchant } = await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('authKey')}` };
    const current = await (await fetch('/api/user/current-distributor', { headers })).json();
    const merchants = await (await fetch('/api/merchant', { headers })).json();
    return { house: current.active.platform_id as string, merchant: merchants[0].platformId as string };
  });
  const file = testInfo.outputPath('week-e2e.csv');
  fs.writeFileSync(file, purchaseFile(house, merchant));

  // Neither CSV nor XLSX: refused before anything is sent.
  await choose(page, { name: 'lines.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a CSV (.csv) or Excel (.xlsx) file in the import format.');

  await choose(page, file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('Loaded 2 purchase lines from 3 rows', { timeout: 30_000 });
  await expect(summary).toContainText('1 row rejected');
  await page.screenshot({ path: 'tests/screenshots/admin-import-desktop.png', fullPage: true });

  const jobs = page.getByTestId('import-jobs');
  await expect(jobs.getByRole('row').nth(1)).toContainText('week-e2e.csv');
  await expect(jobs.getByRole('row').nth(1)).toContainText('Loaded');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the 1 rejected rows of week-e2e.csv' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('week-e2e rejects.csv');
  const rejects = fs.readFileSync(await download.path(), 'utf8');
  expect(rejects).toContain('MP-999999999');

  // The same file again adds nothing, and says so.
  await choose(page, file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(summary).toContainText('This file was already loaded', { timeout: 30_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/screenshots/admin-import-mobile.png', fullPage: true });
});

test('a file with a wrong header is refused with the expected columns in the message, and its status reads Failed in full', async ({ page }, testInfo) => {
  await signIn(page, 'admin@portal.test');
  await page.getByRole('link', { name: 'Import Purchase Data' }).click();
  await expect(page.getByRole('heading', { name: 'Import Purchase Data', level: 1 })).toBeVisible();
  const name = `wrong-header-${testInfo.workerIndex}-${Date.now()}.csv`;
  const file = testInfo.outputPath(name);
  fs.writeFileSync(file, [...IMPORT_COLUMNS.filter((c) => c !== 'quantity'), 'qty'].join(',') + '\n');
  await choose(page, file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('missing column quantity', { timeout: 30_000 });
  // The columns are in the message itself: the admin cannot open docs/import.md.
  await expect(summary).toContainText('The header must name the columns distributor_platform_id, invoice_id, invoice_date, min');
  await expect(summary).not.toContainText('docs/import.md');
  const row = page.getByTestId('import-jobs').getByRole('row').filter({ hasText: name });
  for (const size of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    const badge = row.getByText('Failed', { exact: true });
    await expect(badge).toBeVisible();
    // The whole word shows, not "FAI…".
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: `tests/screenshots/admin-import-refused-${size.width}.png`, fullPage: true });
  }
});

test('a distributor user cannot open the import', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/admin-panel/import');
  await expect(page).toHaveURL(/\/dashboard$/);
});
