import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'portal-demo';

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const sideMenu = (page: Page) => page.getByRole('navigation');

export async function expectStorageEmpty(page: Page) {
  const keys = await page.evaluate(() => ['authKey', 'resetKey', 'userData', 'adminUserData'].map((k) => localStorage.getItem(k)));
  expect(keys).toEqual([null, null, null, null]);
}

/** The header's account menu button (it shows the user's name, or 'Account' on a phone). */
export const accountMenu = (page: Page) => page.getByRole('banner').locator('button[aria-haspopup="menu"]');
