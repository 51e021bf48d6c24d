import { expect } from '@playwright/test';
import { test } from './a11y-test.ts';

test('an invalid email shows a field error that clears on focus', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('not-an-email');
  await page.getByRole('textbox', { name: 'Password' }).fill('ab');
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 3 characters')).toBeVisible();
  // A screen reader hears both fields are invalid, not only a sighted user seeing red.
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'tests/screenshots/login-errors.png' });
  await email.focus();
  await expect(page.getByText('Enter a valid email address')).toHaveCount(0);
  await expect(page.getByText('Password must be at least 3 characters')).toBeVisible();
});

test('empty fields are required', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});
