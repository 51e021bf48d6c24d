import { expect as baseExpect, type Page } from '@playwright/test';
import type { BrowserModel } from './browser-model.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const logInButton = (page: Page) => page.getByRole('button', { name: 'Log in' });

/** The login page's form: fields, the Log in button, and the 'Login failed' dialog. */
export const loginFormModel: BrowserModel = {
  machine: 'login-form',
  start: { 'empty form': async (page) => void (await page.goto('/login')) },
  calls: { login: { url: '**/api/auth/login' } },
  events: {
    'login.emailChanged': (page, e) => page.getByRole('textbox', { name: 'Email' }).fill(String(e.value)),
    'login.passwordChanged': (page, e) => page.getByRole('textbox', { name: 'Password' }).fill(String(e.value)),
    'login.fieldFocused': (page, e) => page.getByRole('textbox', { name: e.field === 'email' ? 'Email' : 'Password' }).focus(),
    'login.submitted': (page) => logInButton(page).click(),
    'login.dialogClosed': (page) => page.getByRole('dialog', { name: 'Login failed' }).getByRole('button', { name: 'OK' }).click(),
  },
  states: {
    editing: async (page) => {
      await expect(logInButton(page)).toBeEnabled();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
    submitting: (page) => expect(logInButton(page)).toHaveAttribute('data-loading', 'true'),
    failed: (page) => expect(page.getByRole('dialog', { name: 'Login failed' })).toContainText('Incorrect email or password.'),
    success: (page) => expect(page).toHaveURL(/\/dashboard$/),
  },
};
