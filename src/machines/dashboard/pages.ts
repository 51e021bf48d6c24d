import type { PageSpec } from '../shell/page-spec.ts';

/** The dashboard pages the app's root actor runs (../shell/page-spec.ts). */
export const dashboardPages = {
} satisfies Record<string, PageSpec>;
