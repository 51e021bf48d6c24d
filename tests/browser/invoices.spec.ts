import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect } from '@playwright/test';
import { test } from './a11y-test.ts';
import { logIn } from './login-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
const FIXTURES = path.resolve('tests/fixtures/invoices');
const truth = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'truth.json'), 'utf8')) as { file: string; lines: { itemCode: string }[] }[];
const png = (file: string) => ({ name: file, mimeType: 'image/png', buffer: fs.readFileSync(path.join(FIXTURES, file)) });

test('upload two images, one fails, Retry sends it; the invoice is read from the image', async ({ page }) => {
  await logIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/invoice/anything');
  await expect(page).toHaveURL(/\/invoice\/scanning$/);
  await expect(page.getByRole('link', { name: 'View Invoice' }).first()).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/invoice-list.png', fullPage: true });

  // The second file's first attempt fails at the server.
  let failed = false;
  await page.route(/\/api\/invoice\/\d+$/, async (route) => {
    if (route.request().method() === 'POST' && !failed) { failed = true; return route.fulfill({ status: 500, body: '{"message":"boom"}' }); }
    return route.continue();
  });
  await page.getByRole('button', { name: 'Upload Invoice' }).click();
  await page.getByRole('button', { name: 'Send Images' }).click();
  await page.getByLabel('Invoice images').setInputFiles([png(truth[0]!.file), png(truth[4]!.file)]);
  await page.getByRole('button', { name: 'Send Images' }).click();
  await expect(page.getByText('Name and location are required.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Invoice Name' }).fill('Browser upload');
  await page.getByRole('textbox', { name: 'Location' }).fill('Blue Anchor Grill');
  await page.getByLabel('Invoice images').setInputFiles([png(truth[0]!.file)]);
  await expect(page.getByText(/You have already uploaded the following files/)).toBeVisible();
  await page.getByRole('button', { name: 'Send Images' }).click();
  await expect(page.getByText('Some Of Your Images Failed to Upload.')).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/invoice-upload-modal.png' });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Successfully Uploaded Invoice!')).toBeVisible();
  await page.keyboard.press('Escape');

  const row = page.getByRole('row', { name: /Browser upload/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('done')).toBeVisible({ timeout: 60_000 });
  await row.getByRole('link', { name: 'View Invoice' }).click();
  await expect(page.getByRole('img', { name: truth[0]!.file })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/invoice-detail.png', fullPage: true });
  await page.getByRole('link', { name: 'View Items' }).click();
  await expect(page.getByRole('cell', { name: truth[0]!.lines[0]!.itemCode }).first()).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/invoice-items.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/screenshots/invoice-items-phone.png', fullPage: true });
});
