import { page, type PageSpec } from '../shell/page-spec.ts';

/** The business-panel pages the app's root actor runs (../shell/page-spec.ts). */
export const businessPanelPages = {
  businessPanel: page({
    paths: ['/business-panel'],
    load: () => import('./business-panel.ts').then((m) => m.businessPanelPageMachine),
  }),
} satisfies Record<string, PageSpec>;
