import type { PageSpec } from '../shell/page-spec.ts';

/** The admin-panel pages the app's root actor runs (../shell/page-spec.ts). */
export const adminPanelPages = {
} satisfies Record<string, PageSpec>;
