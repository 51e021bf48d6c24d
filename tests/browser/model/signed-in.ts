import { expect, type Page } from '@playwright/test';
import type { LoginResponse } from '../../../src/model/auth.ts';
import { DEMO_PASSWORD, openWithStored, signIn } from '../login-helpers.ts';

/**
 * Opens `path` already logged in as `email` (login API, not the form the login-form paths test);
 * the path's held calls may keep the app loading, so nothing is waited for.
 */
export const openSignedIn = (page: Page, email: string, path: string) => signIn(page, email, path, { waitForApp: false });

async function post<T>(page: Page, url: string, data: object, authKey?: string): Promise<T> {
  const answer = await page.request.post(url, { data, headers: authKey ? { authorization: `Bearer ${authKey}` } : {} });
  expect(answer.ok(), `${url}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** Opens `path` in the session an internal admin (`adminEmail`) entered as `userEmail` (POST /api/auth/session), the admin's data kept beside it. */
export async function openActingAs(page: Page, adminEmail: string, userEmail: string, path: string) {
  const admin = await post<LoginResponse>(page, '/api/auth/login', { email: adminEmail, password: DEMO_PASSWORD });
  const { user } = await post<LoginResponse>(page, '/api/auth/login', { email: userEmail, password: DEMO_PASSWORD });
  const acting = await post<LoginResponse>(page, '/api/auth/session', { id: user.id, reason: 'QA: model paths' }, admin.authKey);
  const items: [string, string][] = [['authKey', acting.authKey], ['userData', JSON.stringify(acting.user)], ['adminUserData', JSON.stringify(admin.user)]];
  await openWithStored(page, items, path, false);
}
