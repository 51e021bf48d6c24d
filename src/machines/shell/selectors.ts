import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { noticeBadge, visibleNotices } from '../../model/notices.ts';
import { findScreen, visibleMenuItems, type MenuItem } from '../../model/routes.ts';
import type { appMachine } from './app.ts';
import { routeDecision, type authRoutingMachine } from './auth-routing.ts';
import type { loginPageMachine } from './login.ts';
import type { loginFormMachine } from './login-form.ts';
import type { microsoftSignInMachine } from './microsoft-sign-in.ts';
import type { PageKey, PageMachine } from './page-registry.ts';
import type { noticesMachine } from './notices.ts';
import type { spinnerMachine } from './spinner.ts';
import { choosesHouse, viewsAs } from '../../model/role-rules.ts';
import { enteredByAdmin, isInternalAdmin, type AccessMode, type RouteDecision } from '../../model/route-access.ts';

// The shell's static text and the date picker's conversions (ISO day ↔ the picker's Date).
export { FAQ, NO_VIDEOS_MESSAGE } from '../../model/faq.ts';
export { fromIsoDate, toIsoDate } from '../../model/date-range.ts';

/** Narrow reads of the auth-routing snapshot, so views never see its whole shape. */
type AuthSnapshot = SnapshotFrom<typeof authRoutingMachine>;

export const selectMode = (s: AuthSnapshot): AccessMode => s.value as AccessMode;
export const selectUser = (s: AuthSnapshot) => s.context.user;
/** The /logout page: "Logging you out…" until the session is gone, then the reason, if one was given. */
export const selectLogoutView = (s: AuthSnapshot) => ({
  notice: s.context.logoutNotice,
  loggingOut: selectMode(s) === 'loggingOut' || !s.context.logoutNotice,
});
/** Internal-admin features (CSV exports): the user's flags, or an admin acting as them (stored admin data). */
export const selectActsAsInternalAdmin = (s: AuthSnapshot) =>
  s.context.user !== null && isInternalAdmin(s.context.user, s.context.adminUser !== null);
/** Switch User is offered only in a distributor user's session an internal admin entered. */
export const selectEnteredByAdmin = (s: AuthSnapshot) => s.context.user !== null && enteredByAdmin(s.context.user, s.context.adminUser);
/** The house picker (dashboard, Intel): leaders and group users choose the house they look at. */
export const selectChoosesHouse = (s: AuthSnapshot) => s.context.user !== null && choosesHouse(s.context.user);
/** View As (dashboard): leaders may look as one of their users. */
export const selectViewsAs = (s: AuthSnapshot) => s.context.user !== null && viewsAs(s.context.user);
/** A list screen's header and Export: the house looked at ('--' without one), and whether the user may export (internal admins). */
export const selectHouseAndExportView = (s: AuthSnapshot) => ({
  house: s.context.user?.activeDistributor?.nickname ?? '--',
  canExport: selectActsAsInternalAdmin(s),
});
/** What the dashboard offers this user: the House and View As selectors, and the internal admins' exports. */
export const selectDashboardRightsView = (s: AuthSnapshot) => ({
  signedIn: s.context.user !== null,
  choosesHouse: selectChoosesHouse(s),
  viewsAs: selectViewsAs(s),
  canExport: selectActsAsInternalAdmin(s),
});

/** What the route gate does at `pathname`: wait for the session, show the page, or redirect (spec §2.1). */
export const selectRouteDecision: (s: AuthSnapshot, pathname: string) => RouteDecision = routeDecision;
export const sameDecision = (a: RouteDecision, b: RouteDecision) => a.kind === b.kind && (a.kind !== 'redirect' || (b.kind === 'redirect' && a.to === b.to));

/** The portal's frame: who is signed in, their house, Switch User, and the menu with the entry of the place marked. */
export const selectPortalShellView = (s: AuthSnapshot, mobile: boolean, pathname: string) => {
  const user = s.context.user;
  return {
    user: user && { name: user.name, title: user.title, house: user.activeDistributor?.nickname ?? null },
    switchesUser: selectEnteredByAdmin(s),
    menu: menuItemsFor(s, mobile).map((item) => ({ label: item.label, path: item.path, icon: item.icon, active: menuEntryActive(item.path, pathname) })),
  };
};

/** A menu entry is marked on its own path and on every place under its section (/rebates/similar/… under /rebates). */
const menuEntryActive = (path: string, pathname: string) =>
  pathname === path || pathname.startsWith(`${path.split('/').slice(0, 2).join('/')}/`);

/** The menu entries the user's rights and the screen size allow. */
export const menuItemsFor = (s: AuthSnapshot, mobile: boolean): MenuItem[] => (s.context.user ? visibleMenuItems(s.context.user, mobile) : []);

/** A screen not built yet is named by its title. */
export const screenTitle = (pathname: string) => findScreen(pathname)?.title ?? 'Not found';

// ---- Notices (spec §4) ---------------------------------------------------------------------------

type NoticesSnapshot = SnapshotFrom<typeof noticesMachine>;
/** The notices area: at most 4 notices shown, the first to arrive first, and the count badge when more wait (null with 4 or fewer). */
export const selectNoticesView = (s: NoticesSnapshot) => ({ shown: visibleNotices(s.context.notices), badge: noticeBadge(s.context.notices) });

// ---- Pages the app's root actor owns (./page-registry.ts) -----------------------------------------

/** A page the root owns, as its view sees it: its running actor, or why there is none yet. */
export type PageState<K extends PageKey> =
  | { status: 'ready'; ref: ActorRefFrom<PageMachine<K>> }
  | { status: 'loading' }
  | { status: 'failed' };

export const PAGE_LOAD_FAILED_MESSAGE = 'This page could not be loaded. Check your connection, then reload the page.';

type AppSnapshot = SnapshotFrom<typeof appMachine>;

export const selectPage =
  <K extends PageKey>(key: K) =>
  (s: AppSnapshot): PageState<K> => {
    const live = s.context.pages[key];
    if (live) return { status: 'ready', ref: live.ref as ActorRefFrom<PageMachine<K>> };
    return s.context.failed.includes(key) ? { status: 'failed' } : { status: 'loading' };
  };

export const samePage = <K extends PageKey>(a: PageState<K>, b: PageState<K>) =>
  a.status === b.status && (a.status !== 'ready' || (b.status === 'ready' && a.ref === b.ref));

// ---- The login page ------------------------------------------------------------------------------

type LoginPageSnapshot = SnapshotFrom<typeof loginPageMachine>;
/** The login page hands its two children to their parts: the form and the Microsoft button. */
export const selectLoginScreenView = (s: LoginPageSnapshot) => ({ form: s.children.form!, microsoft: s.children.microsoft! });

/** The password form: its fields, their errors, whether it is sending, and the failure dialog's text. */
export const selectLoginFormView = (s: SnapshotFrom<typeof loginFormMachine>) => ({
  email: s.context.email,
  password: s.context.password,
  errors: s.context.errors,
  failure: s.context.failure,
  submitting: s.matches('submitting') || s.matches('success'),
});

/** 'Sign in with Microsoft': shown only with the server's Microsoft settings; busy from the click to the login. */
export const selectMicrosoftView = (s: SnapshotFrom<typeof microsoftSignInMachine>) => ({
  shown: s.context.config !== null,
  busy: s.matches('starting') || s.matches('signingIn') || s.matches('exchanging') || s.matches('success'),
  failure: s.context.failure,
});

/**
 * Compares view models by content: lists and plain objects field by field, all the way down;
 * anything else (actor refs, dates, functions) by identity. So a selector may build its rows afresh
 * and the screen still renders again only when what it shows changed.
 */
export function sameView<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameView(x, b[i]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameView(a[k], b[k]));
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** The app-wide spinner covers the screen while calls that asked for it run. */
export const selectSpinnerVisible = (s: SnapshotFrom<typeof spinnerMachine>) => s.matches('visible');

/** An app-wide actor of the root (auth, spinner, notices, session), for the views that read it. */
export const selectAppChild =
  <K extends 'auth' | 'spinner' | 'notices' | 'session'>(key: K) =>
  (s: AppSnapshot) =>
    s.context[key];
