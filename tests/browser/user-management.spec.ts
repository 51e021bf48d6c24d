import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './a11y-test.ts';
import { EMAIL_CHANGED, emailAwaitsOwnerNote, emailChangeApprovedMessage, emailChangeAwaitingOwnerMessage } from '../../src/model/account.ts';
import { accountMenu, DEMO_PASSWORD, expectStorageEmpty, logIn, signIn } from './login-helpers.ts';
import { linkTo, nextMail } from './mailbox.ts';

/**
 * User Management against the real server, with invitations read from the SMTP capture. Every
 * user edited or deactivated here is made by invitation in the test: demo accounts stay as they are.
 */

const MOBILE = { width: 390, height: 844 };
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@harbor.test`;
const shot = (page: Page, name: string) => page.screenshot({ path: `tests/screenshots/${name}.png`, fullPage: true, animations: 'disabled' });

async function leaderKey(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: 'leader@harbor.test', password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).authKey;
}

/** A Boston user invited by the demo leader through the API who has set their password from the email. */
async function invitedUser(request: APIRequestContext, baseURL: string, name: string, password = 'invited-pass1') {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const key = await leaderKey(request);
  const merchants = await (await request.get('/api/merchant', { headers: { authorization: `Bearer ${key}` } })).json();
  const res = await request.post('/api/user/invite', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      contactName: name, email, title: 'Distributor Rep', displayPaymentInfo: false, displayIntel: true, displayInvoice: false,
      isMultiHouse: false, siteUrl: baseURL, locations: [String(merchants[0].id), String(merchants[1].id)],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const token = linkTo(await nextMail(email), '/change-password/').split('/').pop();
  const set = await request.post(`/api/auth/reset-password/${token}`, { data: { password, newPassword: password } });
  expect(set.ok(), await set.text()).toBe(true);
  return { email, password, name };
}

/** Logged in as `email` on a light page, then User Management from the account menu, as a user goes there. */
async function openUserManagement(page: Page, email?: string) {
  if (email) await signIn(page, email, '/faq');
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/user-management$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

const usersTable = (page: Page) => page.getByTestId('users-table');

test('a leader invites a user, who sets a password from the email and logs in', async ({ page }) => {
  await openUserManagement(page, 'leader@harbor.test');
  await expect(usersTable(page).getByRole('cell', { name: 'dm@harbor.test' })).toBeVisible();
  await expect(usersTable(page).getByRole('button', { name: 'Edit Dana District' })).toBeVisible();
  await expect(usersTable(page).getByRole('columnheader', { name: 'LAST LOGIN DATE' })).toBeVisible();
  await shot(page, 'user-management-table-desktop');

  await page.getByRole('button', { name: 'Invite User' }).click();
  const modal = page.getByRole('dialog', { name: 'Invite User' });
  await modal.getByRole('button', { name: 'Invite User' }).click();
  await expect(modal.getByText('Choose a role')).toBeVisible(); // nothing sent; the required fields say so
  await expect(modal.getByText('Name must be at least 3 characters')).toBeVisible();
  // Only internal admins get the Admin role.
  await modal.getByRole('textbox', { name: 'Role' }).click();
  await expect(page.getByRole('option', { name: 'Leadership' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Distributor Rep' }).click();

  const email = uniqueEmail('ivy');
  await modal.getByRole('textbox', { name: 'Name' }).fill('Ivy Invitee');
  await modal.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await modal.getByRole('textbox', { name: 'Select Locations' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await modal.getByRole('checkbox', { name: 'Allow User to See Intel' }).check();
  await shot(page, 'user-management-invite-desktop');
  await modal.getByRole('button', { name: 'Invite User' }).click();
  await expect(page.getByText(`Ivy Invitee has been invited. The invitation goes to ${email}.`)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(usersTable(page).getByRole('cell', { name: email, exact: true })).toBeVisible();

  const mail = await nextMail(email);
  expect(mail.subject).toBe('Lena Leader invited you to the Distributor Portal');
  const link = linkTo(mail, '/change-password/');
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Create Password' }).fill('ivy-secret-1');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('ivy-secret-1');
  await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
  await logIn(page, email, 'ivy-secret-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a leader changes a user’s role in the Edit User panel', async ({ page, request, baseURL }) => {
  const user = await invitedUser(request, baseURL!, 'Eddie Editable');
  await openUserManagement(page, 'leader@harbor.test');
  await page.getByRole('textbox', { name: 'Search users' }).fill(user.email);
  await expect(usersTable(page).getByRole('row')).toHaveCount(2); // header + the one match
  await usersTable(page).getByRole('button', { name: `Edit ${user.name}` }).click();

  const panel = page.getByRole('dialog', { name: 'Edit User' });
  await expect(panel.getByRole('table', { name: 'Locations' }).getByRole('row')).toHaveCount(3);
  const save = panel.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await panel.getByRole('button', { name: 'Add Locations' }).click();
  const picker = panel.getByLabel('Add Locations');
  await expect(picker.getByRole('button', { name: 'Add' })).toBeDisabled();
  await picker.getByRole('checkbox').first().check();
  await expect(picker.getByRole('button', { name: 'Add' })).toBeEnabled();
  await shot(page, 'user-management-add-locations-desktop');
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(save).toBeDisabled();

  await panel.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Operations' }).click();
  await expect(save).toBeEnabled();
  await shot(page, 'user-management-edit-desktop');
  await save.click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(usersTable(page).getByRole('cell', { name: 'Operations', exact: true })).toBeVisible();
});

/** The leader opens a user's Edit User panel from User Management. */
async function editAsLeader(page: Page, user: { email: string; name: string }) {
  await openUserManagement(page, 'leader@harbor.test');
  await page.getByRole('textbox', { name: 'Search users' }).fill(user.email);
  await usersTable(page).getByRole('button', { name: `Edit ${user.name}` }).click();
  return page.getByRole('dialog', { name: 'Edit User' });
}

test('a leader’s new email for a colleague awaits the colleague’s approval, then the new address confirms it', async ({ page, browser, request, baseURL }) => {
  const user = await invitedUser(request, baseURL!, 'Mona Moved');
  const newEmail = uniqueEmail('mona.new');
  const panel = await editAsLeader(page, user);
  await panel.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  await expect(panel).toContainText(emailAwaitsOwnerNote(user.email));
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(emailChangeAwaitingOwnerMessage(user.email, newEmail))).toBeVisible();
  await expect(usersTable(page).getByRole('cell', { name: user.email, exact: true })).toBeVisible();

  // The owner opens the approval link sent to the current address; the new address then confirms.
  // Opening a link decides nothing (a mail scanner opens it first): only the page's button calls the server.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  const linkCalls: string[] = [];
  them.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/auth/')) linkCalls.push(r.url());
  });
  await them.goto(linkTo(await nextMail(user.email), '/approve-email-change/'));
  await expect(them.getByRole('heading', { name: 'Email Change Approval' })).toBeVisible();
  await them.waitForLoadState('networkidle');
  expect(linkCalls).toEqual([]);
  await them.getByRole('button', { name: 'Approve Email Change' }).click();
  await expect(them.getByText(emailChangeApprovedMessage(newEmail))).toBeVisible();
  await them.goto(linkTo(await nextMail(newEmail), '/confirm-email/'));
  await expect(them.getByRole('button', { name: 'Confirm New Email' })).toBeVisible();
  await them.waitForLoadState('networkidle');
  expect(linkCalls).toHaveLength(1);
  await them.getByRole('button', { name: 'Confirm New Email' }).click();
  await expect(them.getByText(EMAIL_CHANGED)).toBeVisible();
  await logIn(them, newEmail, user.password);
  await expect(them).toHaveURL(/\/dashboard$/);
  await theirs.close();
});

test('Edit User says why Save is disabled for an email that is not an address (issue 39)', async ({ page, request, baseURL }) => {
  const user = await invitedUser(request, baseURL!, 'Bea Badmail');
  const panel = await editAsLeader(page, user);
  const email = panel.getByRole('textbox', { name: 'Email' });
  await email.fill('bad-email');
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('Enter a valid email address')).toBeVisible();
  await expect(panel).not.toContainText(emailAwaitsOwnerNote(user.email));
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'user-management-edit-bad-email-desktop');
  await page.setViewportSize(MOBILE);
  await expect(panel.getByText('Enter a valid email address')).toBeVisible();
  await shot(page, 'user-management-edit-bad-email-phone');
  await email.fill(user.email.toUpperCase());
  await expect(panel.getByText('Enter a valid email address')).toHaveCount(0);
});

test('deactivating a logged-in user signs them out at their next action', async ({ page, browser, request, baseURL }) => {
  const user = await invitedUser(request, baseURL!, 'Dora Departing');
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await signIn(them, user.email, '/', { password: user.password });
  await expect(them).toHaveURL(/\/dashboard$/);

  const panel = await editAsLeader(page, user);
  await panel.getByRole('button', { name: 'Deactivate User' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate User' });
  await expect(confirm).toContainText(`${user.name} loses access to the portal and is signed out on all devices.`);
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(page.getByText('User Deactivated!')).toBeVisible();
  await expect(usersTable(page).getByRole('cell', { name: user.email, exact: true })).toHaveCount(0);

  // Their next action is refused (401) and ends their session in this browser too.
  const loggedOut = them.waitForURL(/\/logout$/);
  await them.getByRole('navigation').getByRole('link', { name: 'Rebates & Deviations' }).click();
  await loggedOut;
  await expect(them).toHaveURL(/\/login$/);
  await expectStorageEmpty(them);
  await logIn(them, user.email, user.password);
  await expect(them.getByRole('dialog')).toContainText('deactivated');
  await theirs.close();
});

test('the users page, invite modal and edit panel on a phone', async ({ page, request, baseURL }) => {
  const user = await invitedUser(request, baseURL!, 'Mona Mobile');
  await page.setViewportSize(MOBILE);
  await openUserManagement(page, 'leader@harbor.test');
  await expect(usersTable(page).getByText('dm@harbor.test')).toBeVisible(); // under the name on a phone
  await shot(page, 'user-management-table-mobile');
  await page.getByRole('button', { name: 'Invite User' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite User' })).toBeVisible();
  await shot(page, 'user-management-invite-mobile');
  await page.getByRole('dialog', { name: 'Invite User' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('textbox', { name: 'Search users' }).fill(user.email);
  await usersTable(page).getByRole('button', { name: `Edit ${user.name}` }).click();
  const panel = page.getByRole('dialog', { name: 'Edit User' });
  await expect(panel.getByRole('button', { name: 'Save' })).toBeVisible();
  // Full width once it has slid in.
  await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
  expect((await panel.boundingBox())!.width).toBeGreaterThanOrEqual(MOBILE.width - 1);
  await shot(page, 'user-management-edit-mobile');
});

test('on a phone the header shows the brand and the whole house name, with Log out as an icon', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, 'leader@harbor.test', '/faq');
  const header = page.getByRole('banner');
  await expect(header.getByTestId('brand')).toHaveText('Distributor Portal');
  await expect(header.getByTestId('brand')).toBeVisible();
  // Brand and house name fit the header's height, the brand on one line.
  const brandBox = (await header.getByTestId('brand').boundingBox())!;
  expect(brandBox.height).toBeLessThan(20);
  const houseBox = (await header.getByTestId('active-distributor').boundingBox())!;
  const headerBox = (await header.boundingBox())!;
  expect(brandBox.y).toBeGreaterThanOrEqual(headerBox.y);
  expect(houseBox.y + houseBox.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
  const house = header.getByTestId('active-distributor');
  await expect(house).toBeVisible();
  // The whole name, not "H..": nothing of it is cut on either side.
  expect(await house.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await expect(header.getByRole('link', { name: 'Log out' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await shot(page, 'header-mobile');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(header.getByTestId('brand')).toBeVisible();
  await expect(house).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log out' })).toHaveText('Log out');
  await shot(page, 'header-desktop');
});

test('on a phone the users table breaks an email before its @, never mid-word', async ({ page, request, baseURL }) => {
  // A name with hyphens, which a browser would otherwise break at (hyphen-name-1795…-ab12@newco.test).
  await invitedUser(request, baseURL!, 'Hyphen-Name Tester');
  await page.setViewportSize(MOBILE);
  await openUserManagement(page, 'leader@harbor.test');
  const emails = usersTable(page).getByTestId('user-email');
  await expect(emails.first()).toBeVisible();
  // Each email's lines, as laid out (the text of each line box), and whether its name alone is
  // wider than the column (other tests' users have long names: such a name may wrap inside).
  const lines = await emails.evaluateAll((els) => els.map((el) => {
    const text = el.textContent ?? '';
    const range = document.createRange();
    const byTop = new Map<number, string>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        byTop.set(top, (byTop.get(top) ?? '') + node.textContent![i]);
      }
    }
    const name = el.firstElementChild as HTMLElement | null;
    // The name's width on one line against the column's, unrounded: a name within a pixel of the
    // column's width wraps as one too long.
    const oneLine = (box: HTMLElement) => {
      box.style.whiteSpace = 'nowrap';
      const all = document.createRange();
      all.selectNodeContents(box);
      const width = all.getBoundingClientRect().width;
      box.style.whiteSpace = '';
      return width;
    };
    const nameTooLong = name !== null && oneLine(name) > el.getBoundingClientRect().width - 1;
    return { text, nameTooLong, lines: [...byTop.entries()].sort((a, b) => a[0] - b[0]).map(([, line]) => line) };
  }));
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.some((email) => !email.nameTooLong && email.text.includes('@'))).toBe(true);
  for (const email of lines) {
    const where = `${email.text}: ${email.lines.join(' | ')}`;
    expect(email.lines.join(''), where).toBe(email.text);
    // The domain always starts its line; a name that fits is never broken: one line, or the name then '@' and the domain.
    const domainLine = email.lines.findIndex((line) => line.includes('@'));
    if (domainLine > 0) expect(email.lines[domainLine], where).toMatch(/^@/);
    if (!email.nameTooLong) for (const line of email.lines.slice(1)) expect(line, where).toMatch(/^@/);
  }
  await shot(page, 'user-management-emails-mobile');
});

test('a Distributor Rep sees the users but cannot invite or edit', async ({ page }) => {
  await openUserManagement(page, 'rep@harbor.test');
  await expect(usersTable(page).getByRole('cell', { name: 'leader@harbor.test' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
  await expect(usersTable(page).getByRole('button', { name: /^Edit / })).toHaveCount(0);
  // Columns sort: ROLE ascending, then descending.
  const roles = () => usersTable(page).locator('tbody tr td:nth-child(5)').allInnerTexts();
  await usersTable(page).getByRole('columnheader', { name: /^ROLE/ }).getByText('ROLE').click();
  await expect.poll(roles).toEqual([...(await roles())].sort());
  expect(new Set(await roles()).size).toBeGreaterThan(1);
  await usersTable(page).getByRole('columnheader', { name: /^ROLE/ }).getByText('ROLE').click();
  await expect.poll(roles).toEqual([...(await roles())].sort().reverse());
});

test('Get Help is in the header; the account menu names its owner and holds User Management, Settings and Get Help', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'leader@harbor.test', '/settings');
  await page.getByRole('banner').getByRole('link', { name: 'Get Help' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { name: 'Get Help', level: 1 })).toBeVisible();
  // The menu's button reads as the user's name, not an unlabelled icon.
  await expect(accountMenu(page)).toHaveText(/\w+ \w+/);
  await accountMenu(page).click();
  await expect(page.getByRole('menuitem')).toHaveText(['User Management', 'Settings', 'Get Help']);
  await page.screenshot({ path: 'tests/screenshots/account-menu-desktop.png' });
  await page.keyboard.press('Escape');
  // A phone's header keeps the menu, labelled 'Account', with Get Help inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(accountMenu(page)).toHaveText('Account');
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Get Help' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await page.screenshot({ path: 'tests/screenshots/faq-mobile.png' });
});

test('an internal admin logged in as a leader gets the Admin role in User Management, and the invite goes through', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  for (const [label, option] of [['Distributor', 'Harbor Foods Boston'], ['User', /leader@harbor\.test/]] as const) {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  }
  await page.getByRole('textbox', { name: 'Reason' }).fill('Browser test: inviting an admin for the house');
  await page.getByRole('button', { name: 'Log in as user' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openUserManagement(page);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const modal = page.getByRole('dialog', { name: 'Invite User' });
  await modal.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  const email = uniqueEmail('ada');
  await modal.getByRole('textbox', { name: 'Name' }).fill('Ada Admin');
  await modal.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await modal.getByRole('textbox', { name: 'Select Locations' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await shot(page, 'user-management-invite-admin-role');
  await modal.getByRole('button', { name: 'Invite User' }).click();
  await expect(page.getByText(`Ada Admin has been invited. The invitation goes to ${email}.`)).toBeVisible();
});
