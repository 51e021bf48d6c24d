import { page, type PageSpec } from '../shell/page-spec.ts';

/** The admin-switch pages the app's root actor runs (../shell/page-spec.ts). */
export const adminSwitchPages = {
  adminLogin: page({
    paths: ['/admin-login'],
    load: () => import('./admin-switch.ts').then((m) => m.adminSwitchMachine),
  }),
} satisfies Record<string, PageSpec>;
