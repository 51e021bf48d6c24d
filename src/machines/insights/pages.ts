import { selectLastPage } from '../session/selectors.ts';
import { page } from '../shell/page-spec.ts';
import { INSIGHTS_PATHS } from './insights-route.ts';

/**
 * The insights pages the app's root actor runs (../shell/page-spec.ts). One page for the whole
 * section: its header (the range) and every screen under it share the section's actor, which
 * runs the screen of the place (a merchant's items, order history, a competitor order) as its
 * child. Separate pages would not do: the root runs the one page of the place, so a merchant's
 * items opened from a link would have no section (no range) beside them.
 */
export const insightsPages = {
  // Spec §2: the last page viewed is restored when the section is reopened, so the section is kept.
  insights: page({
    paths: INSIGHTS_PATHS,
    load: () => import('./insights.ts').then((m) => m.insightsMachine),
    input: (route) => ({ place: route.place, lastUrl: selectLastPage('insights')(route.session) }),
    kept: true,
  }),
};
