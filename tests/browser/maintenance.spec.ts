import { expect } from '@playwright/test';
import { test } from './a11y-test.ts';

for (const path of ['/', '/login', '/dashboard', '/whatever']) {
  test(`maintenance mode shows /maintenance for ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByText('The portal is down for maintenance. Please check back later.')).toBeVisible();
    // The failure screens' set (failure-screens.spec.ts) is completed here: one screenshot, desktop and phone.
    if (path === '/dashboard') {
      await page.screenshot({ path: 'tests/screenshots/failure-maintenance.png' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: 'tests/screenshots/failure-maintenance-phone.png' });
    }
  });
}
