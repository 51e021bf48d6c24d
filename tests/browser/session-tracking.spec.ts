import { expect, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

const SESSIONS = '/api/analytics/user-sessions';

/** Fake timers, starting a few minutes in the past so the report's end is not "in the future" for the server. */
/** A clock that runs at real speed from five minutes ago; returns where it started. */
async function fakeClock(page: Page): Promise<number> {
  const start = Date.now() - 5 * 60_000;
  await page.clock.install({ time: start });
  return start;
}

/**
 * Marks the page once something watches the user's activity on the window (capture, passive: as the
 * session tracker's pageActivity$ does). The tracker's code loads after the login, and its session
 * starts when it starts: activity, or a clock run, before then is not the tracker's. On a busy
 * machine the test's 30 s clock run came first, the session started 30 s late, and its report
 * missed the window the test waits in.
 */
async function markActivityWatch(page: Page) {
  await page.addInitScript(() => {
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      if (this === window && type === 'mousemove' && typeof options === 'object' && options.capture && options.passive) {
        (window as unknown as { activityWatched: boolean }).activityWatched = true;
      }
      return add.call(this, type, listener, options);
    };
  });
}

/** Through the login API: what is tested here is what the session does after login, not the form. */
async function logInAsLeader(page: Page) {
  await signIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a minute after the last activity the session is reported and recorded for the user', async ({ page }) => {
  const clockStart = await fakeClock(page);
  await markActivityWatch(page);
  await logInAsLeader(page);
  await page.waitForFunction(() => (window as unknown as { activityWatched?: boolean }).activityWatched === true);
  const reports: unknown[] = [];
  page.on('request', (r) => r.url().endsWith(SESSIONS) && r.method() === 'POST' && reports.push(r.postDataJSON()));

  const activityAt = await page.evaluate(() => Date.now());
  await page.mouse.move(200, 200);
  await page.mouse.move(400, 300);
  await page.keyboard.press('Shift');
  await page.clock.runFor(30_000);
  expect(reports).toEqual([]);

  const reported = page.waitForRequest((r) => r.url().endsWith(SESSIONS) && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith(SESSIONS) && r.request().method() === 'POST');
  // Expires 60 s after the last activity, reported at the next 5 s check: within 70 s of it.
  await page.clock.runFor(40_000);
  const body = (await reported).postDataJSON() as { startTime: string; endTime: string; time: number };
  expect((await answered).status()).toBe(204);

  const start = Date.parse(body.startTime);
  const end = Date.parse(body.endTime);
  // Started by the login itself (the tracker's first activity); a tracker still loading starts soon after.
  expect(start).toBeGreaterThanOrEqual(clockStart);
  expect(start).toBeLessThan(activityAt + 5_000);
  // Ends 60 s after the last activity (the key press shortly after the first move).
  expect(end).toBeGreaterThanOrEqual(activityAt + 60_000);
  expect(end).toBeLessThan(activityAt + 65_000);
  expect(body.time).toBe(Math.round((end - start) / 1000));
  expect(reports).toHaveLength(1);

  // The row is there for the user, read back as that user.
  const { authKey, userId } = await page.evaluate(() => ({
    authKey: localStorage.getItem('authKey'),
    userId: JSON.parse(localStorage.getItem('userData') ?? '{}').id as number,
  }));
  const rows = await page.request.get(`${SESSIONS}?user_id=${userId}`, { headers: { authorization: `Bearer ${authKey}` } });
  expect(rows.status()).toBe(200);
  expect(await rows.json()).toContainEqual({ end_time: new Date(end).toISOString(), time: body.time });

  // Quiet until the next activity.
  await page.clock.runFor(120_000);
  expect(reports).toHaveLength(1);
});

test('a newer version on the server puts up the update notice with a Refresh button', async ({ page }) => {
  await page.route('**/version.txt', (route) => route.fulfill({ contentType: 'text/plain', body: '9.9.9+a-newer-build' }));
  const start = await fakeClock(page);
  await logInAsLeader(page);
  // Loaded before the clock jumps: five minutes at once would time out a request still on its way.
  const stats = page.getByRole('region', { name: 'Overall Stats' });
  await expect(stats).toContainText('$', { timeout: 20_000 });
  const notice = page.getByRole('alert').filter({ hasText: 'A new version is available' });
  // The poll's timer started somewhere in the `elapsed` the clock ran at real speed while the page
  // loaded: 290 s after the clock's start is before its first poll, 301 s after the page loaded past it.
  const elapsed = (await page.evaluate(() => Date.now())) - start;
  await page.clock.runFor(290_000 - elapsed);
  await expect(notice).toHaveCount(0);
  await page.clock.runFor(11_000 + elapsed);
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(stats).toContainText('$');
  await page.screenshot({ path: 'tests/screenshots/update-notice-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/screenshots/update-notice-mobile.png' });

  await page.unroute('**/version.txt');
  await notice.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('no update notice while the served version is the page’s own', async ({ page }) => {
  await fakeClock(page);
  await logInAsLeader(page);
  const checked = page.waitForResponse((r) => r.url().includes('/version.txt'));
  await page.clock.runFor(301_000);
  expect((await checked).status()).toBe(200);
  await expect(page.getByText('A new version is available')).toHaveCount(0);
});

test.describe('Sign in with Microsoft', () => {
  const config = {
    enabled: true,
    clientId: '11111111-2222-3333-4444-555555555555',
    tenantId: '99999999-8888-7777-6666-555555555555',
    scopes: ['api://11111111-2222-3333-4444-555555555555/access_as_user'],
  };

  test('is hidden when the server has no Microsoft settings', async ({ page }) => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/microsoft/config'));
    await page.goto('/login');
    expect(await (await answered).json()).toEqual({ enabled: false });
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toHaveCount(0);
  });

  test('shows the button when configured, and an alert with the error when the popup is closed', async ({ page, context }) => {
    await page.route('**/api/auth/microsoft/config', (route) => route.fulfill({ json: config }));
    // Microsoft is not reachable from the test machine; the popup is closed before it would matter.
    await context.route('https://login.microsoftonline.com/**', (route) => route.abort('internetdisconnected'));
    await page.clock.install();
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in with Microsoft' });
    await expect(button).toBeVisible();
    await page.screenshot({ path: 'tests/screenshots/login-microsoft-desktop.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'tests/screenshots/login-microsoft-mobile.png' });
    await page.setViewportSize({ width: 1280, height: 720 });

    const popup = page.waitForEvent('popup');
    await button.click();
    await (await popup).close();
    // MSAL v5 learns of a closed popup only when its 60 s wait for the answer runs out.
    await page.clock.runFor(61_000);
    const dialog = page.getByRole('dialog', { name: 'Microsoft sign-in failed' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('The Microsoft sign-in window was closed or did not answer in time. Please try again.');
    await page.clock.runFor(1_000); // let the dialog finish fading in
    await page.screenshot({ path: 'tests/screenshots/login-microsoft-failed.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });
});
