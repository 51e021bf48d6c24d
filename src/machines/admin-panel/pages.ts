import { page, type PageSpec } from '../shell/page-spec.ts';

/** The admin-panel pages the app's root actor runs (../shell/page-spec.ts). */
export const adminPanelPages = {
  adminPanel: page({
    paths: ['/admin-panel'],
    load: () => import('./admin-panel.ts').then((m) => m.adminPanelPageMachine),
  }),
  apiReference: page({
    paths: ['/admin-panel/api'],
    load: () => import('./api-reference.ts').then((m) => m.apiReferenceMachine),
  }),
} satisfies Record<string, PageSpec>;
