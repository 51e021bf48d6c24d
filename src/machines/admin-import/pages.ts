import type { PageSpec } from '../shell/page-spec.ts';

/** The admin-import pages the app's root actor runs (../shell/page-spec.ts). */
export const adminImportPages = {
} satisfies Record<string, PageSpec>;
