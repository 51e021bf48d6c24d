import { page } from '../shell/page-spec.ts';

/** The digest's companion (../shell/page-spec.ts). */
export const digestPages = {
  // The header's bell (docs/digest.md), in a distributor user's session.
  alerts: page({
    paths: [],
    during: (auth) => auth.value === 'distributor',
    load: () => import('./alerts.ts').then((m) => m.alertsMachine),
  }),
};
