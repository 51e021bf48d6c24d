import type { SessionUser } from './session-user.ts';
import { ADMIN_ROUTES, PUBLIC_ROUTES, SECTION_FALLBACKS, findScreen, gateOpen, matchPattern } from './routes.ts';

/** The top-level states of the auth-routing machine, as far as routing cares (spec §2.1). */
export type AccessMode = 'checking' | 'maintenance' | 'loggedOut' | 'loggingOut' | 'internalAdmin' | 'distributor' | 'switchingBack';

export type RouteDecision = { kind: 'wait' } | { kind: 'show' } | { kind: 'redirect'; to: string };

const show: RouteDecision = { kind: 'show' };
const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });

/** Internal admin per spec §1: the flag, exportUser or internalAdmin, or stored admin data. */
export function isInternalAdmin(user: SessionUser, hasAdminData: boolean): boolean {
  return user.isInternalAdmin || user.exportUser || user.internalAdmin || hasAdminData;
}

/** Spec §4: an admin login of a user with 'admin' in the email also stores admin data. */
export function keepsAdminData(user: SessionUser): boolean {
  return isInternalAdmin(user, false) && user.email.toLowerCase().includes('admin');
}

/**
 * A distributor user's session that an internal admin entered (POST /auth/session): it routes as
 * the distributor, while the stored admin data keeps the admin's features and the Switch User action.
 */
export function enteredByAdmin(user: SessionUser, adminUser: SessionUser | null): boolean {
  return adminUser !== null && adminUser.id !== user.id && !isInternalAdmin(user, false);
}

export interface RouteContext {
  user: SessionUser | null;
  /** Set after a logout that has something to tell, e.g. the no-channel-partner message. */
  logoutNotice: string | null;
}

/** Whether `path` may be shown in `mode`, or where to go instead. */
export function decideRoute(mode: AccessMode, path: string, ctx: RouteContext): RouteDecision {
  const matchesAny = (patterns: readonly string[]) => patterns.some((p) => matchPattern(p, path));
  switch (mode) {
    case 'checking':
    case 'switchingBack': // an admin leaving a user's session: nothing to show until their own is back
      return { kind: 'wait' };
    case 'maintenance':
      return path === '/maintenance' ? show : redirect('/maintenance');
    case 'loggingOut':
      return path === '/logout' ? show : redirect('/logout');
    case 'loggedOut':
      // The logout page stays visible only while it has a notice to show.
      if (path === '/logout' && ctx.logoutNotice) return show;
      return matchesAny(PUBLIC_ROUTES) ? show : redirect('/login');
    case 'internalAdmin':
      return matchesAny(ADMIN_ROUTES) ? show : redirect('/admin-login');
    case 'distributor':
      return decideDistributorRoute(path, ctx.user);
  }
}

function decideDistributorRoute(path: string, user: SessionUser | null): RouteDecision {
  if (!user) return redirect('/dashboard');
  if (path === '/logout') return show;
  const screen = findScreen(path);
  if (screen) return gateOpen(screen.gate, user) ? show : redirect('/dashboard');
  const section = SECTION_FALLBACKS.find((s) => path === s.prefix || path.startsWith(`${s.prefix}/`));
  if (section && gateOpen(section.gate, user)) return redirect(section.to);
  return redirect('/dashboard');
}
