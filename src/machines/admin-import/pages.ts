import { page, type PageSpec } from '../shell/page-spec.ts';

/** The admin-import pages the app's root actor runs (../shell/page-spec.ts). */
export const adminImportPages = {
  adminImport: page({
    paths: ['/admin-panel/import'],
    load: () => import('./purchase-import.ts').then((m) => m.purchaseImportMachine),
  }),
} satisfies Record<string, PageSpec>;
