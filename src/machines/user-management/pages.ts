import type { PageSpec } from '../shell/page-spec.ts';

/** The user-management pages the app's root actor runs (../shell/page-spec.ts). */
export const userManagementPages = {
} satisfies Record<string, PageSpec>;
