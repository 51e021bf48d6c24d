import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../login-helpers.ts';
import type { BrowserModel } from './browser-model.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const logOut = (page: Page) => page.getByRole('link', { name: 'Log out' });

/** Who is using the app: the status check at start, logging in as each kind of user, logging out. */
export const authRoutingModel: BrowserModel = {
  machine: 'auth-routing',
  start: {
    'nothing stored': async (page) => void (await page.goto('/login')),
    'distributor session stored': (page) => openSignedIn(page, 'leader@harbor.test', '/dashboard'),
  },
  calls: {
    // The sample status says whether the portal is in maintenance.
    loadStatus: { url: '**/api/status', sampleAnswer: true },
    serverLogout: { url: '**/api/auth/logout' },
  },
  events: {
    'auth.loggedIn': async (page, e) => {
      await page.getByRole('textbox', { name: 'Email' }).fill((e.response as { user: { email: string } }).user.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
    },
    'auth.logout': (page) => logOut(page).click(),
  },
  states: {
    checking: (page) => expect(page.getByLabel('Loading').first()).toBeVisible(),
    loggedOut: async (page) => {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    },
    maintenance: (page) => expect(page.getByText('The portal is down for maintenance. Please check back later.')).toBeVisible(),
    distributor: async (page) => {
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(logOut(page)).toBeVisible();
    },
    internalAdmin: (page) => expect(page).toHaveURL(/\/admin-login$/),
    loggingOut: async (page) => {
      await expect(page).toHaveURL(/\/logout$/);
      await expect(page.getByText('Logging you out…')).toBeVisible();
    },
  },
};

