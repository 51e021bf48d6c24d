import { DEFAULT_CRITERIA, RebateSortColumn, SortOrder, type RebateCriteria, type RebateScope } from '../../model/rebates.ts';

/**
 * What of /rebates/list the URL query holds (issue 37: the URL is shared state), so a link to a
 * search opens that search: the applied search, the tab, the sort and the applied filters.
 * `?search=milk&tab=all&sort=din&order=desc&manufacturers=1,2&categories=9`; a default is left out,
 * and a value that is not valid reads as its default, silently.
 */
export interface RebateListQuery {
  scope: RebateScope;
  criteria: RebateCriteria;
}

export const DEFAULT_REBATE_QUERY: RebateListQuery = { scope: 'yours', criteria: DEFAULT_CRITERIA };

/** Ids of a comma-separated list: positive whole numbers, each once, in order; anything else is dropped. */
const idsOf = (value: string | null): number[] => {
  const ids = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d{0,14}$/.test(part))
    .map(Number);
  return [...new Set(ids)];
};

/** The search as typed (the list is searched by exactly that); only spaces is no search. */
const searchOf = (value: string | null) => (value === null || value.trim() === '' ? '' : value);

export function parseRebateQuery(query: URLSearchParams): RebateListQuery {
  const tab = query.get('tab');
  const sort = query.get('sort');
  const order = query.get('order');
  return {
    scope: tab === 'all' ? 'all' : 'yours',
    criteria: {
      search: searchOf(query.get('search')),
      manufacturers: idsOf(query.get('manufacturers')),
      categories: idsOf(query.get('categories')),
      sort: RebateSortColumn.is(sort) ? sort : DEFAULT_CRITERIA.sort,
      order: SortOrder.is(order) ? order : DEFAULT_CRITERIA.order,
    },
  };
}

/** The query string ('' or '?…') of a list's tab and criteria; only what differs from the defaults. */
export function rebateQueryString({ scope, criteria }: RebateListQuery): string {
  const query = new URLSearchParams();
  if (criteria.search.trim() !== '') query.set('search', criteria.search);
  if (scope !== DEFAULT_REBATE_QUERY.scope) query.set('tab', scope);
  if (criteria.sort !== DEFAULT_CRITERIA.sort) query.set('sort', criteria.sort);
  if (criteria.order !== DEFAULT_CRITERIA.order) query.set('order', criteria.order);
  if (criteria.manufacturers.length > 0) query.set('manufacturers', criteria.manufacturers.join(','));
  if (criteria.categories.length > 0) query.set('categories', criteria.categories.join(','));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The same list: the same tab, search, filters (in any order) and sort. */
export function sameRebateQuery(a: RebateListQuery, b: RebateListQuery): boolean {
  const sameIds = (x: number[], y: number[]) => x.length === y.length && [...x].sort().join(',') === [...y].sort().join(',');
  return (
    a.scope === b.scope &&
    a.criteria.search === b.criteria.search &&
    a.criteria.sort === b.criteria.sort &&
    a.criteria.order === b.criteria.order &&
    sameIds(a.criteria.manufacturers, b.criteria.manufacturers) &&
    sameIds(a.criteria.categories, b.criteria.categories)
  );
}
