import type { PageSpec } from '../shell/page-spec.ts';

/** The account pages the app's root actor runs (../shell/page-spec.ts). */
export const accountPages = {
} satisfies Record<string, PageSpec>;
