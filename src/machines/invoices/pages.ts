import type { PageSpec } from '../shell/page-spec.ts';

/** The invoices pages the app's root actor runs (../shell/page-spec.ts). */
export const invoicesPages = {
} satisfies Record<string, PageSpec>;
