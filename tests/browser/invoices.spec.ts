import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { INVOICE_ITEMS_CSV_HEADER } from '../../src/model/invoices.ts';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
const FIXTURES = path.resolve('tests/fixtures/invoices');
const truth = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'truth.json'), 'utf8')) as { file: string; lines: { itemCode: string }[] }[];
const image = (file: string) => ({ name: file, mimeType: file.endsWith('.jpg') ? 'image/jpeg' : 'image/png', buffer: fs.readFileSync(path.join(FIXTURES, file)) });
const PHONE = { width: 390, height: 844 };

/** Opens Upload Invoice, names it, and sends the files; waits for the modal's verdict. */
async function uploadInvoice(page: Page, name: string, files: string[]) {
  await page.getByRole('button', { name: 'Upload Invoice' }).click();
  await page.getByRole('textbox', { name: 'Invoice Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Location' }).fill('Blue Anchor Grill');
  await page.getByLabel('Invoice images').setInputFiles(files.map(image));
  await page.getByRole('button', { name: 'Send Images' }).click();
}

/** An image is really shown (decoded), not just its alt text. */
const expectShown = (img: ReturnType<Page['getByRole']>) => expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

/** A phone's screen, as a phone opens the page (not a desktop window made narrow). */
async function asPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await page.reload();
}

/** The status and JSON body of an API call, with the session the page holds. */
const apiCall = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u, { cache: 'no-store', headers: { authorization: `Bearer ${localStorage.getItem('authKey')}` } });
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
  }, url);
const statusOf = async (page: Page, url: string) => (await apiCall(page, url)).status;

test('upload two images, one fails, Retry sends it; the invoice is read from the image', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/invoice/anything');
  await expect(page).toHaveURL(/\/invoice\/scanning$/);
  await expect(page.getByRole('link', { name: 'View Invoice' }).first()).toBeVisible();
  // Every status of the demo data, coloured: done, problem, and the one the worker is reading (or has read).
  const table = page.getByTestId('invoices-table');
  await expect(table.getByText('problem', { exact: true }).first()).toBeVisible();
  await expect(table.getByText('done', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/invoice-list.png', fullPage: true });

  // The second file's first attempt fails at the server.
  let failed = false;
  await page.route(/\/api\/invoice\/\d+$/, async (route) => {
    if (route.request().method() === 'POST' && !failed) { failed = true; return route.fulfill({ status: 500, body: '{"message":"boom"}' }); }
    return route.continue();
  });
  await page.getByRole('button', { name: 'Upload Invoice' }).click();
  await page.getByRole('button', { name: 'Send Images' }).click();
  await page.getByLabel('Invoice images').setInputFiles([image(truth[0]!.file), image(truth[4]!.file)]);
  await page.getByRole('button', { name: 'Send Images' }).click();
  await expect(page.getByText('Name and location are required.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Invoice Name' }).fill('Browser upload');
  await page.getByRole('textbox', { name: 'Location' }).fill('Blue Anchor Grill');
  await page.getByLabel('Invoice images').setInputFiles([image(truth[0]!.file)]);
  await expect(page.getByText(/You have already uploaded the following files/)).toBeVisible();
  await page.getByRole('button', { name: 'Send Images' }).click();
  await expect(page.getByText('Some Of Your Images Failed to Upload.')).toBeVisible();
  await expect(page.getByText('Failed', { exact: true })).toHaveCount(1);
  await page.screenshot({ path: 'tests/screenshots/invoice-upload-modal.png', animations: 'disabled' });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Successfully Uploaded Invoice!')).toBeVisible();
  await page.keyboard.press('Escape');

  // 'InProcess' at once, then the server's status, without a reload.
  const row = page.getByRole('row', { name: /Browser upload/ });
  await expect(row.getByText(/^(InProcess|inprocessing)$/)).toBeVisible();
  await expect(row.getByText('done')).toBeVisible({ timeout: 90_000 });
  await row.getByRole('link', { name: 'View Invoice' }).click();
  await expectShown(page.getByRole('img', { name: truth[0]!.file }));
  await expectShown(page.getByRole('img', { name: truth[4]!.file }));
  await expect(page.getByText('Failed To Load Images')).toHaveCount(0);
  await page.screenshot({ path: 'tests/screenshots/invoice-detail.png', fullPage: true });
  await page.getByRole('link', { name: 'View Items' }).click();
  // Both pages' items, read from the images.
  for (const code of [truth[0]!.lines[0]!.itemCode, truth[4]!.lines[0]!.itemCode]) await expect(page.getByRole('cell', { name: code }).first()).toBeVisible();
  // Export Page Details is for internal admins only.
  await expect(page.getByRole('button', { name: 'Export Page Details of the invoice items' })).toHaveCount(0);
  await page.screenshot({ path: 'tests/screenshots/invoice-items.png', fullPage: true });
  await asPhone(page);
  await expect(page.getByRole('cell', { name: truth[0]!.lines[0]!.itemCode }).first()).toBeAttached();
  await page.screenshot({ path: 'tests/screenshots/invoice-items-phone.png', fullPage: true });
});

test("an internal admin, logged in as a leader, searches an invoice's items and downloads invoiceItems.csv", async ({ page }) => {
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  for (const [label, option] of [['Distributor', 'Harbor Foods Boston'], ['User', /leader@harbor\.test/]] as const) {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  }
  await page.getByRole('textbox', { name: 'Reason' }).fill('Browser test: checking what the user sees');
  await page.getByRole('button', { name: 'Log in as user' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Invoice Scanning' }).click();
  await expect(page).toHaveURL(/\/invoice\/scanning$/);
  const done = page.getByTestId('invoices-table').getByRole('row').filter({ has: page.getByText('done', { exact: true }) }).first();
  await done.getByRole('link', { name: 'View Invoice' }).click();
  await expect(page.getByText('General Info')).toBeVisible();
  await page.getByRole('link', { name: 'View Items' }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+\/items$/);

  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();
  expect(all).toBeGreaterThan(1);
  const first = (await rows.first().getByRole('cell').first().textContent())!;
  const word = first.split(' ')[0]!;
  await page.getByRole('textbox', { name: 'Search items' }).fill(word);
  await expect(rows).not.toHaveCount(all);
  for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toContain(word.toLowerCase());
  const shown = await rows.count();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Page Details of the invoice items' }).click()]);
  expect(download.suggestedFilename()).toBe('invoiceItems.csv');
  const csv = Papa.parse<Record<string, string>>(fs.readFileSync((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true });
  expect(csv.meta.fields).toEqual([...INVOICE_ITEMS_CSV_HEADER]);
  // The page's rows as shown (searched), first one first.
  expect(csv.data).toHaveLength(shown);
  expect(csv.data[0]!['item description']).toBe(first);
});

test('delete an image, look at one enlarged, then delete the invoice; on a phone, a done invoice gives its CSV', async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/invoice/scanning');
  await uploadInvoice(page, 'Delete me', [truth[1]!.file, truth[3]!.file]);
  await expect(page.getByText('Successfully Uploaded Invoice!')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('row', { name: /Delete me/ }).getByRole('link', { name: 'View Invoice' }).click();

  const kept = page.getByRole('img', { name: truth[1]!.file });
  const gone = page.getByRole('img', { name: truth[3]!.file });
  await expectShown(kept);
  await expectShown(gone);
  const invoiceUrl = `/api${new URL(page.url()).pathname}`;
  const images = (await apiCall(page, invoiceUrl)).body.images as { filename: string; src: string }[];
  const goneSrc = images.find((i) => i.filename === truth[3]!.file)!.src;
  expect(await statusOf(page, goneSrc)).toBe(200);
  await page.getByRole('button', { name: `Delete ${truth[3]!.file}` }).click();
  await expect(gone).toHaveCount(0);
  await expect(kept).toBeVisible();
  expect(await statusOf(page, goneSrc)).toBe(404);

  await kept.click();
  await expectShown(page.getByRole('img', { name: 'Invoice image, full size' }));
  await page.screenshot({ path: 'tests/screenshots/invoice-image-enlarged.png', animations: 'disabled' });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Delete Invoice', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Invoice' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/invoice\/scanning$/);
  await expect(page.getByRole('link', { name: 'View Invoice' }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /Delete me/ })).toHaveCount(0);
  expect(await statusOf(page, invoiceUrl)).toBe(404);

  await asPhone(page);
  const done = page.getByTestId('invoices-table').getByRole('row').filter({ has: page.getByText('done', { exact: true }) }).first();
  const name = (await done.getByRole('cell').first().textContent())!;
  await page.screenshot({ path: 'tests/screenshots/invoice-list-phone.png', fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), done.getByRole('button', { name: `CSV of ${name}` }).click()]);
  expect(download.suggestedFilename()).toBe('invoiceItems.csv');
  const csv = Papa.parse<Record<string, string>>(fs.readFileSync((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true });
  expect(csv.meta.fields).toEqual([...INVOICE_ITEMS_CSV_HEADER]);
  expect(csv.data.length).toBeGreaterThan(0);
  // No CSV for an invoice that is not done.
  const problem = page.getByTestId('invoices-table').getByRole('row').filter({ has: page.getByText('problem', { exact: true }) }).first();
  await expect(problem.getByRole('button', { name: /^CSV of/ })).toHaveCount(0);
});

test('Location offers every location of the user, searched as typed; a txt chosen with a png refuses only the txt, by name', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'leader@harbor.test', '/invoice/scanning');
  await expect(page.getByRole('link', { name: 'View Invoice' }).first()).toBeVisible();
  const mine = (await apiCall(page, '/api/merchant')).body as { merchant: string }[];
  const invoiced = new Set(((await apiCall(page, '/api/invoice')).body as { merchantName: string }[]).map((i) => i.merchantName));
  // A location of the leader's scope with no invoice yet: it used to be missing from the suggestions.
  const fresh = mine.find((m) => !invoiced.has(m.merchant))!;
  expect(fresh).toBeDefined();
  await page.getByRole('button', { name: 'Upload Invoice' }).click();
  const location = page.getByRole('textbox', { name: 'Location' });
  await location.click();
  await expect(page.getByRole('option')).not.toHaveCount(0);
  await location.fill(fresh.merchant.slice(0, 6));
  await expect(page.getByRole('option', { name: fresh.merchant, exact: true })).toBeVisible();
  // Searched: every suggestion holds what was typed.
  for (const text of await page.getByRole('option').allTextContents()) expect(text.toLowerCase()).toContain(fresh.merchant.slice(0, 6).toLowerCase());
  await page.screenshot({ path: 'tests/screenshots/invoice-location-search-desktop.png' });
  await page.getByRole('option', { name: fresh.merchant, exact: true }).click();
  await expect(location).toHaveValue(fresh.merchant);

  await page.getByLabel('Invoice images').setInputFiles([image(truth[0]!.file), { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
  await expect(page.getByText('Only png, jpg and gif images are accepted: notes.txt')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Upload Invoice' });
  await expect(dialog.getByText(truth[0]!.file, { exact: true })).toBeVisible();
  await expect(dialog.getByText('notes.txt', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'tests/screenshots/invoice-refused-file-desktop.png' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'tests/screenshots/invoice-refused-file-mobile.png' });
});
