import type { PageSpec } from '../shell/page-spec.ts';

/** The intel pages the app's root actor runs (../shell/page-spec.ts). */
export const intelPages = {
} satisfies Record<string, PageSpec>;
