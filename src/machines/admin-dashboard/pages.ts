import { page, type PageSpec } from '../shell/page-spec.ts';

/** The admin-dashboard pages the app's root actor runs (../shell/page-spec.ts). */
export const adminDashboardPages = {
  adminDashboard: page({
    paths: ['/admin-dashboard'],
    load: () => import('./admin-dashboard-screen.ts').then((m) => m.adminDashboardPageMachine),
    input: (route) => ({ siteUrl: globalThis.location?.origin ?? '', admin: route.auth.value === 'internalAdmin' }),
  }),
} satisfies Record<string, PageSpec>;
