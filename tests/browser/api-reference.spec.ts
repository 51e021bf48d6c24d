import fs from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn, sideMenu } from './login-helpers.ts';

test.setTimeout(120_000);

/** The generated API reference (docs/api.md) in the portal: every call needs the token, so no tab could open /api/docs. */
test('an internal admin reads the API reference and downloads openapi.json; a distributor user does not get it', async ({ page }) => {
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.getByRole('link', { name: 'API Reference' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/api$/);
  await expect(page.getByRole('heading', { name: 'API Reference', level: 1 })).toBeVisible();

  const reference = page.frameLocator('iframe[title="API reference"]');
  await expect(reference.getByRole('heading', { name: /^Distributor Portal API/, level: 1 })).toBeVisible();
  // Each tag opens in place (the page has no links: in the frame they would resolve against the portal).
  const operation = reference.getByRole('heading', { name: /get \/api\/rebate-deviation\b/i }).first();
  await expect(operation).toBeHidden();
  await reference.getByRole('heading', { name: /^Rebates \(\d+\)$/, level: 2 }).click();
  await expect(operation).toBeVisible();
  await expect(reference.getByRole('link')).toHaveCount(0);
  await page.screenshot({ path: 'tests/screenshots/api-reference-desktop.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download OpenAPI document' }).click()]);
  expect(download.suggestedFilename()).toBe('openapi.json');
  const document = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(document.paths).toHaveProperty('/api/rebate-deviation');
  await expect(page.getByRole('button', { name: 'Download OpenAPI document' })).toBeEnabled();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(reference.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/api-reference-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sideMenu(page).getByRole('link', { name: 'API Reference' })).toHaveCount(0);
  await page.goto('/admin-panel/api');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'API Reference' })).toHaveCount(0);
});
