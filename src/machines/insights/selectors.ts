import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { cachedVisible } from '../cached-visible.ts';
import type { DateRange } from '../../model/date-range.ts';
import type { CompetitiveItem, InsightsMerchant, OrderInvoice, OrderLine, WinBackList } from '../../model/insights.ts';
import {
  categoriesLabel, competitorOrder, competitorOrderTitle, filterText, hasVolume, itemsLabel, monthTitle, sortLines, visibleInsightsMerchants, visibleItems, WINBACK_URL,
  type ItemColumn, type ItemsTab, type LineColumn,
} from '../../model/insights-rules.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import type { ColumnSort } from '../../model/sort-rule.ts';
import type { competitiveItemsMachine } from './competitive-items.ts';
import type { competitorOrderMachine } from './competitor-order.ts';
import type { insightsMachine } from './insights.ts';
import type { orderHistoryMachine } from './order-history.ts';
import type { winBackMachine } from './win-back.ts';

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
export const selectBanner = (s: S) => s.context.banner;

export { lostFilterOf } from './insights-route.ts';

const visibleOf = cachedVisible(visibleInsightsMerchants);

/** The merchants listed: those matching the search, in the chosen order. */
export const selectVisibleMerchants = (s: S): InsightsMerchant[] => visibleOf(s.context.rows, s.context.search, s.context.sort);

/** The section's header: its range, the range dialog, and the win-back link (not on the win-back list itself). */
export interface InsightsHeaderView {
  range: DateRange;
  dialog: string | null;
  showWinBackLink: boolean;
}
const headerOf = new WeakMap<object, InsightsHeaderView>();
export const selectHeaderView = (s: S): InsightsHeaderView =>
  memo(headerOf, s.context, () => ({ range: s.context.range, dialog: s.context.dialog, showWinBackLink: s.context.place?.pathname !== WINBACK_URL }));

// The screen the section runs for the place (none while another is on screen).
export const selectItemsScreen = (s: S) => (s.context.screen?.kind === 'items' ? s.context.screen.ref : null);
export const selectOrderHistoryScreen = (s: S) => (s.context.screen?.kind === 'orderHistory' ? s.context.screen.ref : null);
export const selectHouseWinBack = (s: S) => (s.context.screen?.kind === 'houseWinBack' ? s.context.screen.ref : null);
/** An item's similar items (the rebates area's screen, under this section's breadcrumb). */
export const selectMatchesScreen = (s: S) => (s.context.screen?.kind === 'matches' ? s.context.screen.ref : null);
export const selectCompetitorOrderScreen = (s: S) => (s.context.screen?.kind === 'competitorOrder' ? s.context.screen : null);

function memo<V>(cache: WeakMap<object, V>, key: object, make: () => V): V {
  const hit = cache.get(key);
  if (hit) return hit;
  const value = make();
  cache.set(key, value);
  return value;
}

type Option = { value: string; label: string };
const unique = (values: string[]): Option[] => [...new Set(values)].sort().map((v) => ({ value: v, label: v }));

/** What a merchant's items page shows (spec §4): the tab's rows searched, filtered and sorted, and the multi-selects. */
export interface ItemsView {
  loading: boolean;
  failed: boolean;
  /** Total Competitor Volume; null until the items arrive. */
  competitorVolume: number | null;
  tab: ItemsTab;
  search: string;
  sort: ColumnSort<ItemColumn>;
  categories: string[];
  mins: string[];
  categoriesText: string;
  itemsText: string;
  /** Every category of the tab's items, A→Z. */
  categoryOptions: Option[];
  /** The items to choose from: those of the chosen categories (all without a choice). */
  itemOptions: Option[];
  rows: CompetitiveItem[];
  /** The merchant's win-back list, while its tab is open. */
  winBack: ActorRefFrom<typeof winBackMachine> | null;
}

const itemsViewOf = new WeakMap<object, ItemsView>();
export const selectItemsView = (s: SnapshotFrom<typeof competitiveItemsMachine>): ItemsView =>
  memo(itemsViewOf, s.context, () => {
    const c = s.context;
    const tabItems = c.data ? (c.tab === 'self' ? c.data.self : c.data.competition) : [];
    const choosable = tabItems.filter((i) => c.categories.length === 0 || c.categories.includes(i.category));
    return {
      loading: s.matches('loading'),
      failed: s.matches('failed'),
      competitorVolume: c.data?.competitorVolume ?? null,
      tab: c.tab,
      search: c.search,
      sort: c.sort,
      categories: c.categories,
      mins: c.mins,
      categoriesText: categoriesLabel(c.categories.length),
      itemsText: itemsLabel(c.mins.length),
      categoryOptions: unique(tabItems.map((i) => i.category)),
      itemOptions: [...new Map(choosable.map((i) => [i.min, { value: i.min, label: formatDescription(i.description) }])).values()],
      rows: visibleItems(tabItems, c, c.sort),
      winBack: c.winBack,
    };
  });

/** A merchant's order history (spec §4): the month, its invoices, whether Next Month goes on. */
export interface OrderHistoryView {
  loading: boolean;
  failed: boolean;
  error: string | null;
  monthTitle: string;
  invoices: OrderInvoice[];
  nextMonthEnabled: boolean;
}
const orderHistoryViewOf = new WeakMap<object, OrderHistoryView>();
export const selectOrderHistoryView = (s: SnapshotFrom<typeof orderHistoryMachine>): OrderHistoryView =>
  memo(orderHistoryViewOf, s.context, () => ({
    loading: !s.matches('loaded') && !s.matches('failed'),
    failed: s.matches('failed'),
    error: s.context.error,
    monthTitle: monthTitle(s.context.month),
    invoices: s.context.months[s.context.month] ?? [],
    nextMonthEnabled: s.context.month < s.context.currentMonth,
  }));

/** One competitor order (spec §2): its title, distributor, volume and sorted lines. */
export interface CompetitorOrderView {
  loading: boolean;
  failed: boolean;
  title: string;
  distributor: string;
  estimatedVolume: number;
  lines: OrderLine[];
  sort: ColumnSort<LineColumn>;
}
const competitorOrderViewOf = new WeakMap<object, Map<string, CompetitorOrderView>>();
export const selectCompetitorOrderView = (distributorId: string) => (s: SnapshotFrom<typeof competitorOrderMachine>): CompetitorOrderView => {
  const byDistributor = memo(competitorOrderViewOf, s.context, () => new Map<string, CompetitorOrderView>());
  const hit = byDistributor.get(distributorId);
  if (hit) return hit;
  const c = s.context;
  const order = competitorOrder(c.invoices, distributorId, c.date);
  const view = {
    loading: !s.matches('loaded') && !s.matches('failed'),
    failed: s.matches('failed'),
    title: competitorOrderTitle(c.date),
    distributor: order.distributor ?? distributorId,
    estimatedVolume: order.estimatedVolume,
    lines: sortLines(order.lines, c.sort),
    sort: c.sort,
  };
  byDistributor.set(distributorId, view);
  return view;
};

/** A win-back list (docs/insights.md): loading, failed, or the list with its range (for the export). */
export interface WinBackView {
  loading: boolean;
  failed: boolean;
  list: WinBackList | null;
  range: DateRange;
}
const winBackViewOf = new WeakMap<object, WinBackView>();
export const selectWinBackView = (s: SnapshotFrom<typeof winBackMachine>): WinBackView =>
  memo(winBackViewOf, s.context, () => ({ loading: s.matches('loading') || !s.context.list, failed: s.matches('failed'), list: s.context.list, range: s.context.range }));

/** Competitive Insights' merchants: the search, sort and filter, loading or failed, and the merchants shown. */
export const selectMerchantsView = (s: S) => ({
  search: selectSearch(s),
  sort: selectSort(s),
  filter: selectFilter(s),
  loading: selectLoading(s),
  failed: selectFailed(s),
  visible: selectVisibleMerchants(s),
});

/** A merchant's items page: the banner, and the items screen's child actor. */
export const selectItemsPageView = (s: S) => ({
  banner: selectBanner(s),
  screen: selectItemsScreen(s),
});
