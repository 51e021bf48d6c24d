import * as t from 'io-ts';
import { describedAs } from './codec.ts';

/** Rows per page of the rebate lists (spec §9). */
export const REBATE_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 100_000;

export const REBATE_TYPES = ['FIXED_AMOUNT_PER_QTY', 'FIXED_AMOUNT_PER_WEIGHT', 'PERCENT_OF_COST', 'PERCENT_OF_PRICE'] as const;
export const RebateType = t.keyof({
  FIXED_AMOUNT_PER_QTY: null,
  FIXED_AMOUNT_PER_WEIGHT: null,
  PERCENT_OF_COST: null,
  PERCENT_OF_PRICE: null,
});
export type RebateType = t.TypeOf<typeof RebateType>;

/** The table's sortable columns; the server maps each to one SQL expression. */
export const RebateSortColumn = t.keyof({
  din: null,
  min: null,
  description: null,
  manufacturer: null,
  rebateType: null,
  rebateValue: null,
  deviationValue: null,
});
export type RebateSortColumn = t.TypeOf<typeof RebateSortColumn>;
export const SortOrder = t.keyof({ asc: null, desc: null });
export type SortOrder = t.TypeOf<typeof SortOrder>;

/**
 * Lists of ids travel in the query string as ONE comma-separated parameter
 * (`manufacturers=3,17`); an empty value means no filter. A repeated parameter arrives as an
 * array and is refused, so there is exactly one way to say it.
 */
export const IdList = describedAs(new t.Type<number[], string, unknown>(
  'a comma-separated list of ids',
  (u): u is number[] => Array.isArray(u) && u.every((n) => Number.isSafeInteger(n) && n > 0),
  (u, c) => {
    if (typeof u !== 'string') return t.failure(u, c, 'must be a comma-separated list of ids');
    if (u.trim() === '') return t.success([]);
    const parts = u.split(',').map((p) => p.trim());
    if (parts.length > 500 || !parts.every((p) => /^[1-9]\d{0,8}$/.test(p))) {
      return t.failure(u, c, 'must be a comma-separated list of ids');
    }
    return t.success([...new Set(parts.map(Number))]);
  },
  (ids) => ids.join(','),
), { type: 'string', description: 'ids separated by commas (3,17); empty: no filter' });

/** A page number from the query string: 1, 2, … */
export const PageNumber = describedAs(new t.Type<number, string, unknown>(
  'a page number',
  (u): u is number => Number.isSafeInteger(u) && (u as number) >= 1,
  (u, c) =>
    typeof u === 'string' && /^[1-9]\d*$/.test(u) && Number(u) <= MAX_PAGE
      ? t.success(Number(u))
      : t.failure(u, c, 'must be a page number from 1'),
  String,
), { type: 'string', pattern: '^[1-9]\\d*$', description: 'a page number from 1' });

/** Search text: surrounding spaces dropped; empty means no search. */
export const SearchText = describedAs(new t.Type<string, string, unknown>(
  `a search of at most ${MAX_SEARCH_LENGTH} characters`,
  (u): u is string => typeof u === 'string' && u.length <= MAX_SEARCH_LENGTH,
  (u, c) =>
    typeof u === 'string' && u.trim().length <= MAX_SEARCH_LENGTH
      ? t.success(u.trim())
      : t.failure(u, c, `must be a search of at most ${MAX_SEARCH_LENGTH} characters`),
  t.identity,
), { type: 'string', maxLength: MAX_SEARCH_LENGTH });

const filterFields = {
  search: SearchText,
  manufacturers: IdList,
  categories: IdList,
  sort: RebateSortColumn,
  order: SortOrder,
};

/** GET /rebate-deviation: your rebates. `page` is optional here: without it, every row. */
export const RebateQuery = t.exact(t.partial({ ...filterFields, page: PageNumber }));
export type RebateQuery = t.TypeOf<typeof RebateQuery>;

const optional = <C extends t.Mixed>(c: C) => t.union([c, t.undefined]);

/** GET /full-rebate-deviation: all rebates, always one page at a time. */
export const FullRebateQuery = t.exact(
  t.type({
    page: PageNumber,
    search: optional(SearchText),
    manufacturers: optional(IdList),
    categories: optional(IdList),
    sort: optional(RebateSortColumn),
    order: optional(SortOrder),
  }),
);
export type FullRebateQuery = t.TypeOf<typeof FullRebateQuery>;

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

/** One rebate in force today, as the list shows it (spec §3 "Rebate row"). */
export const RebateRow = t.type({
  rebateId: t.number,
  din: Nullable(t.string), // the active distributor's DIN; null when it does not carry the item
  min: t.string,
  description: t.string,
  manufacturer: t.string,
  manufacturerPlatformId: t.string,
  rebateType: RebateType,
  rebateValue: t.number,
  deviationValue: Nullable(t.number), // deviated price through the active distributor, if any
  product_id: t.number,
  locationPlatformId: Nullable(t.string),
});
export type RebateRow = t.TypeOf<typeof RebateRow>;

export const RebatePage = t.type({ rows: t.array(RebateRow), hasMore: t.boolean });
export type RebatePage = t.TypeOf<typeof RebatePage>;

export const FilterEntry = t.type({ id: t.number, name: t.string, label: t.string });
export type FilterEntry = t.TypeOf<typeof FilterEntry>;
export const RebateFilters = t.type({ manufacturers: t.array(FilterEntry), categories: t.array(FilterEntry) });
export type RebateFilters = t.TypeOf<typeof RebateFilters>;

/** What the list asks for, without the page: search, filters and sort. */
export interface RebateCriteria {
  search: string;
  manufacturers: number[];
  categories: number[];
  sort: RebateSortColumn;
  order: SortOrder;
}

export const DEFAULT_CRITERIA: RebateCriteria = { search: '', manufacturers: [], categories: [], sort: 'manufacturer', order: 'asc' };

/** yours: GET /rebate-deviation (items the active distributor carries); all: the whole program. */
export type RebateScope = 'yours' | 'all';
