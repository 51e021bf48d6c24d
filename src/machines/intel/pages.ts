import { todayIso } from '../../model/date-range.ts';
import { selectLastPage } from '../session/selectors.ts';
import { page, type PageRoute } from '../shell/page-spec.ts';
import { isInternalAdmin } from '../../model/route-access.ts';

// As shell/selectors.ts selectActsAsInternalAdmin (importing it would close an import circle through the registry).
const actsAsInternalAdmin = ({ user, adminUser }: PageRoute['auth']['context']) => user !== null && isInternalAdmin(user, adminUser !== null);

/**
 * The intel pages the app's root actor runs (../shell/page-spec.ts).
 *
 * Intel is one page for all its routes, kept for the session (spec §2: /intel comes back to the last
 * intel page viewed): its batches load once, and survive switching views and leaving the section.
 * A detail page's items are a child of it, not a page of their own: they need the section's rows
 * (the merchant, whether it has data), its range and header, and a route is one page.
 */
export const intelPages = {
  intel: page({
    paths: ['/intel', '/intel/list', '/intel/graph', '/intel/linechart', '/intel/detail/:id/:tab'],
    load: () => import('./intel.ts').then((m) => m.intelMachine),
    input: (route) => ({
      activeDistributor: route.auth.context.user?.activeDistributor ?? null,
      lastUrl: selectLastPage('intel')(route.session),
      path: route.place.pathname,
      query: route.place.search,
    }),
    kept: true,
  }),
  /** /debug_details/{id}: one merchant's debug page, internal admins only. */
  intelDebug: page({
    paths: ['/debug_details/:id'],
    load: () => import('./debug-details.ts').then((m) => m.debugDetailsMachine),
    input: (route) => ({ merchantId: Number(route.params.id), today: todayIso(), allowed: actsAsInternalAdmin(route.auth.context) }),
    instance: (route) => route.params.id ?? '',
  }),
};
