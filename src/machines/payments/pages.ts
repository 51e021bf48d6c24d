import type { PageSpec } from '../shell/page-spec.ts';

/** The payments pages the app's root actor runs (../shell/page-spec.ts). */
export const paymentsPages = {
} satisfies Record<string, PageSpec>;
