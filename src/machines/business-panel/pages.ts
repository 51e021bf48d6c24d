import type { PageSpec } from '../shell/page-spec.ts';

/** The business-panel pages the app's root actor runs (../shell/page-spec.ts). */
export const businessPanelPages = {
} satisfies Record<string, PageSpec>;
