import type { AnyEventObject } from 'xstate';
import { ApiError } from '../../services/api-client.ts';
import { createSessionStore, memoryBacking, type SessionStore } from '../../services/storage.ts';
import { validateLogin } from '../../model/login-rules.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { selectLoginFormView, selectMicrosoftView, selectNoticesView, selectSpinnerVisible } from './selectors.ts';
import { authRoutingMachine } from './auth-routing.ts';
import { csvExportMachine } from './csv-export.ts';
import { loginFormMachine, type LoginFormContext } from './login-form.ts';
import { microsoftSignInMachine, type MicrosoftSignInContext } from './microsoft-sign-in.ts';
import { noticesMachine } from './notices.ts';
import { adminUser, distributorUser, loginAs, noPartnerUser, statusDown, statusUp } from './samples.ts';
import { sessionTrackerMachine, type SessionTrackerContext } from './session-tracker.ts';
import { spinnerMachine } from './spinner.ts';
import { microsoftSignInEvents, PAGE_VERSION, sessionTrackerEvents, versionCheckEvents } from './tracking-samples.ts';
import { versionCheckMachine } from './version-check.ts';

/** A store holding what a returning visitor would have. */
export function storeWith(
  session: { authKey?: string; user?: typeof distributorUser; admin?: boolean; adminUser?: typeof adminUser } = {},
): SessionStore {
  const store = createSessionStore(memoryBacking());
  if (session.authKey) store.setAuthKey(session.authKey);
  if (session.user) store.setUser(session.user);
  if (session.admin && session.user) store.setAdminUser(session.user);
  // An admin who switched into a distributor user's session keeps their own data beside it.
  if (session.adminUser) store.setAdminUser(session.adminUser);
  return store;
}

export const authRoutingEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadStatus', output: statusUp },
  { type: 'xstate.done.actor.loadStatus', output: statusDown },
  { type: 'xstate.error.actor.loadStatus', error: new ApiError(0, 'offline') },
  { type: 'auth.loggedIn', response: loginAs(distributorUser) },
  { type: 'auth.loggedIn', response: loginAs(adminUser) },
  { type: 'auth.loggedIn', response: loginAs(noPartnerUser) },
  { type: 'auth.logout' },
  { type: 'auth.unauthorized' },
  {
    type: 'auth.houseChanged',
    channelPartner: { distributor_id: 3 },
    activeDistributor: { id: 3, platform_id: 'CP-300003', nickname: 'Harbor Foods Portland' },
  },
  { type: 'xstate.done.actor.serverLogout' },
  { type: 'xstate.error.actor.serverLogout', error: new ApiError(500, 'Something went wrong') },
  { type: 'auth.switchedIn', response: loginAs(distributorUser) },
  { type: 'auth.switchBack' },
  { type: 'xstate.done.actor.switchSession', output: loginAs(adminUser) },
  { type: 'xstate.error.actor.switchSession', error: new ApiError(403, 'Only internal admins may log in as another user.') },
];

export const authRoutingVariants = [
  { label: 'nothing stored', input: () => ({ store: storeWith() }) },
  { label: 'distributor session stored', input: () => ({ store: storeWith({ authKey: 'k', user: distributorUser }) }) },
  { label: 'admin session stored', input: () => ({ store: storeWith({ authKey: 'k', user: adminUser, admin: true }) }) },
  {
    label: 'admin acting as a distributor user stored',
    input: () => ({ store: storeWith({ authKey: 'k', user: distributorUser, adminUser }) }),
  },
  { label: 'session without channel partner stored', input: () => ({ store: storeWith({ authKey: 'k', user: noPartnerUser }) }) },
  { label: 'user data without auth key stored', input: () => ({ store: storeWith({ user: distributorUser }) }) },
] as const;

export const loginFormEvents: readonly AnyEventObject[] = [
  { type: 'login.emailChanged', value: 'leader@harbor.test' },
  { type: 'login.emailChanged', value: 'not-an-email' },
  { type: 'login.passwordChanged', value: 'portal-demo' },
  { type: 'login.fieldFocused', field: 'email' },
  { type: 'login.submitted' },
  { type: 'xstate.done.actor.login', output: loginAs(distributorUser) },
  { type: 'xstate.error.actor.login', error: new ApiError(401, 'Incorrect email or password.') },
  { type: 'login.dialogClosed' },
];

export const spinnerEvents: readonly AnyEventObject[] = [0, 1, 2].map((count) => ({ type: 'spinner.counted', count }));

const sampleNotice = { id: 'n', kind: 'info', title: 'Saved', message: 'User updated successfully!' } as const;
const sampleModal = { id: 'm', kind: 'confirm', title: 'Deactivate user', message: 'Are you sure?', open: true } as const;

export const noticesEvents: readonly AnyEventObject[] = [
  { type: 'notices.added', notice: sampleNotice },
  { type: 'notices.added', notice: { ...sampleNotice, id: 'u', kind: 'update', title: 'Update available' } },
  { type: 'notices.dismissed', id: 'n' },
  { type: 'modals.opened', modal: sampleModal },
  { type: 'modals.hidden', id: 'm' },
  { type: 'modals.confirmed', id: 'm' },
  { type: 'xstate.after.confirmDelay.notices.confirming' },
];

const capped = (n: number) => Math.min(n, 5);

/** The shell's machines: who is logged in, the login page, and the app-wide spinner, notices and trackers. */
export const SHELL_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'auth-routing',
    description: 'Who is using the app and so which routes exist (accounts spec §2.1).',
    machine: authRoutingMachine,
    events: authRoutingEvents,
    variants: authRoutingVariants,
    // Context holds the store (functions); the state, user and notice are what matter.
    serializeState: seenState<{ user: { email: string } | null; logoutNotice: string | null }>((c) => [c.user?.email ?? null, c.logoutNotice !== null]),
    labels: {
      'xstate.done.actor.loadStatus': 'The status check answers',
      'xstate.error.actor.loadStatus': 'The status check fails',
      'auth.loggedIn': 'Log in',
      'auth.logout': 'Press Log out',
      'auth.unauthorized': 'A call answers 401 (session ended)',
      'auth.houseChanged': 'Switch the active house',
      'xstate.done.actor.serverLogout': 'The server ends the session',
      'xstate.error.actor.serverLogout': 'Ending the session on the server fails',
      'auth.switchedIn': 'Admin picks a user to log in as',
      'auth.switchBack': 'Press Switch User',
      'xstate.done.actor.switchSession': 'Back in the admin session',
      'xstate.error.actor.switchSession': 'Switching back fails',
    },
    checks: {
      checking: 'A loader fills the page; no login form yet',
      loggedOut: 'The login page (/login) with the Email and Password fields',
      maintenance: "The maintenance page: 'The portal is down for maintenance'",
      distributor: 'The dashboard (/dashboard) with the menu and Log out in the header',
      internalAdmin: 'The admin user picker (/admin-login)',
      loggingOut: "/logout says 'Logging you out…' (or the reason, e.g. no channel partner)",
      switchingBack: 'A loader while the admin session comes back',
    },
  },
  {
    name: 'login-form',
    description: 'The login page form: validation, the login call, and the failure dialog.',
    machine: loginFormMachine,
    events: loginFormEvents,
    variants: [{ label: 'empty form' }],
    // Which fields are valid and which errors show, not the exact text typed.
    serializeState: seenState<LoginFormContext>((c) => [Object.keys(validateLogin(c)), Object.keys(c.errors)]),
    views: { form: selectLoginFormView },
    labels: {
      'login.emailChanged': 'Type the email',
      'login.passwordChanged': 'Type the password',
      'login.fieldFocused': 'Click into a field',
      'login.submitted': 'Press Log in',
      'xstate.done.actor.login': 'The server accepts the login',
      'xstate.error.actor.login': 'The server refuses the login',
      'login.dialogClosed': "Press OK on 'Login failed'",
    },
    checks: {
      editing: 'The login form, Log in enabled, no dialog (field errors under invalid fields)',
      submitting: 'Log in shows its spinner',
      failed: "The 'Login failed' dialog shows the server's message",
      success: 'The dashboard opens (/dashboard)',
    },
  },
  {
    name: 'microsoft-sign-in',
    description: "The 'Sign in with Microsoft' button: hidden unless configured; popup, token exchange, failure alert.",
    machine: microsoftSignInMachine,
    events: microsoftSignInEvents,
    variants: [{ label: 'login page opened' }],
    serializeState: seenState<MicrosoftSignInContext>((c) => [c.config !== null, c.msal !== null, c.failure]),
    views: { button: selectMicrosoftView },
  },
  {
    name: 'session-tracker',
    description: 'Time online: the activity stream (60 s window, checked every 5 s) emits each ended session; the machine reports it.',
    machine: sessionTrackerMachine,
    events: sessionTrackerEvents,
    variants: [{ label: 'logged in' }],
    serializeState: seenState<SessionTrackerContext>((c) => [c.report !== null]),
  },
  {
    name: 'version-check',
    description: 'Polls /version.txt every 5 minutes; on a different version announces the update once.',
    machine: versionCheckMachine,
    events: versionCheckEvents,
    variants: [{ label: 'page just loaded', input: () => ({ currentVersion: PAGE_VERSION }) }],
  },
  {
    name: 'spinner',
    description: 'The spinner: visible while the count of running calls (an RxJS stream) is above zero.',
    machine: spinnerMachine,
    events: spinnerEvents,
    variants: [{ label: 'no calls running' }],
    serializeState: seenState<{ count: number }>((c) => [capped(c.count)]),
    views: { visible: selectSpinnerVisible },
  },
  {
    name: 'notices',
    description: 'Notifications and modals: update-type ones block new ones; confirm runs after 300 ms.',
    machine: noticesMachine,
    events: noticesEvents,
    variants: [{ label: 'nothing shown' }],
    serializeState: seenState<{ notices: { kind: string }[]; modals: { open: boolean }[] }>((c) => [
      capped(c.notices.length), c.notices.some((n) => n.kind === 'update'), capped(c.modals.length), c.modals.some((m) => m.open),
    ]),
    views: { notices: selectNoticesView },
  },
  {
    name: 'csv-export',
    description: "An Export button (internal admins): each press saves the CSV its view builds, e.g. 'Categories Lost … For internal use only.csv'.",
    machine: csvExportMachine,
    events: [{ type: 'csv.requested', build: () => ({ fileName: 'Export.csv', rows: [{ item: 'Flour' }] }) }],
    variants: [{ label: 'an Export button shown' }],
    labels: { 'csv.requested': 'Press Export (the browser saves the CSV)' },
    checks: { ready: 'The Export button' },
  },
];
