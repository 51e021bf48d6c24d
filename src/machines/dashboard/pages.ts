import { enteredByAdmin } from '../../model/route-access.ts';
import { viewsAs } from '../../model/role-rules.ts';
import { selectViewAs } from '../session/selectors.ts';
import { page, type PageRoute } from '../shell/page-spec.ts';
import type { DashboardInput } from './dashboard-context.ts';

/**
 * The dashboard's input: the logged-in user, the View As choice the session holds as it opens, the
 * URL's query (range and location), and the load-speed test's when an internal admin entered the
 * user's session.
 */
export const dashboardInput = ({ auth, session, place }: Pick<PageRoute, 'auth' | 'session' | 'place'>): DashboardInput => {
  const user = auth.context.user;
  const canViewAs = user !== null && viewsAs(user);
  return {
    activeDistributor: user?.activeDistributor ?? null,
    userId: user?.id ?? null,
    canViewAs,
    viewAsUserId: selectViewAs(session),
    // The range and location a reload or a shared link names (the machine reads them).
    search: place.search,
    // The user whose dashboard is timed and the admin behind the session (built here: the test's machine stays out of the app shell).
    loadSpeed: user !== null && enteredByAdmin(user, auth.context.adminUser) ? { userId: user.id, adminEmail: auth.context.adminUser?.email ?? '' } : null,
  };
};

/** The dashboard pages the app's root actor runs (../shell/page-spec.ts). */
export const dashboardPages = {
  dashboard: page({
    paths: ['/dashboard'],
    load: () => import('./dashboard.ts').then((m) => m.dashboardMachine),
    input: dashboardInput,
  }),
};
