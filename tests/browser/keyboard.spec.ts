import { expect, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { accountMenu } from './login-helpers.ts';

/** Presses Tab until the focused element matches, as a keyboard user would (at most `limit` times). */
async function tabTo(page: Page, matches: (el: { text: string; label: string | null }) => boolean, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      text: (document.activeElement?.textContent ?? '').trim(),
      label: document.activeElement?.getAttribute('aria-label') ?? null,
    }));
    if (matches(focused)) return;
  }
  throw new Error('never reached by Tab');
}

test('keyboard focus on a login field shows a clear ring, not only a 1 px border colour', async ({ page }) => {
  for (const size of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    const ring = await email.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    // The password field's ring is on its box (the inner input sits inside it).
    await page.keyboard.press('Tab');
    const passwordBox = await page.evaluate(() => {
      const box = document.activeElement?.closest('.mantine-Input-input');
      return box ? { style: getComputedStyle(box).outlineStyle, width: parseFloat(getComputedStyle(box).outlineWidth) } : null;
    });
    expect(passwordBox).toEqual({ style: 'solid', width: 2 });
    await page.keyboard.press('Shift+Tab');
    await page.screenshot({ path: `tests/screenshots/login-focus-ring-${size.width}.png` });
  }
});

test('a keyboard alone logs in, moves through the menu, sorts a table, and leaves menus and dialogs where it came from', async ({ page }) => {
  await page.goto('/login');
  // A person tabs once the form is there; the login screen's code loads after the page.
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type('leader@harbor.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('portal-demo');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The side menu: Tab to Intel, Enter opens it (once the shell shows it: a person tabs through
  // what is on the screen, and the shell's code loads after the login).
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Intel' })).toBeVisible();
  await tabTo(page, (el) => el.text === 'Intel');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/intel\/list$/);

  // A table's column sorts from the keyboard: Tab to the Merchant header's sort control, Enter.
  const firstName = page.getByTestId('intel-table').locator('tbody tr').first().locator('td').nth(1);
  await expect(firstName).toBeVisible({ timeout: 20_000 });
  const before = await firstName.textContent();
  await tabTo(page, (el) => /sort by merchant/i.test(el.label ?? ''));
  await page.keyboard.press('Enter');
  await expect(firstName).not.toHaveText(before!);

  // The user menu opens with Enter, its items are reached with the arrows, Escape closes it and focus goes back.
  const menuButton = accountMenu(page);
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // The arrows reach the items (the menu holds nothing else to land on).
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // A dialog takes focus when it opens and gives it back to what opened it when it closes.
  await page.goto('/invoice/scanning');
  const upload = page.getByRole('button', { name: 'Upload Invoice' });
  await upload.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // The picker's button is reached by Tab after the name and the location, and Enter opens it.
  // Listening first: Playwright turns on its file chooser interception without waiting for it.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('textbox', { name: 'Invoice Name' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Choose Images' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await chooser).isMultiple()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(upload).toBeFocused();
});
