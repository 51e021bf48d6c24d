import { expect, type Page } from '@playwright/test';
import type { LoginResponse } from '../../src/model/auth.ts';
import { keepsAdminData } from '../../src/model/route-access.ts';

export const DEMO_PASSWORD = 'portal-demo';

/** Logs in through the login form: for the specs about the form, its routing and the session it starts. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The answer is the next screen with its code loaded, or a message on the form. On a starved
  // machine the first screen of a fresh browser and server took over 10 s, an expect's timeout.
  await page.waitForFunction(loggedInOrAnswered, undefined, { timeout: 0 });
}

/** Waits, as long as the test may take, for the app to be up (see appUp): after a visit by `page.goto`. */
export async function untilAppUp(page: Page) {
  await page.waitForFunction(appUp, undefined, { timeout: 0 });
}

/**
 * Opens `path` already logged in as `email`: the session comes from the login API and is stored as
 * the app stores a form login's (authRouting's persistSession) before the app's first script runs.
 * Once per call, so a later logout sticks and a later signIn on the same page takes over.
 * Then waits, as long as the test may take, for the app to be up: React mounted, the route decided
 * and the screen's code loaded. A form login spent that time in actions, which wait without an
 * expect timeout; on a starved machine it took over 10 s. `waitForApp: false` for a start whose
 * status call is held (the auth-routing model's 'checking').
 */
export async function signIn(page: Page, email: string, path = '/', { password = DEMO_PASSWORD, waitForApp = true } = {}) {
  const answer = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(answer.ok(), `log in as ${email}: ${answer.status()} ${await answer.text()}`).toBe(true);
  const { authKey, user } = (await answer.json()) as LoginResponse;
  const items: [string, string][] = [['authKey', authKey], ['userData', JSON.stringify(user)]];
  if (keepsAdminData(user)) items.push(['adminUserData', JSON.stringify(user)]);
  await openWithStored(page, items, path, waitForApp);
}

/** Opens `path` with `items` in localStorage before the app's first script runs (once per call, see signIn). */
export async function openWithStored(page: Page, items: [string, string][], path: string, waitForApp: boolean) {
  const once = `signed-in-${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ once, items }) => {
      // Top frame only: a voucher or sign-in iframe is not the app.
      if (window.top !== window || sessionStorage.getItem(once)) return;
      sessionStorage.setItem(once, '1');
      for (const [key, value] of items) localStorage.setItem(key, value);
    },
    { once, items },
  );
  await page.goto(path);
  if (waitForApp) await untilAppUp(page);
}

/** MantineProvider has mounted, and neither the route gate's loader nor the screen-code loader shows. */
const appUp = () =>
  document.documentElement.hasAttribute('data-mantine-color-scheme') &&
  !document.querySelector('[aria-label="Loading"]:not([role="status"]), [aria-label="Loading screen"]');

/** The form was sent: the app has left /login and is up, or it answers with a dialog or an alert. (Self-contained: it runs in the page.) */
const loggedInOrAnswered = () =>
  document.querySelector('[role="dialog"], [role="alert"]') !== null ||
  (location.pathname !== '/login' &&
    document.documentElement.hasAttribute('data-mantine-color-scheme') &&
    !document.querySelector('[aria-label="Loading"]:not([role="status"]), [aria-label="Loading screen"]'));

export const sideMenu = (page: Page) => page.getByRole('navigation');

export async function expectStorageEmpty(page: Page) {
  const keys = await page.evaluate(() => ['authKey', 'resetKey', 'userData', 'adminUserData'].map((k) => localStorage.getItem(k)));
  expect(keys).toEqual([null, null, null, null]);
}

/** The header's account menu button (it shows the user's name, or 'Account' on a phone). */
export const accountMenu = (page: Page) => page.getByRole('banner').locator('button[aria-haspopup="menu"]');
