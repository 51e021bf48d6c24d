import { page, type PageSpec } from '../shell/page-spec.ts';

/** The admin-panel pages the app's root actor runs (../shell/page-spec.ts). */
export const adminPanelPages = {
  adminPanel: page({
    paths: ['/admin-panel'],
    load: () => import('./admin-panel.ts').then((m) => m.adminPanelPageMachine),
  }),
} satisfies Record<string, PageSpec>;
