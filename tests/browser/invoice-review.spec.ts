// Reviewing what OCR read from an invoice (docs/invoices.md): the image beside the lines, a line
// selected shows where it was read, a quantity edited makes the line doubtful and back, a line
// deleted after asking, one typed in; on a desktop and on a phone.
import { expect as baseExpect, type Page } from '@playwright/test';
import type { InvoiceDetail, InvoiceSummary } from '../../src/model/invoices.ts';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
const PHONE = { width: 390, height: 844 };

/** The JSON answer of an API call, with the session the page holds. */
const apiGet = <T,>(page: Page, url: string) =>
  page.evaluate(async (u) => (await fetch(u, { cache: 'no-store', headers: { authorization: `Bearer ${localStorage.getItem('authKey')}` } })).json(), url) as Promise<T>;

test("a reviewer sees where a line was read, corrects it, deletes one and types one in", async ({ page }) => {
  await signIn(page, 'leader@harbor.test', '/faq'); // a light page: the test asks the API first
  // The oldest done invoice: the other invoice tests open the newest.
  const done = (await apiGet<InvoiceSummary[]>(page, '/api/invoice')).filter((i) => i.status === 'done').at(-1)!;
  const before = await apiGet<InvoiceDetail>(page, `/api/invoice/${done.id}`);
  const [first, second] = before.items;
  await page.goto(`/invoice/${done.id}`);
  await expect(page.getByRole('heading', { name: 'Lines read' })).toBeVisible();
  const lines = page.getByTestId('review-line');
  await expect(lines).toHaveCount(before.items.length);
  await expect(page.getByRole('img', { name: 'Invoice page under review' })).toBeVisible();

  // A line selected is highlighted on the page where the reader found it; the next one, below it.
  const lineNamed = (name: string) => lines.filter({ hasText: name });
  const select = (name: string) => lineNamed(name).locator('button[aria-pressed]').click();
  const highlight = page.getByTestId('line-highlight');
  const drawnAt = async (box: NonNullable<InvoiceDetail['items'][number]['box']>) => {
    await expect(highlight).toBeVisible();
    // Measured once the highlight shows: the image has its size by then.
    const img = (await page.getByRole('img', { name: 'Invoice page under review' }).boundingBox())!;
    const drawn = (await highlight.boundingBox())!;
    for (const [got, want] of [[drawn.x, img.x + box.x * img.width], [drawn.y, img.y + box.y * img.height], [drawn.width, box.w * img.width], [drawn.height, box.h * img.height]]) {
      expect(Math.abs(got! - want!)).toBeLessThan(2);
    }
    // From the image's top: selecting a line may scroll the page, which moves both alike.
    return { top: drawn.y - img.y };
  };
  await select(first!.description);
  const firstDrawn = await drawnAt(first!.box!);
  await select(second!.description);
  expect((await drawnAt(second!.box!)).top).toBeGreaterThan(firstDrawn.top);
  await page.screenshot({ path: '/tmp/review-desktop.png', fullPage: true });

  // A bad number is named and not sent; a quantity that no longer adds up marks the line Check.
  const name = first!.description;
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit line' });
  await dialog.getByRole('textbox', { name: 'Unit Price' }).fill('12.345');
  await expect(dialog.getByText('Unit Price must be an amount from 0 to 1,000,000 with at most 2 decimals')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Unit Price' }).press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Unit Price' }).fill(String(first!.unitPrice));
  const quantity = first!.quantity! + 1;
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill(String(quantity));
  await expect(dialog.getByText('the line will be marked Check')).toBeVisible();
  await page.screenshot({ path: '/tmp/review-edit.png' });
  await dialog.getByRole('textbox', { name: 'Quantity' }).press('Enter');
  await expect(dialog).toBeHidden();
  const edited = lines.first();
  await expect(edited).toContainText(name);
  await expect(edited.getByTestId('check-badge')).toBeVisible();
  await expect(edited).toContainText(/Corrected by .+ on \w{3} \d{1,2}(st|nd|rd|th) \d{4}/);

  // The total made to match: no longer doubtful, the new total shown, the page's overpaid total the server's.
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const total = Math.round(quantity * first!.unitPrice! * 100) / 100;
  await dialog.getByRole('textbox', { name: 'Total Price' }).fill(String(total));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const fixed = lineNamed(name);
  await expect(fixed.getByTestId('check-badge')).toHaveCount(0);
  await expect(fixed.getByTestId('line-sum')).toHaveText(`${quantity} × $${first!.unitPrice!.toFixed(2)} = $${total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  const now = await apiGet<InvoiceDetail>(page, `/api/invoice/${done.id}`);
  await expect(page.getByTestId('overpaid-total')).toHaveText(`Paid above deviated prices: $${now.overpaidTotal.toFixed(2)}`);

  // Escape leaves the form without a change.
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('99');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(fixed.getByTestId('line-sum')).toContainText(`${quantity} ×`);

  // Delete asks first.
  const last = before.items.at(-1)!;
  await page.getByRole('button', { name: `Delete ${last.description}`, exact: true }).click();
  const asking = page.getByRole('dialog', { name: 'Delete line' });
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(lines).toHaveCount(before.items.length);
  await page.getByRole('button', { name: `Delete ${last.description}`, exact: true }).click();
  await asking.getByRole('button', { name: 'Delete' }).click();
  await expect(lines).toHaveCount(before.items.length - 1);
  await expect(lineNamed(last.description)).toHaveCount(0);

  // A line typed in: nothing to show on the image.
  await page.getByRole('button', { name: 'Add line' }).click();
  const adding = page.getByRole('dialog', { name: 'Add line' });
  for (const [label, value] of [['Item Code', '55550001'], ['Description', 'Lemons Fancy 115 ct'], ['Quantity', '2'], ['Unit Price', '$31.50'], ['Total Price', '63']]) {
    await adding.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await adding.getByRole('button', { name: 'Save' }).click();
  await expect(adding).toBeHidden();
  const typed = lineNamed('Lemons Fancy 115 ct');
  await expect(typed.getByText('Typed in', { exact: true })).toBeVisible();
  await expect(typed).toContainText(/Typed in by .+ on /);
  await expect(page.getByTestId('line-where')).toHaveText('Typed in by a reviewer: not on the image.');
  await expect(lines).toHaveCount(before.items.length);

  // On a phone the image comes above the lines.
  await page.setViewportSize(PHONE);
  await page.reload();
  await select(second!.description);
  await expect(highlight).toBeVisible();
  const image = (await page.getByRole('img', { name: 'Invoice page under review' }).boundingBox())!;
  const list = (await page.getByTestId('review-lines').boundingBox())!;
  expect(image.y + image.height).toBeLessThanOrEqual(list.y);
  expect(image.width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: '/tmp/review-mobile.png', fullPage: true });
});
