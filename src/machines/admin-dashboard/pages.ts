import type { PageSpec } from '../shell/page-spec.ts';

/** The admin-dashboard pages the app's root actor runs (../shell/page-spec.ts). */
export const adminDashboardPages = {
} satisfies Record<string, PageSpec>;
