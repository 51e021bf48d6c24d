import { enteredByAdmin } from '../../model/route-access.ts';
import { page } from './page-spec.ts';

/** The login page, and the shell's companions: actors that run beside every page while their time lasts (./page-spec.ts). */
export const shellPages = {
  login: page({
    paths: ['/login'],
    load: () => import('./login-page.ts').then((m) => m.loginPageMachine),
  }),
  // Spec §4: time online is tracked only while a distributor or an internal admin is logged in; a
  // new login (or a switch into a user's session) starts a fresh tracker.
  sessionTracker: page({
    paths: [],
    during: (auth) => auth.value === 'distributor' || auth.value === 'internalAdmin',
    load: () => import('./session-tracker.ts').then((m) => m.sessionTrackerMachine),
  }),
  // Shown on every screen while an internal admin acts as the user (docs/admin-tools.md).
  impersonationBanner: page({
    paths: [],
    during: (auth) => auth.value === 'distributor' && auth.context.user !== null && enteredByAdmin(auth.context.user, auth.context.adminUser),
    load: () => import('../admin-switch/impersonation-banner.ts').then((m) => m.impersonationBannerMachine),
  }),
};
