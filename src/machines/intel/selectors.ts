import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { cachedVisible } from '../cached-visible.ts';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import {
  DEFAULT_INTEL_URL, describeItem, detailItems, GRAPH_DISTRIBUTORS, intelDetailExport, intelListExport, itemKey, LINE_CHART_MONTHS, lastOrderPrice, lineSeries, marketIndex,
  NO_PRICE_HINT, pageCount, pageOf, progressText, searchItems, visibleMerchants, type DetailTab, type IntelView, type LineSeries,
} from '../../model/intel-rules.ts';
import type { intelMachine } from './intel.ts';
import { intelPlace } from './intel-context.ts';
import type { debugDetailsMachine } from './debug-details.ts';
import type { intelItemsMachine } from './intel-items.ts';
export { ITEMS_FAILED_MESSAGE } from './intel-items.ts';

/** What the Intel pages show (analytics spec §2–§4), read from the Intel machine's snapshot. */

type S = SnapshotFrom<typeof intelMachine>;

export { DEFAULT_INTEL_URL, describeItem, itemKey, LINE_CHART_MONTHS, lastOrderPrice, marketIndex, NO_PRICE_HINT, progressText };

export const selectStatus = (s: S) => s.value;
export const selectRows = (s: S) => s.context.rows;
export const selectRange = (s: S) => s.context.range;
export const selectProgress = (s: S) => ({ loaded: s.context.loaded, total: s.context.merchants.length });
export const selectLoading = (s: S) => s.matches('loading') || s.matches('loadingMerchants') || s.matches('switchingDistributor');
export const selectSettled = (s: S) => s.matches('complete') || s.matches('partial') || s.matches('noMerchants') || s.matches('merchantsFailed');
export const selectFailedCount = (s: S) => s.context.failed.length;
export const selectHouses = (s: S) => s.context.houses;
export const selectActiveDistributor = (s: S) => s.context.activeDistributor;
export const selectSwitching = (s: S) => s.matches('switchingDistributor');
export const selectDialog = (s: S) => s.context.dialog;
export const selectSearch = (s: S) => s.context.search;
export const selectSort = (s: S) => s.context.sort;
export const selectPage = (s: S) => s.context.page;
export const selectRevealed = (s: S) => s.context.revealed;
export const selectExpanded = (s: S) => s.context.expanded;
export const selectMonths = (s: S) => s.context.months;
export const selectLogScale = (s: S) => s.context.logScale;
export const selectChartTables = (s: S) => s.context.chartTables;
export const selectDetailSearch = (s: S) => s.context.detailSearch;
/** The view the header's switch shows (none on a detail page). */
export const selectCurrentView = (s: S): IntelView | null => {
  const place = intelPlace(s.context.path);
  return place.kind === 'view' ? place.view : null;
};

// ---- The three views: the same merchants, searched and sorted, a page at a time -----------------

const visibleOf = cachedVisible(visibleMerchants);

/**
 * Every merchant loaded so far that matches the search, in the chosen order. Kept while rows,
 * search and sort stay the same, so a page change does not sort 5,000 merchants again.
 */
export const selectVisibleMerchants = (s: S): IntelMerchant[] => visibleOf(s.context.rows, s.context.search, s.context.sort);

/** Nothing to show: no merchant matches, or none has arrived. */
export const selectNoneVisible = (s: S) => selectVisibleMerchants(s).length === 0;
/** 'No Data Found' once every batch has answered and nothing matches. */
export const selectNoDataFound = (s: S) => selectSettled(s) && selectNoneVisible(s);

const pageSelector = (view: IntelView) => (s: S) => pageOf(selectVisibleMerchants(s), s.context.page, view);
const pageCountSelector = (view: IntelView) => (s: S) => pageCount(selectVisibleMerchants(s).length, view);
/** Only a page of merchants reaches the screen (16 rows, 8 pies, 4 line charts): 5,000 never render at once. */
export const selectListPage = pageSelector('list');
export const selectGraphPage = pageSelector('graph');
export const selectLineChartPage = pageSelector('linechart');
export const selectListPageCount = pageCountSelector('list');
export const selectGraphPageCount = pageCountSelector('graph');
export const selectLineChartPageCount = pageCountSelector('linechart');

/** The list's CSV: every merchant shown, over every page. */
export const selectIntelListCsv = (s: S): CsvExport => intelListExport(selectVisibleMerchants(s), s.context.range);

// ---- One merchant's cards ---------------------------------------------------------------------

/** A pie's slices: the distributors it bought from; the first four unless the card is expanded. */
export function pieGroups(merchant: IntelMerchant, expanded: boolean) {
  const groups = merchant.data.filter((g) => g.volume > 0);
  return { groups, shown: expanded ? groups : groups.slice(0, GRAPH_DISTRIBUTORS), expandable: groups.length > GRAPH_DISTRIBUTORS };
}

/** A line chart's series: the merchant's monthly volume per distributor over the months chosen. */
export const merchantSeries = (merchant: IntelMerchant, endDate: string, months: number): LineSeries[] => lineSeries(merchant.monthly ?? [], endDate, months);

/**
 * Log-scale ticks: 0 and the powers of ten up to the first one at or above the largest value; the
 * last tick is also the axis' top (nivo's own 'auto' top for a symlog scale is the last value it
 * met, not the largest, so the largest series would leave the plot).
 */
export function powersOfTen(series: readonly LineSeries[]): number[] {
  const max = Math.max(1, ...series.flatMap((s) => s.data.map((p) => p.y)));
  const ticks = [0];
  for (let t = 10; ticks.at(-1)! < max; t *= 10) ticks.push(t);
  return ticks;
}

/** The distributor whose series is the active house's own (the one not a competitor), if it sold in the months. */
export const ownSeriesName = (merchant: IntelMerchant): string | undefined => merchant.data.find((g) => !g.competitor)?.distributor;

// ---- The detail page --------------------------------------------------------------------------

export type DetailRow = ReturnType<typeof detailItems>[number];
/** The tab's items (competitors' or the distributor's), searched by description or manufacturer. */
export const detailRows = (merchant: IntelMerchant, tab: DetailTab, search: string): DetailRow[] => searchItems(detailItems(merchant, tab), search);
/** The detail page's CSV: the tab's items of the merchant in the range. */
export const detailCsv = (merchant: IntelMerchant, tab: DetailTab, range: S['context']['range']): CsvExport => intelDetailExport(merchant, tab, range);

/** The open tab of the detail page on screen (null elsewhere, or on an unknown tab, which the machine sends to the list). */
export const selectDetailTab = (s: S): DetailTab | null => {
  const place = intelPlace(s.context.path);
  return place.kind === 'detail' ? place.tab : null;
};
/** The detail page's merchant, once its batch has arrived with data (until then, or until the machine sends the page away, a loader). */
export const selectDetailRow = (s: S): IntelMerchant | null => {
  const place = intelPlace(s.context.path);
  const row = place.kind === 'detail' ? s.context.rows.find((m) => m.id === place.merchantId) : undefined;
  return row && !row.noData ? row : null;
};
/** The detail merchant's platform id (the similar-items page names the merchant by it). */
export const selectDetailPlatformId = (s: S) => {
  const place = intelPlace(s.context.path);
  return (place.kind === 'detail' ? s.context.merchants.find((m) => m.id === place.merchantId)?.platformId : undefined) ?? '-';
};
/** The child loading the items of the detail page's merchant for the range. */
export const selectItems = (s: S) => s.children.items as ActorRefFrom<typeof intelItemsMachine> | undefined;

type ItemsSnapshot = SnapshotFrom<typeof intelItemsMachine>;
export const selectItemsFailed = (s: ItemsSnapshot) => s.matches('failed');
/** The merchant's row with its items by seller, once they have arrived. */
export const selectItemGroups = (s: ItemsSnapshot) => s.context.groups;
/** The row of the list, its items in place of its seller volumes. */
export const withItems = (row: IntelMerchant, groups: IntelMerchant['data']): IntelMerchant => ({ ...row, data: groups });

// ---- The debug page ---------------------------------------------------------------------------

type DebugSnapshot = SnapshotFrom<typeof debugDetailsMachine>;
/** What /debug_details/{id} shows: the range, a loader, an error, the details; nothing once refused. */
export const selectDebugView = (s: DebugSnapshot) => ({
  refused: s.matches('refused') || s.matches('checking'),
  loading: s.matches('loading'),
  range: s.context.range,
  error: s.context.error,
  details: s.context.details,
});

/** A merchant's Intel detail: its row, the tab open, and the items' child actor. */
export const selectDetailView = (s: S) => ({
  row: selectDetailRow(s),
  tab: selectDetailTab(s),
  items: selectItems(s),
});

/** The detail's items: whether their load failed, and the items grouped. */
export const selectItemsPanelView = (s: ItemsSnapshot, row: IntelMerchant) => {
  const groups = selectItemGroups(s);
  return { failed: selectItemsFailed(s), merchant: groups ? withItems(row, groups) : null };
};

/** The detail's item table: the search, the rows revealed, the range and the merchant's platform id. */
export const selectDetailItemsView = (s: S) => ({
  search: selectDetailSearch(s),
  revealed: selectRevealed(s),
  range: selectRange(s),
  platformId: selectDetailPlatformId(s),
});

/** The detail's item table with its rows: the merchant's items of the tab that the search finds. */
export const selectDetailTableView = (s: S, merchant: IntelMerchant, tab: DetailTab) => ({
  ...selectDetailItemsView(s),
  rows: detailRows(merchant, tab, selectDetailSearch(s)),
});

/** Intel's graph view: the page, whether the load settled, the merchants on the page, the page count, and whether none is visible. */
export const selectGraphView = (s: S) => ({
  page: selectPage(s),
  settled: selectSettled(s),
  shown: selectGraphPage(s),
  pages: selectGraphPageCount(s),
  noneVisible: selectNoneVisible(s),
});

/** Intel's line chart: the page, months, log scale, whether the load settled, chart or tables, the merchants on the page, the page count, none visible. */
export const selectLineChartView = (s: S) => ({
  page: selectPage(s),
  months: selectMonths(s),
  logScale: selectLogScale(s),
  settled: selectSettled(s),
  chartTables: selectChartTables(s),
  shown: selectLineChartPage(s),
  pages: selectLineChartPageCount(s),
  noneVisible: selectNoneVisible(s),
});

/** Intel's list: the search, sort and page, whether the load settled, the merchants on the page, none visible, the page count. */
export const selectListView = (s: S) => ({
  search: selectSearch(s),
  sort: selectSort(s),
  page: selectPage(s),
  settled: selectSettled(s),
  shown: selectListPage(s),
  noneVisible: selectNoneVisible(s),
  pages: selectListPageCount(s),
});

/** Intel's header: the range, the houses and the one looked at, a switch under way, and the view shown. */
export const selectIntelHeaderView = (s: S) => ({
  range: selectRange(s),
  houses: selectHouses(s),
  active: selectActiveDistributor(s),
  switching: selectSwitching(s),
  view: selectCurrentView(s),
});

/** The load's progress line: loading or not, merchants loaded of all, and how many failed. */
export const selectLoadProgressView = (s: S) => ({ loading: selectLoading(s), ...selectProgress(s), failed: selectFailedCount(s) });
