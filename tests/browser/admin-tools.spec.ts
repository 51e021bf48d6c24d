import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { test } from './a11y-test.ts';
import { signIn } from './login-helpers.ts';

test.setTimeout(120_000);

/** The internal admins' screens, each step as the GPO's staff would take it. */


/** Opens a select and picks an option; again if the list was still loading (or re-rendered) when opened. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await expect(async () => {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option }).click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 }).catch(async (error: Error) => {
    // Say what was on screen instead: the page, the options offered and any alert.
    const options = await page.getByRole('option').allInnerTexts();
    const alerts = await page.getByRole('alert').allInnerTexts();
    throw new Error(`No option ${String(option)} in '${label}' at ${page.url()}; options: [${options.join(' | ')}]; alerts: [${alerts.join(' | ')}]\n${error.message}`);
  });
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `tests/screenshots/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `tests/screenshots/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function asAdmin(page: Page, screen: 'Admin Panel' | 'Admin Dashboard' | 'Business Panel') {
  if (process.env.DEBUG_API) {
    page.on('request', (r) => r.url().includes('/api/') && console.log('REQ', r.method(), r.url()));
    page.on('response', (r) => r.url().includes('/api/') && console.log('RES', r.status(), r.url()));
  }
  await signIn(page, 'admin@portal.test');
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.getByRole('link', { name: screen }).click();
}

/** /logout, finished: leaving before the logout is done would keep the old session for the next login. */
async function logOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
}

async function houseUsers(page: Page) {
  await pick(page, 'Distributor', 'Harbor Foods (PA)');
  await pick(page, 'House', 'Harbor Foods Boston');
  await expect(page.getByTestId('admin-users-table').getByText('rep@harbor.test')).toBeVisible();
}

test('announcements: an admin creates one, the leader sees the banner, the admin deletes it', async ({ page }) => {
  const text = `Portal maintenance tonight ${Date.now()}`;
  await asAdmin(page, 'Admin Panel');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  await shoot(page, 'admin-panel');
  await page.getByRole('button', { name: 'Edit Announcements' }).click();
  const modal = page.getByRole('dialog', { name: 'System Announcements' });
  await expect(modal.getByRole('button', { name: 'Create' })).toBeDisabled();
  await modal.getByPlaceholder('Your announcement text here').fill(text);
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(modal.getByText('Announcement Created!')).toBeVisible();
  await expect(modal.getByRole('cell', { name: text, exact: true })).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/admin-announcements-desktop.png', fullPage: true });
  await logOut(page);

  await signIn(page, 'leader@harbor.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(text)).toBeVisible();
  await logOut(page);

  await asAdmin(page, 'Admin Panel');
  await page.getByRole('button', { name: 'Edit Announcements' }).click();
  await modal.getByRole('button', { name: `Delete announcement: ${text.slice(0, 40)}` }).click();
  await expect(modal.getByText('Announcement Deleted!')).toBeVisible();
  await expect(modal.getByRole('cell', { name: text, exact: true })).toHaveCount(0);
});

test('admin dashboard: parent, house, users, edit and save, then UsersExport.csv', async ({ page }) => {
  await asAdmin(page, 'Admin Dashboard');
  await expect(page.getByText('Select Distributor to Display Users')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export Users' })).toBeDisabled();
  await houseUsers(page);
  await shoot(page, 'admin-dashboard');

  // Edit: the payment-info flag on, saved, seen again after reopening; then back off.
  const repRow = page.getByTestId('admin-users-table').getByRole('row').filter({ hasText: 'rep@harbor.test' });
  await expect(repRow.getByText(/^\d{2}-\d{2}-\d{4}$/).first()).toBeVisible();
  await repRow.getByRole('button', { name: 'Edit Riley Rep' }).click();
  const panel = page.getByRole('dialog', { name: /Edit User/ });
  const payment = panel.getByRole('checkbox', { name: 'Allow User to See Payment Information' });
  const before = await payment.isChecked();
  await expect(panel.getByText('Active')).toBeVisible();
  await panel.getByLabel('Password', { exact: true }).fill('abcdef1');
  await panel.getByLabel('Confirm Password').fill('abcdef2');
  // Save waits for a match, and the confirmation's field says so (issue 39).
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(panel.getByText("Confirm password doesn't match")).toBeVisible();
  await panel.getByLabel('Password', { exact: true }).fill('');
  await panel.getByLabel('Confirm Password').fill('');
  await payment.click();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('User Saved')).toBeVisible();
  await shoot(page, 'admin-edit-user');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await repRow.getByRole('button', { name: 'Edit Riley Rep' }).click();
  await expect(payment).toBeChecked({ checked: !before });
  await payment.click();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('User Saved')).toBeVisible();
  await page.keyboard.press('Escape');

  // Export Users for the whole family.
  await page.getByRole('button', { name: 'Export Users' }).click();
  const exporter = page.getByRole('dialog', { name: 'Export Users' });
  await expect(exporter.getByRole('button', { name: 'Export' })).toBeDisabled();
  await pick(page, 'Pick a Distributor', 'All Houses For Family');
  const [download] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toBe('UsersExport.csv');
  const csv = Papa.parse<Record<string, string>>(fs.readFileSync((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true });
  expect(csv.meta.fields).toEqual(['Distributor', 'Name', 'Email', 'Role', 'Intel', 'Payment Info', 'Created Date', 'Last Login Date', 'Houses']);
  const rep = csv.data.find((r) => r.Email === 'rep@harbor.test')!;
  expect(rep).toMatchObject({ Name: 'Riley Rep', Role: 'Distributor Rep', Distributor: 'Harbor Foods Boston', Intel: 'No' });
  expect(rep['Created Date']).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  expect(csv.data.some((r) => r.Distributor === 'Harbor Foods Portland')).toBe(true);
  expect(csv.data.every((r) => r.Email !== 'ops@summit.test')).toBe(true);
});

test('sales reps: create, edit, delete', async ({ page }) => {
  await asAdmin(page, 'Business Panel');
  await expect(page.getByRole('heading', { name: 'Platform Distributor Portal Business Panel' })).toBeVisible();
  const section = page.getByRole('heading', { name: 'Sales Reps' }).locator('..');
  // §2.10: the form opens with Add Sales Reps; Cancel closes it.
  await expect(section.getByRole('textbox', { name: 'Role' })).toHaveCount(0);
  await shoot(page, 'business-panel-closed');
  await section.getByRole('button', { name: 'Add Sales Reps' }).click();
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('button', { name: 'Add Sales Reps' })).toBeVisible();
  await section.getByRole('button', { name: 'Add Sales Reps' }).click();
  await page.getByText('New sales rep', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('nina.rep@gpo.test');
  await page.getByRole('textbox', { name: 'Name' }).fill('Nina Rep');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Missing Fields. Please make sure to fill out all the fields.')).toBeVisible();
  await pick(page, 'Role', 'Manager');
  await pick(page, 'Distributors', 'Harbor Foods Boston');
  await expect(page.getByRole('checkbox', { name: 'Harbor Foods Boston' })).toBeChecked();
  await shoot(page, 'business-panel');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Success!')).toBeHidden({ timeout: 5000 });

  // Edit: pick the rep, their distributor is checked; add another, make them an auditor.
  await section.getByRole('button', { name: 'Add Sales Reps' }).click();
  await pick(page, 'Sales rep', /Nina Rep/);
  await expect(page.getByRole('checkbox', { name: 'Harbor Foods Boston' })).toBeChecked();
  await pick(page, 'Distributors', 'Harbor Foods Portland');
  await pick(page, 'Role', 'Auditor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Success!')).toBeHidden({ timeout: 5000 });
  await section.getByRole('button', { name: 'Add Sales Reps' }).click();
  await pick(page, 'Sales rep', /Nina Rep/);
  await expect(page.getByRole('checkbox', { name: 'Harbor Foods Portland' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Role' })).toHaveValue('Auditor');

  // Delete, after 'Are you sure?' (No first, then Yes).
  await page.getByRole('button', { name: 'Delete sales rep nina.rep@gpo.test' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'No' }).click();
  await page.getByRole('button', { name: 'Delete sales rep nina.rep@gpo.test' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Success!')).toBeHidden({ timeout: 5000 });
  await section.getByRole('button', { name: 'Add Sales Reps' }).click();
  await page.getByRole('textbox', { name: 'Sales rep' }).click();
  await expect(page.getByRole('option', { name: /Nina Rep/ })).toHaveCount(0);
  await expect(section).toBeVisible();
});

test('impersonation: a reason, the banner with time left, the load-speed test, and the audit row', async ({ page }) => {
  const reason = `Ticket ${Date.now()}: leader cannot see rebates`;
  await asAdmin(page, 'Admin Panel');
  await page.getByRole('button', { name: 'Enable Testing' }).click();
  await expect(page.getByRole('button', { name: 'Disable Testing' })).toBeVisible();
  await page.getByRole('link', { name: 'Back To Login' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await houseUsers(page);
  const row = page.getByTestId('admin-users-table').getByRole('row').filter({ hasText: 'leader@harbor.test' });
  await row.getByRole('button', { name: 'Login as Lena Leader' }).click();
  const prompt = page.getByRole('dialog', { name: 'Log in as Lena Leader' });
  await prompt.getByRole('textbox', { name: 'Reason' }).fill('why');
  await prompt.getByRole('button', { name: 'Log in as user' }).click();
  await expect(prompt.getByText('Say why you need to log in as this user (at least 5 characters).')).toBeVisible();
  await prompt.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await prompt.getByRole('button', { name: 'Log in as user' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText('is logged in as Lena Leader (leader@harbor.test)');
  await expect(banner).toContainText(/(59|60):\d{2} left/);
  await page.getByRole('button', { name: 'Run load test' }).click();
  await expect(page.getByText('Sent!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('load-timings')).toContainText(/computed in (\d+, ){9}\d+ ms/);
  await shoot(page, 'impersonation-banner');
  await page.goto('/rebates');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Switch User' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);

  await page.getByRole('link', { name: 'Admin Panel' }).click();
  await page.getByRole('button', { name: 'Disable Testing' }).click();
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(reason.slice(0, 20));
  await page.getByRole('button', { name: 'Filter' }).click();
  // Other tests' impersonations are in the log too, and on screen until the filtered answer comes.
  const started = page.getByTestId('audit-table').getByRole('row').filter({ hasText: reason }).filter({ hasText: 'start' });
  await expect(started).toContainText('leader@harbor.test');
  await expect(page.getByTestId('audit-table').getByRole('row').filter({ hasText: 'start' })).toHaveCount(1);
  await shoot(page, 'admin-audit-log');
});

test('FAQ answers questions about the portal and is honest about videos', async ({ page }) => {
  await signIn(page, 'rep@harbor.test', '/faq');
  await expect(page.getByRole('heading', { name: 'Get Help', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'What is Total Volume on the dashboard?' }).click();
  await expect(page.getByText(/Market Index/)).toBeVisible();
  await expect(page.getByText('No how-to videos have been published yet.', { exact: false })).toBeVisible();
  await shoot(page, 'faq');
});

test('announcements: a double-click on Create makes one announcement, the button busy while it is sent', async ({ page }) => {
  const text = `Double-clicked notice ${Date.now()}`;
  const posts: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/announcement', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts.push(route.request().postData() ?? '');
    await held;
    await route.continue();
  });
  await asAdmin(page, 'Admin Panel');
  await page.getByRole('button', { name: 'Edit Announcements' }).click();
  const modal = page.getByRole('dialog', { name: 'System Announcements' });
  await modal.getByPlaceholder('Your announcement text here').fill(text);
  await modal.getByRole('button', { name: 'Create' }).dblclick();
  const create = modal.getByRole('button', { name: 'Create' });
  await expect(create).toHaveAttribute('data-loading', 'true');
  await expect(create).toBeDisabled();
  await create.click({ force: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'tests/screenshots/admin-announcements-creating-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'tests/screenshots/admin-announcements-creating-phone.png' });
  release();
  await expect(modal.getByText('Announcement Created!')).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(modal.getByRole('cell', { name: text, exact: true })).toHaveCount(1);
  const listed = (await (await page.request.get('/api/announcement', { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authKey'))}` } })).json()) as { text: string }[];
  expect(listed.filter((a) => a.text === text)).toHaveLength(1);
  const id = (listed.find((a) => a.text === text) as unknown as { id: number }).id;
  await modal.getByRole('button', { name: `Delete announcement: ${text.slice(0, 40)}` }).click();
  await expect(modal.getByText('Announcement Deleted!')).toBeVisible();
  expect(id).toBeGreaterThan(0);
});

test('admin dashboard Edit User: a Save greyed out by a field says why on the field (issue 39)', async ({ page }) => {
  await asAdmin(page, 'Admin Dashboard');
  await houseUsers(page);
  const repRow = page.getByTestId('admin-users-table').getByRole('row').filter({ hasText: 'rep@harbor.test' });
  await repRow.getByRole('button', { name: 'Edit Riley Rep' }).click();
  const panel = page.getByRole('dialog', { name: /Edit User/ });
  const save = panel.getByRole('button', { name: 'Save' });
  const email = panel.getByRole('textbox', { name: 'Email Address' });
  await expect(save).toBeEnabled();
  await email.fill('bad-email');
  await expect(save).toBeDisabled();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('Enter a valid email address')).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/admin-edit-user-bad-email-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.getByText('Enter a valid email address')).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/admin-edit-user-bad-email-phone.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await email.fill('rep@harbor.test');
  await expect(panel.getByText('Enter a valid email address')).toHaveCount(0);
  await expect(save).toBeEnabled();

  // A password too short, then one its confirmation does not match: each said on its field.
  const password = panel.getByLabel('Password', { exact: true });
  const confirm = panel.getByLabel('Confirm Password');
  await password.fill('abc');
  await expect(save).toBeDisabled();
  await expect(password).toHaveAttribute('data-invalid', 'true'); // Mantine's PasswordInput: the error is its description
  await expect(panel.getByText('The password must be 6 to 20 characters.')).toBeVisible();
  await password.fill('abcdef1');
  await confirm.fill('abcdef2');
  await expect(save).toBeDisabled();
  await expect(confirm).toHaveAttribute('data-invalid', 'true');
  await expect(panel.getByText("Confirm password doesn't match")).toBeVisible();
  await page.screenshot({ path: 'tests/screenshots/admin-edit-user-password-mismatch-desktop.png' });
  await confirm.fill('abcdef1');
  await expect(panel.getByText("Confirm password doesn't match")).toHaveCount(0);
  await expect(save).toBeEnabled();
});
