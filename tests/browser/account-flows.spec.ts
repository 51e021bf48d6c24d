import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { AWAITING_APPROVAL, CONFIRMED_AWAITING_APPROVAL, LINK_EXPIRED_MESSAGE, PASSWORD_CHANGED } from '../../src/model/account.ts';
import { DEMO_PASSWORD, logIn, signIn } from './login-helpers.ts';
import { linkTo, nextMail } from './mailbox.ts';

/**
 * The public account screens and Settings against the real server, reading the emails it sends
 * through the SMTP capture. Every test makes its own users: demo accounts keep their passwords.
 */

const MOBILE = { width: 390, height: 844 };
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@newco.test`;
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/screenshots/${name}.png`, fullPage: true, animations: 'disabled' });

/** A house platform id of the demo data: the one the demo leader works in. */
async function housePlatformId(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: 'leader@harbor.test', password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const { user } = await res.json();
  return user.activeDistributor.platform_id as string;
}

/** The demo leader approves a sign-up of their family, through the API (the screen is tested below). */
async function approveAsLeader(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email: 'leader@harbor.test', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await res.json()).authKey}` };
  const { pending } = await (await request.get('/api/user/pending', { headers })).json();
  const id = (pending as { id: number; email: string }[]).find((p) => p.email === email)!.id;
  expect((await request.post(`/api/user/${id}/approve`, { headers })).ok()).toBe(true);
  expect((await nextMail(email)).subject).toBe('Your Distributor Portal account is approved');
}

/** A fresh account made through the API, activated by its email and approved by the leader, for the flows after sign-up. */
async function activatedUser(request: APIRequestContext, baseURL: string, tag: string, password = 'first-pass1') {
  const email = uniqueEmail(tag);
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      partnerPlatformId: await housePlatformId(request),
      partnerName: 'New Co',
      contactName: 'Nia Newcomer',
      email,
      password,
      repeatPassword: password,
      siteUrl: baseURL,
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const token = linkTo(await nextMail(email), '/activate/').split('/').pop();
  expect((await request.post(`/api/auth/activate/${token}`, { data: {} })).ok()).toBe(true);
  await approveAsLeader(request, email);
  return { email, password };
}

/** The demo leader declines a sign-up of their family, through the API, before or after it is confirmed. */
async function rejectAsLeader(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email: 'leader@harbor.test', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await res.json()).authKey}` };
  const { pending } = await (await request.get('/api/user/pending', { headers })).json();
  const id = (pending as { id: number; email: string }[]).find((p) => p.email === email)!.id;
  expect((await request.post(`/api/user/${id}/reject`, { headers })).ok()).toBe(true);
  await nextMail(email);
}

test('sign up, confirm the email, get approved by the leader in User Management, then log in', async ({ page, browser, request }) => {
  test.slow(); // two users, eleven screens and five axe checks: 40 s alone on two cores
  const email = uniqueEmail('signup');
  const platformId = await housePlatformId(request);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  // The first field has focus; the masked input turns typed digits into CP- and 6 digits.
  await expect(field(page, 'Platform ID')).toBeFocused();
  await field(page, 'Platform ID').fill('12a34567');
  await expect(field(page, 'Platform ID')).toHaveValue('CP-123456');
  await shot(page, 'signup-desktop');

  // Field rules before anything is sent; an error clears when its field gets focus.
  await field(page, 'Partner Name').fill('Ne');
  await field(page, 'Email').fill('nia@');
  await field(page, 'Password').fill('abc');
  await field(page, 'Repeat Password').fill('abd');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Partner name must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Contact name is required')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be 6 to 20 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await shot(page, 'signup-errors');
  await field(page, 'Email').focus();
  await expect(page.getByText('Enter a valid email address')).toHaveCount(0);
  await expect(page.getByText('Contact name is required')).toBeVisible();

  await field(page, 'Platform ID').fill(platformId);
  await field(page, 'Partner Name').fill('New Co');
  await field(page, 'Contact Name').fill('Nia Newcomer');
  await field(page, 'Email').fill(` ${email} `);
  await field(page, 'Password').fill('secret-1');
  await field(page, 'Repeat Password').fill('secret-1');
  await page.getByRole('button', { name: 'Show Password', exact: true }).click();
  await expect(field(page, 'Password')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide Password', exact: true }).click();
  await expect(field(page, 'Password')).toHaveAttribute('type', 'password');
  await field(page, 'Repeat Password').press('Enter');
  await expect(page.getByRole('heading', { name: 'Thank you for signing up!' })).toBeVisible();
  await expect(page.getByText(`A link to confirm your email address will be emailed to ${email}`)).toBeVisible();
  await expect(page.getByText(/needs to approve your account/)).toBeVisible();
  await shot(page, 'signup-thank-you');

  // Not activated yet: no login.
  await logIn(page, email, 'secret-1');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = linkTo(await nextMail(email), '/activate/');
  // Opening the link activates nothing (a mail scanner opens it first): only the button calls the server.
  const activations: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/activate/')) activations.push(r.url());
  });
  await page.goto(link);
  await expect(page.getByText('Activate your account to confirm this email address is yours.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(activations).toEqual([]);
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByText(CONFIRMED_AWAITING_APPROVAL)).toBeVisible();
  // It says what happens next (an email once a leader approves) and offers no Login that would be
  // refused (issue 39).
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'activation-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'activation-awaiting-approval-mobile');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The link is single-use.
  await page.goto(link);
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
  await shot(page, 'activation-used');

  // Confirmed, but nobody has vouched for them: still no login.
  await logIn(page, email, 'secret-1');
  await expect(page.getByRole('dialog')).toContainText(AWAITING_APPROVAL);
  await page.keyboard.press('Escape');

  // The leader (asked by email: server tests read that mail) approves them in User Management's Pending section.
  const leaderContext = await browser.newContext();
  const leader = await leaderContext.newPage();
  await signIn(leader, 'leader@harbor.test', '/user-management');
  const pending = leader.getByRole('region', { name: 'Pending' });
  await expect(pending.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  await shot(leader, 'user-management-pending');
  await pending.getByRole('row', { name: new RegExp(email) }).getByRole('button', { name: 'Approve Nia Newcomer' }).click();
  await expect(leader.getByText('Approved: they can log in now, and were told by email.')).toBeVisible();
  await expect(pending.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  await leaderContext.close();
  expect((await nextMail(email)).subject).toBe('Your Distributor Portal account is approved');

  await logIn(page, email, 'secret-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password, open the emailed link, set a new password and log in with it', async ({ page, request, baseURL }) => {
  const { email, password } = await activatedUser(request, baseURL!, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(field(page, 'Email')).toBeFocused();
  await shot(page, 'forgot-password-desktop');

  // An address nobody has: the server's 'Email not found'.
  await field(page, 'Email').fill(uniqueEmail('nobody'));
  await field(page, 'Email').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Email not found');

  await field(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await shot(page, 'forgot-password-sent');

  await page.goto(linkTo(await nextMail(email), '/change-password/'));
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await expect(field(page, 'Create Password')).toBeFocused();
  await field(page, 'Create Password').fill('brand-new-1');
  await field(page, 'Confirm Password').fill('brand-new-2');
  await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await shot(page, 'change-password-desktop');
  await field(page, 'Confirm Password').fill('brand-new-1');
  await field(page, 'Confirm Password').press('Enter');
  const done = page.getByRole('dialog');
  await expect(done.getByText('Your password has been changed')).toBeVisible();
  await shot(page, 'change-password-done');
  await done.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, password);
  await expect(page.getByRole('dialog')).toBeVisible(); // the old password no longer works
  await logIn(page, email, 'brand-new-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown or used link says it expired and leads to Forgot Password', async ({ page }) => {
  for (const path of ['/change-password/', '/create-password/']) {
    await page.goto(`${path}${'x'.repeat(43)}`);
    await field(page, 'Create Password').fill('brand-new-1');
    await field(page, 'Confirm Password').fill('brand-new-1');
    await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(page.getByText(LINK_EXPIRED_MESSAGE)).toBeVisible();
  }
  await shot(page, 'change-password-expired');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a malformed emailed link shows the expired-link screen with Forgot Password, never a validation text', async ({ page }) => {
  // A link cut short by a mail client: too short, or with characters no token has.
  for (const path of ['/change-password/abc', '/create-password/x%20y']) {
    await page.goto(path);
    await field(page, 'Create Password').fill('brand-new-1');
    await field(page, 'Confirm Password').fill('brand-new-1');
    await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(page.getByText(LINK_EXPIRED_MESSAGE)).toBeVisible();
    await expect(page.getByText(/must be a link token/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toBeVisible();
  }
  await page.goto('/activate/abc');
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
  await expect(page.getByText(/must be a link token/)).toHaveCount(0);
  await shot(page, 'activation-malformed');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'activation-malformed-mobile');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('settings: change the password, GOT IT, log out and log in with the new one', async ({ page, request, baseURL }) => {
  const { email, password } = await activatedUser(request, baseURL!, 'settings');
  await signIn(page, email, '/settings', { password });
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(field(page, 'Current Password')).toBeFocused();

  // A wrong current password is the server's message, inline.
  await field(page, 'Current Password').fill('not-my-password');
  await field(page, 'New Password').fill('third-pass');
  await field(page, 'Confirm Password').fill('third-pass');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is incorrect.');

  await field(page, 'Current Password').fill(password);
  await field(page, 'Confirm Password').press('Enter');
  const done = page.getByRole('dialog');
  await expect(done.getByText(PASSWORD_CHANGED)).toBeVisible();
  await shot(page, 'settings-changed');
  await done.getByRole('button', { name: 'GOT IT' }).click();
  await expect(done).toHaveCount(0);
  await expect(field(page, 'Current Password')).toHaveValue('');
  await shot(page, 'settings-desktop');

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, 'third-pass');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('on a phone, Settings shows Change Password and Log Out rows', async ({ page, request, baseURL }) => {
  const { email, password } = await activatedUser(request, baseURL!, 'mobile');
  await page.setViewportSize(MOBILE);
  await signIn(page, email, '/settings', { password });
  const row = page.getByRole('button', { name: 'Change Password' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log Out', exact: true })).toBeVisible();
  await shot(page, 'settings-mobile');
  await row.click();
  await expect(field(page, 'Current Password')).toBeVisible();
  await shot(page, 'settings-mobile-open');
  await page.getByRole('link', { name: 'Log Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the public screens fit a phone', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  for (const [path, name, button] of [
    ['/signup', 'signup-mobile', ''],
    ['/forgot-password', 'forgot-password-mobile', ''],
    [`/change-password/${'y'.repeat(43)}`, 'change-password-mobile', ''],
    [`/activate/${'z'.repeat(43)}`, 'activation-failed-mobile', 'Activate Account'],
    [`/confirm-email/${'x'.repeat(43)}`, 'email-confirmation-failed-mobile', 'Confirm New Email'],
    [`/approve-email-change/${'w'.repeat(43)}`, 'email-approval-failed-mobile', 'Approve Email Change'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    if (button) {
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByRole('alert')).toContainText('expired or was already used');
    }
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, name);
  }
});

test('activation after the request was declined says so and offers no Login that would be refused (issue 39)', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('declined');
  const signUp = await request.post('/api/auth/sign-up', {
    data: { partnerPlatformId: await housePlatformId(request), partnerName: 'New Co', contactName: 'Dee Declined', email, password: 'secret-1', repeatPassword: 'secret-1', siteUrl: baseURL },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const link = linkTo(await nextMail(email), '/activate/');
  // The leader declines before the email is confirmed (the Pending list shows unconfirmed requests too).
  await rejectAsLeader(request, email);
  await page.goto(link);
  await page.getByRole('button', { name: 'Activate Account' }).click();
  await expect(page.getByRole('status')).toContainText('declined');
  await expect(page.getByText('Your account has been activated! Please Login.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'activation-declined-desktop');
  await page.setViewportSize(MOBILE);
  await shot(page, 'activation-declined-mobile');
});
