import type { AnyEventObject, AnyStateMachine, Snapshot } from 'xstate';
import { ApiError } from '../services/api-client.ts';
import { createSessionStore, memoryBacking, type SessionStore } from '../services/storage.ts';
import { authRoutingMachine } from './auth-routing.ts';
import { validateLogin } from '../model/login-rules.ts';
import { loginFormMachine, type LoginFormContext } from './login-form.ts';
import { noticesMachine } from './notices.ts';
import {
  adminUser,
  distributorUser,
  loginAs,
  noPartnerUser,
  statusDown,
  statusUp,
} from './samples.ts';
import { spinnerMachine } from './spinner.ts';
import { ACCOUNT_MACHINES } from './account-registry.ts';
import { USER_MANAGEMENT_MACHINES } from './user-management-registry.ts';
import { microsoftSignInMachine, type MicrosoftSignInContext } from './microsoft-sign-in.ts';
import { sessionTrackerMachine, type SessionTrackerContext } from './session-tracker.ts';
import { versionCheckMachine } from './version-check.ts';
import { microsoftSignInEvents, PAGE_VERSION, sessionTrackerEvents, versionCheckEvents } from './tracking-samples.ts';
import { pagedRebatesMachine, type PagedRebatesContext } from './paged-rebates.ts';
import { rebateFiltersMachine } from './rebate-filters.ts';
import { pagedRebatesEvents, rebateFiltersEvents } from './rebate-samples.ts';
import { feedbackDialogMachine, type FeedbackDialogContext } from './feedback-dialog.ts';
import { cacheKey, itemMatchMachine, type ItemMatchContext } from './item-match.ts';
import { feedbackDialogEvents, itemMatchEvents } from './match-samples.ts';
import { dashboardMachine, type DashboardContext } from './dashboard.ts';
import { boston, dashboardEvents, SAMPLE_TODAY, SAMPLE_USER_ID } from './dashboard-samples.ts';
import { adminSwitchMachine, type AdminSwitchContext } from './admin-switch.ts';
import { adminSwitchEvents } from './admin-switch-samples.ts';
import { seenState } from './seen-state.ts';

/**
 * Every machine whose paths we generate (tests/paths, docs/machine-paths.md), with the event
 * samples that drive it. Events of invoked actors are given as their done/error events.
 * A new machine joins by adding an entry here.
 */
export interface RegisteredMachine {
  name: string;
  description: string;
  machine: AnyStateMachine;
  events: readonly AnyEventObject[];
  /** Starting points: one traversal per variant (e.g. what storage holds at start). */
  variants: readonly { label: string; input?: () => unknown }[];
  /** Collapses unbounded context (counters, lists) so traversal ends. */
  serializeState?: (snapshot: Snapshot<unknown> & { value?: unknown; context?: unknown }) => string;
}

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

export const spinnerEvents: readonly AnyEventObject[] = [{ type: 'spinner.start' }, { type: 'spinner.stop' }];

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

export const MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'admin-switch',
    description: 'The admin user-picker on /admin-login: a distributor, one of its users, then log in as that user.',
    machine: adminSwitchMachine,
    events: adminSwitchEvents,
    variants: [{ label: 'internal admin on /admin-login' }],
    serializeState: seenState<AdminSwitchContext>((c) => [c.houses.length > 0, c.houseId !== null, c.users.length > 0, c.userId !== null, c.error !== null]),
  },
  {
    name: 'microsoft-sign-in',
    description: "The 'Sign in with Microsoft' button: hidden unless configured; popup, token exchange, failure alert.",
    machine: microsoftSignInMachine,
    events: microsoftSignInEvents,
    variants: [{ label: 'login page opened' }],
    serializeState: seenState<MicrosoftSignInContext>((c) => [c.config !== null, c.failure]),
  },
  {
    name: 'session-tracker',
    description: 'Time online: starts on activity, each activity extends by 60 s, checked every 5 s, reported when expired.',
    machine: sessionTrackerMachine,
    events: sessionTrackerEvents,
    variants: [{ label: 'logged in, no activity yet', input: () => ({ now: () => 0 }) }],
    // The clock function is not state; the session's start and expiry are.
    serializeState: seenState<SessionTrackerContext>((c) => [c.startedAt, c.expiresAt]),
  },
  {
    name: 'version-check',
    description: 'Polls /version.txt every 5 minutes; on a different version announces the update once.',
    machine: versionCheckMachine,
    events: versionCheckEvents,
    variants: [{ label: 'page just loaded', input: () => ({ currentVersion: PAGE_VERSION }) }],
  },
  {
    name: 'dashboard',
    description: 'The dashboard: merchants, then the dashboard call; range changes cancel it; house switching; View As reloads merchants as the chosen user.',
    machine: dashboardMachine,
    events: dashboardEvents,
    variants: [
      {
        label: 'leader of Harbor Foods Boston',
        input: () => ({ today: SAMPLE_TODAY, activeDistributor: boston, userId: SAMPLE_USER_ID, canViewAs: true }),
      },
    ],
    // What a user sees: the state, whether one location is chosen, whether a dialog is open, the house, and whose view.
    serializeState: seenState<DashboardContext>((c) => [c.selectedMerchantId !== null, c.dialog !== null, c.activeDistributor?.id, c.viewAsUserId]),
  },
  {
    name: 'paged-rebates',
    description: 'A rebate list loaded 20 rows at a time: load more, retry the same page, one row revealed.',
    machine: pagedRebatesMachine,
    events: pagedRebatesEvents,
    variants: [{ label: 'your rebates', input: () => ({ scope: 'yours' }) }],
    // Rows grow without bound: pages loaded are capped, the rows themselves left out.
    serializeState: seenState<PagedRebatesContext>((c) => [c.scope, c.criteria.search, Math.min(c.pagesLoaded, 2), c.hasMore, c.revealedId]),
  },
  {
    name: 'rebate-filters',
    description: 'The rebate filter choices: the Filters button spins until they load, or says they could not.',
    machine: rebateFiltersMachine,
    events: rebateFiltersEvents,
    variants: [{ label: 'page opened' }],
  },
  {
    name: 'item-match',
    description: 'Similar items of an item: loading, complete or failed; cached per item and manufacturer.',
    machine: itemMatchMachine,
    events: itemMatchEvents,
    variants: [{ label: 'nothing asked yet' }],
    serializeState: seenState<ItemMatchContext>((c) => [c.key && cacheKey(c.key), Object.keys(c.cache).sort(), c.matches.length]),
  },
  {
    name: 'feedback-dialog',
    description: "Feedback on similar items: a bad match with a comment or a recommended MIN; 'Feedback Sent!' for 4 s.",
    machine: feedbackDialogMachine,
    events: feedbackDialogEvents,
    variants: [{ label: 'dialog closed' }],
    serializeState: seenState<FeedbackDialogContext>((c) => [c.mode, c.text.trim() !== '', c.failed]),
  },
  {
    name: 'auth-routing',
    description: 'Who is using the app and so which routes exist (accounts spec §2.1).',
    machine: authRoutingMachine,
    events: authRoutingEvents,
    variants: authRoutingVariants,
    // Context holds the store (functions); the state, user and notice are what matter.
    serializeState: seenState<{ user: { email: string } | null; logoutNotice: string | null }>((c) => [c.user?.email ?? null, c.logoutNotice !== null]),
  },
  {
    name: 'login-form',
    description: 'The login page form: validation, the login call, and the failure dialog.',
    machine: loginFormMachine,
    events: loginFormEvents,
    variants: [{ label: 'empty form' }],
    // Which fields are valid and which errors show, not the exact text typed.
    serializeState: seenState<LoginFormContext>((c) => [Object.keys(validateLogin(c)), Object.keys(c.errors)]),
  },
  {
    name: 'spinner',
    description: 'The spinner counter: visible while more calls started than ended.',
    machine: spinnerMachine,
    events: spinnerEvents,
    variants: [{ label: 'no calls running' }],
    serializeState: seenState<{ count: number }>((c) => [capped(c.count)]),
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
  },
  ...ACCOUNT_MACHINES,
  ...USER_MANAGEMENT_MACHINES,
];
