import { DEFAULT_SORT, LINE_CHART_MONTHS, type LineChartMonths, type Sort, type SortColumn } from './intel-rules.ts';

/**
 * What of an Intel page a link carries (issue 37: a view can be shared): the list's applied
 * search, sort and page, and the line chart's months. Only values other than the defaults are
 * written, so a plain /intel/list stays plain.
 */
export interface IntelQuery {
  search: string;
  sort: Sort;
  page: number;
  months: LineChartMonths;
}

export const DEFAULT_INTEL_QUERY: IntelQuery = { search: '', sort: DEFAULT_SORT, page: 1, months: 3 };

const SORT_COLUMNS: readonly SortColumn[] = ['merchant', 'dcn', 'totalVolume', 'competitorVolume', 'competitorVolumePerc', 'distributorVolume', 'distributorVolumePerc'];
/** Far past any house's pages; a page past the last shows the pager at its end. */
const MAX_PAGE = 100_000;

/** The values a query string gives, each only when present and valid: a hand-edited link never breaks the page. */
export function readIntelQuery(search: string): Partial<IntelQuery> {
  const params = new URLSearchParams(search);
  const read: Partial<IntelQuery> = {};
  const q = params.get('q');
  if (q !== null) read.search = q.slice(0, 200);
  const sort = /^(\w+)\.(asc|desc)$/.exec(params.get('sort') ?? '');
  if (sort && SORT_COLUMNS.includes(sort[1] as SortColumn)) read.sort = { column: sort[1] as SortColumn, descending: sort[2] === 'desc' };
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page >= 1 && page <= MAX_PAGE) read.page = page;
  const months = Number(params.get('months'));
  if ((LINE_CHART_MONTHS as readonly number[]).includes(months)) read.months = months as LineChartMonths;
  return read;
}

/** `?q=…&sort=…&page=…&months=…` with the values that are not the defaults; '' when all are. */
export function intelQueryString(query: IntelQuery): string {
  const params = new URLSearchParams();
  if (query.search !== '') params.set('q', query.search);
  if (query.sort.column !== DEFAULT_SORT.column || query.sort.descending !== DEFAULT_SORT.descending) {
    params.set('sort', `${query.sort.column}.${query.sort.descending ? 'desc' : 'asc'}`);
  }
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.months !== DEFAULT_INTEL_QUERY.months) params.set('months', String(query.months));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
