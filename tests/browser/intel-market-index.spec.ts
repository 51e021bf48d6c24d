import { expect, type Route } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

/**
 * The Market Index of an item whose distributor sent no price reads N/A, and says why on hover,
 * on keyboard focus and on a tap (analytics spec §4). The demo's one unpriced purchase belongs to
 * another house (demo-states.spec.ts); here the leader's real Intel answer is passed on with the
 * Market Index of every item taken out.
 */
test('an N/A Market Index names itself N/A and explains why on keyboard focus', async ({ page }) => {
  test.slow();
  await page.route('**/api/intel', async (route: Route) => {
    const response = await route.fetch();
    const merchants = (await response.json()) as { data: { items: { startGuidanceRange: number; endGuidanceRange: number }[] }[] }[];
    for (const item of merchants.flatMap((m) => m.data.flatMap((g) => g.items))) Object.assign(item, { startGuidanceRange: 0, endGuidanceRange: 0 });
    await route.fulfill({ response, json: merchants });
  });
  await signIn(page, 'leader@harbor.test', '/intel');
  await page.getByRole('button', { name: 'See Details' }).and(page.locator(':not([disabled])')).first().click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/intel\/detail\/\d+\//);
  if (await page.getByText('No data found').isVisible()) await page.getByRole('tab', { name: 'Distributor Purchases' }).click();
  const na = page.getByTestId('market-index-na').first();
  // Its name starts with what it shows (WCAG 2.5.3), then the hint.
  await expect(na).toHaveAccessibleName(/^N\/A\s*: Distributor did not provide price for this purchase$/);
  // Reached by the keyboard (Tab), as a keyboard user would.
  await na.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(na).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Distributor did not provide price for this purchase');
  await page.screenshot({ path: 'tests/screenshots/intel-market-index-na.png' });
});
