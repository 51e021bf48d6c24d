import { exportFileName } from './csv-cells.ts';
import { nextColumnSort } from './sort-rule.ts';
import type { CsvExport } from './dashboard-exports.ts';
import type { DateRange } from './date-range.ts';
import { formatMoney } from './format.ts';
import type { IntelItem, IntelMerchant, MonthlyPoint } from './intel.ts';
import { formatDescription } from './rebate-format.ts';

/** Intel's pure rules (analytics spec §4, §5, §9): paging, search, sort, charts, exports. */

export type IntelView = 'list' | 'graph' | 'linechart';
export const INTEL_VIEWS: readonly IntelView[] = ['list', 'graph', 'linechart'];
export const PAGE_SIZE: Record<IntelView, number> = { list: 16, graph: 8, linechart: 4 };
export const GRAPH_DISTRIBUTORS = 4;
export const LINE_CHART_MONTHS = [3, 6, 9, 12] as const;
export type LineChartMonths = (typeof LINE_CHART_MONTHS)[number];
export const MAX_SERIES = 6;
export const OTHERS = 'Others';
export const DEFAULT_INTEL_URL = '/intel/list';
export const NO_PRICE_HINT = 'Distributor did not provide price for this purchase';

export const progressText = (loaded: number, total: number) => `${loaded}/${total} Merchants Loaded`;

/** Where a path under /intel goes: itself when it is an intel page, else the list (spec §2). */
export function intelPath(path: string): string {
  if (/^\/intel\/(list|graph|linechart)$/.test(path)) return path;
  if (/^\/intel\/detail\/\d+\/(competitive|distributor)$/.test(path)) return path;
  return DEFAULT_INTEL_URL;
}

export type SortColumn = 'merchant' | 'dcn' | 'totalVolume' | 'competitorVolume' | 'competitorVolumePerc' | 'distributorVolume' | 'distributorVolumePerc';
export interface Sort { column: SortColumn; descending: boolean }
export const DEFAULT_SORT: Sort = { column: 'totalVolume', descending: true };

/** Clicking the sorted column flips it; another column starts descending for numbers, ascending for text. */
export const nextSort = (current: Sort, column: SortColumn): Sort => nextColumnSort(current, column, ['merchant', 'dcn']);

/** Spec §5: case-insensitive substring of the merchant name or account number. */
export function searchMerchants(rows: readonly IntelMerchant[], search: string): IntelMerchant[] {
  const s = search.trim().toLowerCase();
  if (!s) return [...rows];
  return rows.filter((m) => m.merchant.toLowerCase().includes(s) || (m.dcn ?? '').toLowerCase().includes(s));
}

export function sortMerchants(rows: readonly IntelMerchant[], sort: Sort): IntelMerchant[] {
  const sign = sort.descending ? -1 : 1;
  const value = (m: IntelMerchant) => m[sort.column] ?? '';
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order || a.merchant.localeCompare(b.merchant) || a.id - b.id;
  });
}

export const pageCount = (rows: number, view: IntelView) => Math.max(1, Math.ceil(rows / PAGE_SIZE[view]));
export const pageOf = <T,>(rows: readonly T[], page: number, view: IntelView): T[] =>
  rows.slice((page - 1) * PAGE_SIZE[view], page * PAGE_SIZE[view]);

/** What the list shows: searched, sorted. */
export const visibleMerchants = (rows: readonly IntelMerchant[], search: string, sort: Sort) => sortMerchants(searchMerchants(rows, search), sort);

/** Spec §5: the Market Index as a low–high range, or N/A when both bounds are 0. */
export function marketIndex(item: Pick<IntelItem, 'startGuidanceRange' | 'endGuidanceRange'>): string {
  if (item.startGuidanceRange === 0 && item.endGuidanceRange === 0) return 'N/A';
  return `${formatMoney(item.startGuidanceRange)} – ${formatMoney(item.endGuidanceRange)}`;
}

/**
 * The last order price: the reported unit price, else the Market Index's midpoint (the server's
 * `purchase`); 0 means neither was known, shown as N/A like the Market Index, not as $0.00.
 */
export const lastOrderPrice = (item: Pick<IntelItem, 'purchase'>): string => (item.purchase === 0 ? 'N/A' : formatMoney(item.purchase));

export const describeItem = (item: Pick<IntelItem, 'description'>) => formatDescription(item.description);

/** Spec §5: detail search on description or manufacturer. */
export function searchItems<T extends Pick<IntelItem, 'description' | 'manufacturer'>>(items: readonly T[], search: string): T[] {
  const s = search.trim().toLowerCase();
  if (!s) return [...items];
  return items.filter((i) => i.description.toLowerCase().includes(s) || i.manufacturer.toLowerCase().includes(s));
}

export type DetailTab = 'competitive' | 'distributor';
/** The competitors' items (competitive) or the house's own (distributor) of one merchant. */
export function detailItems(m: IntelMerchant, tab: DetailTab): (IntelItem & { distributor: string })[] {
  return m.data
    .filter((g) => g.competitor === (tab === 'competitive'))
    .flatMap((g) => g.items.map((item) => ({ ...item, distributor: g.distributor })));
}

/** A row's key for Reveal (one revealed at a time). */
export const itemKey = (item: Pick<IntelItem, 'min' | 'invoice_id'> & { distributor: string }) => `${item.distributor}|${item.min}|${item.invoice_id}`;

export interface LineSeries { id: string; data: { x: string; y: number }[] }

/** The last `months` months (YYYY-MM) up to and including the range's end month. */
export function chartMonths(endDate: string, months: number): string[] {
  const [y, m] = endDate.split('-').map(Number) as [number, number];
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (months - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** Spec §9: at most 6 series — the 5 largest distributors and the rest summed as Others (6 or fewer: all). */
export function lineSeries(points: readonly MonthlyPoint[], endDate: string, months: number): LineSeries[] {
  const axis = chartMonths(endDate, months);
  const inAxis = points.filter((p) => axis.includes(p.month));
  const totals = new Map<string, number>();
  for (const p of inAxis) totals.set(p.distributor, (totals.get(p.distributor) ?? 0) + p.volume);
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  const kept = ranked.length <= MAX_SERIES ? ranked : ranked.slice(0, MAX_SERIES - 1);
  const seriesOf = (name: string) => (kept.includes(name) ? name : OTHERS);
  const names = ranked.length <= MAX_SERIES ? kept : [...kept, OTHERS];
  return names.map((name) => ({
    id: name,
    data: axis.map((month) => ({
      x: month,
      y: Math.round(inAxis.filter((p) => p.month === month && seriesOf(p.distributor) === name).reduce((a, p) => a + p.volume, 0) * 100) / 100,
    })),
  }));
}

const period = (r: DateRange) => `${r.startDate} to ${r.endDate}`;

export const intelListExport = (rows: readonly IntelMerchant[], r: DateRange): CsvExport => ({
  fileName: exportFileName('Intel', period(r)),
  rows: rows.map((m) => ({
    'Account Number': m.dcn || '--',
    Merchant: m.merchant,
    'Total Volume': m.totalVolume,
    'Competitor Volume': m.competitorVolume,
    '% Competitor Volume': Math.round(m.competitorVolumePerc * 1000) / 10,
    'Distributor Volume': m.distributorVolume,
    '% Distributor Volume': Math.round(m.distributorVolumePerc * 1000) / 10,
  })),
});

export const intelDetailExport = (m: IntelMerchant, tab: DetailTab, r: DateRange): CsvExport => ({
  fileName: exportFileName(`Intel ${tab === 'competitive' ? 'Competitive' : 'Distributor'} Details ${m.merchant}`, period(r)),
  rows: detailItems(m, tab).map((i) => ({
    Distributor: i.distributor,
    MIN: i.min,
    Description: i.description,
    Manufacturer: i.manufacturer,
    'Pack Size': i.packsize,
    Quantity: i.quantity,
    UOM: i.uom,
    'Rebate Type': i.rebateType ?? '',
    Rebate: i.rebateValue ?? '',
    'Deviated Price': i.deviationValue ?? '',
    'Market Index Low': i.startGuidanceRange,
    'Market Index High': i.endGuidanceRange,
    'Last Order Price': i.purchase === 0 ? '' : i.purchase,
    'Invoice Date': i.invoice_date,
    'Invoice Id': i.invoice_id,
  })),
});
