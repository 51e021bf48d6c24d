import dayjs from 'dayjs';
import { formatMoney, itemDescription } from './format.ts';
import { exportFileName } from './csv-cells.ts';
import type { CsvExport } from './dashboard-exports.ts';
import type { DateRange } from './date-range.ts';
import type { CompetitiveItem, InsightsMerchant, OrderInvoice, OrderLine, WinBackList } from './insights.ts';
import { sortRows, type ColumnSort } from './sort-rule.ts';

/** Competitive insights' pure rules (analytics spec §2, §4, §5, §8; docs/insights.md). */

export const INSIGHTS_ROOT = '/competitiveinsights';
export const DEFAULT_INSIGHTS_URL = `${INSIGHTS_ROOT}/merchants`;
export const WINBACK_URL = `${INSIGHTS_ROOT}/winback`;
export const ORDER_HISTORY_FAILED = 'Failed to load current months data, try to reload page';
export const REDIRECT_BANNER = "You've been redirected to item view, only one merchant available.";
export const LOAD_FAILED = 'Failed to load, Try Refreshing.';

const PAGES = [
  /^\/competitiveinsights\/(merchants|winback)$/,
  /^\/competitiveinsights\/(items|orderhistory)\/[^/]+\/\d+$/,
  /^\/competitiveinsights\/matches\/[^/]+\/[^/]+\/[^/]+\/\d+\/[^/]+$/,
  /^\/competitiveinsights\/ordertocompetitor\/[^/]+\/\d+\/[^/]+\/\d{4}-\d{2}-\d{2}$/,
];

/** Where a path under /competitiveinsights goes: itself when it is a page of the section, else the merchants list (spec §2). */
export const insightsPath = (path: string): string => (PAGES.some((p) => p.test(path)) ? path : DEFAULT_INSIGHTS_URL);

export const itemsUrl = (merchant: string, id: number) => `${INSIGHTS_ROOT}/items/${encodeURIComponent(merchant)}/${id}`;
export const orderHistoryUrl = (merchant: string, id: number) => `${INSIGHTS_ROOT}/orderhistory/${encodeURIComponent(merchant)}/${id}`;
export const competitorOrderUrl = (merchant: string, id: number, distributorPlatformId: string, date: string) =>
  `${INSIGHTS_ROOT}/ordertocompetitor/${encodeURIComponent(merchant)}/${id}/${encodeURIComponent(distributorPlatformId)}/${date}`;
export const matchesUrl = (merchant: string, item: { description: string; min: string; manufacturerPlatformId: string }, id: number) =>
  `${INSIGHTS_ROOT}/matches/${encodeURIComponent(merchant)}/${encodeURIComponent(item.description)}/${encodeURIComponent(item.min)}/${id}/${encodeURIComponent(item.manufacturerPlatformId)}`;

/** The win-back list's "Money At Stake", explained beside its header (issue 39). */
export const MONEY_AT_STAKE_HELP =
  "The merchant's competitor spend on this item over the period (its Competitor Volume): the sales the house stands to win back.";

/**
 * A filter from the dashboard: the merchants that bought a category, or an item, from
 * competitors. An item is its MIN (what the server filters by) and its description, for the
 * user, who knows items by name (issue 39); a link without one names the MIN alone.
 */
export type LostFilter = { category: string } | { item: string; description?: string };

/** The item as the filter names it: its description with the MIN beside it. */
const itemName = (f: { item: string; description?: string }) =>
  f.description ? `${itemDescription(f.description)} (MIN ${f.item})` : `MIN ${f.item}`;

export const filterText = (f: LostFilter) =>
  'category' in f ? `Merchants that bought the category ${f.category} from competitors` : `Merchants that bought the item ${itemName(f)} from competitors`;

/** The competitive insights of a lost item from the dashboard: its MIN filters, its description names it. */
export const lostItemUrl = (item: { min: string; description: string }) =>
  `${INSIGHTS_ROOT}?item=${encodeURIComponent(item.min)}&description=${encodeURIComponent(item.description)}`;

/** What the merchants call sends for a filter: the category or the MIN, never the description. */
export const filterPayload = (f: LostFilter | null): { category: string } | { item: string } | Record<string, never> =>
  f === null ? {} : 'category' in f ? { category: f.category } : { item: f.item };

// Merchants table.
export type MerchantColumn = 'dcn' | 'merchant' | 'totalVolume' | 'competitorVolume' | 'competitorVolumePerc';
export const DEFAULT_MERCHANT_SORT: ColumnSort<MerchantColumn> = { column: 'competitorVolume', descending: true };
export const MERCHANT_TEXT_COLUMNS: readonly MerchantColumn[] = ['dcn', 'merchant'];

/** Spec §5: a case-insensitive substring of the name or account number; then the table's sort. */
export function visibleInsightsMerchants(rows: readonly InsightsMerchant[], search: string, sort: ColumnSort<MerchantColumn>) {
  const s = search.trim().toLowerCase();
  const found = s ? rows.filter((m) => m.merchant.toLowerCase().includes(s) || (m.dcn ?? '').toLowerCase().includes(s)) : rows;
  return sortRows(found, sort, (m, c) => m[c] ?? '');
}

/** See Details is off when the merchant bought nothing from anyone (spec §2). */
export const hasVolume = (m: InsightsMerchant) => m.totalVolume !== 0 || m.competitorVolume !== 0;

// Items page.
export type ItemsTab = 'competition' | 'self' | 'winback';
export type ItemColumn = 'description' | 'manufacturer' | 'distributor' | 'category' | 'quantity' | 'volume' | 'purchase';
export const DEFAULT_ITEM_SORT: ColumnSort<ItemColumn> = { column: 'volume', descending: true };
/** The text columns whose first click sorts A→Z (the spec's "first click reversed"). */
export const ITEM_TEXT_COLUMNS: readonly ItemColumn[] = ['description', 'manufacturer', 'distributor', 'category'];

export const categoriesLabel = (n: number) => (n === 0 ? 'All Categories' : `${n} ${n === 1 ? 'Category' : 'Categories'} Selected`);
export const itemsLabel = (n: number) => (n === 0 ? 'All Items' : `${n} ${n === 1 ? 'Item' : 'Items'} Selected`);

export interface ItemFilters { search: string; categories: readonly string[]; mins: readonly string[] }

/** Search (description or manufacturer), the chosen categories and items (none chosen: all), then the sort. */
export function visibleItems(items: readonly CompetitiveItem[], f: ItemFilters, sort: ColumnSort<ItemColumn>): CompetitiveItem[] {
  const s = f.search.trim().toLowerCase();
  const shown = items.filter((i) =>
    (!s || i.description.toLowerCase().includes(s) || i.manufacturer.toLowerCase().includes(s)) &&
    (f.categories.length === 0 || f.categories.includes(i.category)) &&
    (f.mins.length === 0 || f.mins.includes(i.min)));
  return sortRows(shown, sort, (i, c) => i[c]);
}

// Order history.
/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);
/** Spec §4: the first through last day of a month. */
export const monthRange = (month: string): DateRange => {
  const d = dayjs(`${month}-01`);
  return { startDate: d.format('YYYY-MM-DD'), endDate: d.endOf('month').format('YYYY-MM-DD') };
};
export const shiftMonth = (month: string, by: -1 | 1) => dayjs(`${month}-01`).add(by, 'month').format('YYYY-MM');

/** An order history's month as its link says it (`?month=YYYY-MM`), if it is a month up to today's: a reload stays on it. */
export function linkedOrderMonth(search: string, today: string): string | null {
  const month = new URLSearchParams(search).get('month') ?? '';
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month < '1900-01') return null;
  return month <= monthOf(today) ? month : null;
}

/** The order history's address for `month`. */
export const orderMonthUrl = (pathname: string, month: string) => `${pathname}?month=${month}`;
export const monthTitle = (month: string) => dayjs(`${month}-01`).format('MMMM YYYY');
/** MM/DD/YYYY (spec §9). */
export const usDate = (date: string) => dayjs(date).format('MM/DD/YYYY');
/** A line's volume estimate, low–high (domain guide); N/A without a Market Index (spec §5). */
export const estimateText = (l: Pick<OrderLine, 'startGuidanceRange' | 'endGuidanceRange' | 'volumeLow' | 'volumeHigh'>) =>
  l.startGuidanceRange === 0 && l.endGuidanceRange === 0 ? 'N/A' : `${formatMoney(l.volumeLow)} – ${formatMoney(l.volumeHigh)}`;

export const competitorOrderTitle = (date: string) => `Estimated Invoice Volume On ${usDate(date)}`;

/** The lines of one competitor order: every invoice of that distributor on that date. */
export function competitorOrder(invoices: readonly OrderInvoice[], distributorPlatformId: string, date: string) {
  const mine = invoices.filter((i) => i.distributorPlatformId === distributorPlatformId && i.date === date);
  return {
    distributor: mine[0]?.distributor ?? null,
    lines: mine.flatMap((i) => i.lines),
    estimatedVolume: Math.round(mine.reduce((s, i) => s + i.estimatedVolume, 0) * 100) / 100,
  };
}

export type LineColumn = 'description' | 'manufacturer' | 'quantity' | 'volumeLow' | 'estimatedVolume';
export const DEFAULT_LINE_SORT: ColumnSort<LineColumn> = { column: 'estimatedVolume', descending: true };
export const LINE_TEXT_COLUMNS: readonly LineColumn[] = ['description', 'manufacturer'];
export const sortLines = (lines: readonly OrderLine[], sort: ColumnSort<LineColumn>) => sortRows(lines, sort, (l, c) => l[c]);

const lineRows = (lines: readonly OrderLine[]) => lines.map((l) => ({
  MIN: l.min, Description: l.description, Manufacturer: l.manufacturer, Category: l.category, Pack: l.packsize, UOM: l.uom,
  Quantity: l.quantity, 'Volume Low': l.volumeLow, 'Volume High': l.volumeHigh, 'Estimated Volume': l.estimatedVolume,
}));

/** Export Details of one invoice (CSV). */
export const invoiceExport = (merchant: string, i: OrderInvoice): CsvExport => ({
  fileName: exportFileName(`Order ${i.invoiceId}`, `${merchant} ${i.distributor} ${i.date}`),
  rows: lineRows(i.lines),
});

export const winBackExport = (list: WinBackList, what: string, r: DateRange): CsvExport => ({
  fileName: exportFileName(`Win-back ${what}`, `${r.startDate} to ${r.endDate}`),
  rows: list.rows.map((w) => ({
    MIN: w.min, Item: w.description, Manufacturer: w.manufacturer, Category: w.category, Quantity: w.quantity,
    'Competitor Volume': w.competitorVolume, 'House MIN': w.replacement?.min ?? '', 'House Item': w.replacement?.description ?? '',
    Rebate: w.replacement?.rebateValue ?? '', 'Rebate Type': w.replacement?.rebateType ?? '', 'Deviated Price': w.replacement?.deviationValue ?? '',
    'Estimated Rebate': w.estimatedRebate, 'Money At Stake': w.moneyAtStake,
  })),
});
