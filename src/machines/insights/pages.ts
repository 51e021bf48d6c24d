import type { PageSpec } from '../shell/page-spec.ts';

/** The insights pages the app's root actor runs (../shell/page-spec.ts). */
export const insightsPages = {
} satisfies Record<string, PageSpec>;
