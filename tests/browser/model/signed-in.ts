import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../login-helpers.ts';

/**
 * Opens `path` already logged in as `email`: the session comes from the login API and is put in
 * storage before the app's first script runs (once, so a later logout sticks). Faster than the
 * login form, which the login-form paths test.
 */
export async function openSignedIn(page: Page, email: string, path: string) {
  const answer = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.ok(), `log in as ${email}`).toBe(true);
  const { authKey, user } = (await answer.json()) as { authKey: string; user: unknown };
  await page.addInitScript(
    ([key, userData]) => {
      if (sessionStorage.getItem('model-signed-in')) return;
      sessionStorage.setItem('model-signed-in', '1');
      localStorage.setItem('authKey', key);
      localStorage.setItem('userData', userData);
    },
    [authKey, JSON.stringify(user)] as const,
  );
  await page.goto(path);
}
