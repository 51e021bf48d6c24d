import type { AnyEventObject } from 'xstate';
import { REBATE_PAGE_SIZE, type RebateFilters, type RebatePage, type RebateRow } from '../../model/rebates.ts';
import { ApiError } from '../../services/api-client.ts';

/** Sample rebate rows and answers, for generating paths (registry) and for tests. */

export const sampleRebateRow = (rebateId: number): RebateRow => ({
  rebateId,
  din: `D${100000 + rebateId}`,
  min: `M${200000 + rebateId}`,
  description: `ITEM NUMBER ${rebateId}`,
  manufacturer: 'Acme Foods',
  manufacturerPlatformId: 'MF-000001',
  rebateType: 'PERCENT_OF_COST',
  rebateValue: 4.5,
  deviationValue: rebateId % 2 === 0 ? 12.5 : null,
  product_id: rebateId,
  locationPlatformId: 'CP-000002',
});

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => sampleRebateRow(from + i));
export const fullPage: RebatePage = { rows: rows(1, REBATE_PAGE_SIZE), hasMore: true };
export const lastPage: RebatePage = { rows: rows(REBATE_PAGE_SIZE + 1, 7), hasMore: false };

export const pagedRebatesEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPage', output: fullPage },
  { type: 'xstate.done.actor.loadPage', output: lastPage },
  { type: 'xstate.error.actor.loadPage', error: new ApiError(500, 'Something went wrong') },
  { type: 'rebates.loadMore' },
  { type: 'rebates.retry' },
  { type: 'rebates.criteriaChanged', criteria: { search: 'acme' } },
  { type: 'rebates.scopeChanged', scope: 'all' },
  { type: 'rebates.rowToggled', rebateId: 1 },
];

export const sampleFilters: RebateFilters = {
  manufacturers: [{ id: 1, name: 'Acme Foods', label: 'Acme Foods' }],
  categories: [{ id: 2, name: 'Dairy', label: 'Dairy' }],
};

export const rebateFiltersEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadFilters', output: sampleFilters },
  { type: 'xstate.error.actor.loadFilters', error: new ApiError(0, 'offline') },
];

/** The page's own events; its children's answers are given as the filter choices arriving. */
/** A shared link's list: searched for milk, on ALL REBATES, sorted by description, last first. */
export const OTHER_LIST_QUERY = '?search=milk&tab=all&sort=description&order=desc';

export const rebatesScreenEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.filters', output: sampleFilters },
  { type: 'rebatesScreen.searchChanged', text: 'acme' },
  { type: 'rebatesScreen.searchChanged', text: '' },
  { type: 'rebatesScreen.searchSubmitted' },
  { type: 'rebatesScreen.searchCleared' },
  { type: 'rebatesScreen.filtersOpened' },
  { type: 'rebatesScreen.checklistSearched', list: 'manufacturers', text: 'acm' },
  { type: 'rebatesScreen.draftChanged', list: 'manufacturers', ids: [1] },
  { type: 'rebatesScreen.draftChanged', list: 'categories', ids: [2] },
  { type: 'rebatesScreen.filtersReset' },
  { type: 'rebatesScreen.filtersApplied' },
  { type: 'rebatesScreen.filtersClosed' },
  { type: 'rebatesScreen.similarOpened', row: sampleRebateRow(1) },
  { type: 'rebatesScreen.similarClosed' },
  { type: 'rebatesScreen.scopeChanged', scope: 'all' },
  { type: 'rebatesScreen.scopeChanged', scope: 'yours' },
  { type: 'rebatesScreen.sortChanged', sort: { sort: 'description', order: 'desc' } },
  // The phone's Sort by dialog: opened, closed, and the default sort chosen (the current one, at first).
  { type: 'rebatesScreen.sortOpened' },
  { type: 'rebatesScreen.sortClosed' },
  { type: 'rebatesScreen.sortChanged', sort: { sort: 'manufacturer', order: 'asc' } },
  // A link to another list (searched, on the other tab, sorted), and the page's own URL coming back.
  { type: 'route.changed', place: { pathname: '/rebates/list', search: OTHER_LIST_QUERY }, params: {} },
  { type: 'route.changed', place: { pathname: '/rebates/list', search: '' }, params: {} },
];
