import { page } from '../shell/page-spec.ts';

/** The rebates pages the app's root actor runs (../shell/page-spec.ts). */
export const rebatesPages = {
  rebates: page({
    paths: ['/rebates/list'],
    load: () => import('./rebates-screen.ts').then((m) => m.rebatesScreenMachine),
  }),
};
