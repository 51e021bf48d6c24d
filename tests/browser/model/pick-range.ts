import type { Page } from '@playwright/test';

/** Picks days `from`–`to` of the month the 'Date range' picker opens on (the dashboard's, Intel's). */
export async function pickRange(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.locator('table button:not([data-outside])', { hasText: new RegExp(`^${from}$`) }).first().click();
  await page.locator('table button:not([data-outside])', { hasText: new RegExp(`^${to}$`) }).first().click();
}
