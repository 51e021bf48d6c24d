import type { SnapshotFrom } from 'xstate';
import { enteredByAdmin } from '../../model/route-access.ts';
import type { authRoutingMachine } from './auth-routing.ts';
import { page } from './page-spec.ts';

const loggedIn = (auth: SnapshotFrom<typeof authRoutingMachine>) => auth.value === 'distributor' || auth.value === 'internalAdmin';

/** The login page, and the shell's companions: actors that run beside every page while their time lasts (./page-spec.ts). */
export const shellPages = {
  login: page({
    paths: ['/login'],
    load: () => import('./login.ts').then((m) => m.loginPageMachine),
  }),
  // Spec §4: time online is tracked only while a distributor or an internal admin is logged in; a
  // new login (or a switch into a user's session) starts a fresh tracker.
  sessionTracker: page({
    paths: [],
    during: loggedIn,
    load: () => import('./session-tracker.ts').then((m) => m.sessionTrackerMachine),
  }),
  // Saves the CSV an Export button builds (internal admins, analytics spec §6), one for the session.
  csvExport: page({
    paths: [],
    during: loggedIn,
    load: () => import('./csv-export.ts').then((m) => m.csvExportMachine),
  }),
  // Shown on every screen while an internal admin acts as the user (docs/admin-tools.md).
  impersonationBanner: page({
    paths: [],
    during: (auth) => auth.value === 'distributor' && auth.context.user !== null && enteredByAdmin(auth.context.user, auth.context.adminUser),
    load: () => import('../admin-switch/impersonation-banner.ts').then((m) => m.impersonationBannerMachine),
  }),
};
