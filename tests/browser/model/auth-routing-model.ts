import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../login-helpers.ts';
import type { BrowserModel } from './browser-model.ts';
import { holdHouseSwitch, houseSwitchEvents, MULTI_HOUSE_LEADER } from './house-switch.ts';
import { openActingAs, openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const logOut = (page: Page) => page.getByRole('link', { name: 'Log out' });

/** Who is using the app: the status check at start, logging in as each kind of user, logging out. */
export const authRoutingModel: BrowserModel = {
  machine: 'auth-routing',
  start: {
    'nothing stored': async (page) => void (await page.goto('/login')),
    // A leader of Boston with more houses, so the dashboard's House selector can switch (house-switch.ts).
    'distributor session stored': async (page) => {
      await holdHouseSwitch(page);
      await openSignedIn(page, MULTI_HOUSE_LEADER, '/dashboard');
    },
    'admin session stored': (page) => openSignedIn(page, 'admin@portal.test', '/admin-login'),
    'session without channel partner stored': (page) => openSignedIn(page, 'nopartner@portal.test', '/dashboard'),
    'admin acting as a distributor user stored': (page) => openActingAs(page, 'admin@portal.test', 'leader@harbor.test', '/dashboard'),
  },
  calls: {
    // The sample status says whether the portal is in maintenance.
    loadStatus: { url: '**/api/status', sampleAnswer: true },
    serverLogout: { url: '**/api/auth/logout' },
    switchSession: { url: '**/api/auth/session' },
  },
  events: {
    'auth.loggedIn': async (page, e) => {
      await page.getByRole('textbox', { name: 'Email' }).fill((e.response as { user: { email: string } }).user.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
    },
    'auth.logout': (page) => logOut(page).click(),
    'auth.houseChanged': houseSwitchEvents.houseChanged,
    // The session ends on the server: the next call (the Intel page's merchants) is answered 401.
    'auth.unauthorized': async (page) => {
      await page.route(/\/api\/merchant$/, (route) => route.fulfill({ status: 401, json: { message: 'Unauthorized' } }));
      await page.getByRole('link', { name: 'Intel' }).click();
    },
    // The header's button (the impersonation banner has one too).
    'auth.switchBack': (page) => page.getByRole('button', { name: 'Switch User' }).first().click(),
  },
  states: {
    checking: (page) => expect(page.getByLabel('Loading').first()).toBeVisible(),
    switchingBack: (page) => expect(page.getByLabel('Loading').first()).toBeVisible(),
    // The login page; after a logout with a notice (no channel partner), the logout page saying why, with a link back.
    loggedOut: async (page) => {
      await expect(page).toHaveURL(/\/log(in|out)$/);
      await expect(page.getByRole('textbox', { name: 'Email' }).or(page.getByRole('link', { name: 'Back to login' }))).toBeVisible();
      await expect(page.getByText('Logging you out…')).toHaveCount(0);
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
  // An internal admin's pages (/admin-login) have no Intel link to call through.
  only: (path) => path.events.every((e, i) => e.type !== 'auth.unauthorized' || (i === 0 ? path.start : path.states[i - 1]) === 'distributor'),
};
