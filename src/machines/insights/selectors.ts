import type { SnapshotFrom } from 'xstate';
import { cachedVisible } from '../cached-visible.ts';
import type { InsightsMerchant } from '../../model/insights.ts';
import { filterText, hasVolume, visibleInsightsMerchants, type LostFilter } from '../../model/insights-rules.ts';
import type { insightsMachine } from './insights.ts';

/** What the competitive-insights pages show (analytics spec §4, §5, §8), read from their machines. */

export {
  categoriesLabel, competitorOrder, competitorOrderTitle, competitorOrderUrl, DEFAULT_INSIGHTS_URL, estimateText, invoiceExport, itemsLabel, itemsUrl, LOAD_FAILED,
  matchesUrl, MONEY_AT_STAKE_HELP, monthOf, monthTitle, orderHistoryUrl, REDIRECT_BANNER, sortLines, usDate, visibleItems, WINBACK_URL, winBackExport,
} from '../../model/insights-rules.ts';
export { filterText, hasVolume };

type S = SnapshotFrom<typeof insightsMachine>;

export const selectRange = (s: S) => s.context.range;
export const selectRows = (s: S) => s.context.rows;
export const selectSearch = (s: S) => s.context.search;
export const selectSort = (s: S) => s.context.sort;
export const selectFilter = (s: S) => s.context.filter;
export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectDialog = (s: S) => s.context.dialog;
export const selectLastUrl = (s: S) => s.context.lastUrl;
export const selectRedirect = (s: S) => s.context.redirect;
export const selectBanner = (s: S) => s.context.banner;

/**
 * The dashboard's filter in the merchants URL (spec §4): `?category=Dairy` or `?item=<min>` (with
 * `&description=` naming it); a category wins over an item; neither is no filter.
 */
export function lostFilterOf(params: URLSearchParams): LostFilter | null {
  const category = params.get('category');
  const item = params.get('item');
  const description = params.get('description');
  return category ? { category } : item ? (description ? { item, description } : { item }) : null;
}

const visibleOf = cachedVisible(visibleInsightsMerchants);

/** The merchants listed: those matching the search, in the chosen order. */
export const selectVisibleMerchants = (s: S): InsightsMerchant[] => visibleOf(s.context.rows, s.context.search, s.context.sort);
