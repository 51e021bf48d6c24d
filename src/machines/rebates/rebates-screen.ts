import { assign, enqueueActions, sendTo, setup, type AnyActorRef } from 'xstate';
import type { RebateCriteria, RebateFilters, RebateRow, RebateScope } from '../../model/rebates.ts';
import type { PageRouteEvent, RouteGoEvent } from '../shell/page-spec.ts';
import type { MatchKey } from '../../services/matches-service.ts';
import { itemMatchMachine } from './item-match.ts';
import { pagedRebatesMachine } from './paged-rebates.ts';
import { rebateFiltersMachine } from './rebate-filters.ts';
import { DEFAULT_REBATE_QUERY, parseRebateQuery, rebateQueryString, sameRebateQuery, type RebateListQuery } from './rebate-query.ts';

/**
 * The /rebates/list page (analytics spec §4, §7): its children are the rebate list (`list`), the
 * filter choices (`filters`) and the similar items of a row (`matches`). The page holds what is
 * typed and ticked until the user presses Search or Apply, and only then tells the list.
 * States: browsing (the list), filtering (the Filters panel is open; its checks are drafts until
 * Apply, closing discards them, each opening starts from what is applied), sorting (the Sort by
 * dialog of the phone's cards, analytics spec §2: a choice applies the sort and closes it; the
 * current choice only closes it) and viewingSimilar (the side panel of one row's similar items).
 *
 * The URL is shared state (issue 37): the applied search, the tab, the sort and the applied filters
 * are in its query (./rebate-query.ts). The page starts from the query it was opened with, asks the
 * router to replace the URL when the user changes one, and takes a `route.changed` of another list
 * as the user's change; its own URL coming back as `route.changed` changes nothing.
 */

export type FilterList = 'manufacturers' | 'categories';
export type FilterSelection = Record<FilterList, number[]>;

export interface RebatesScreenContext {
  /** The search box's text; the list is searched by it only when Search is pressed. */
  search: string;
  /**
   * What the list is searched and filtered by. Only the page changes these criteria, and it tells
   * the list each time, so the Filters count and the clear button never wait for the list. The
   * sort is the table's, kept here for the URL.
   */
  applied: RebateCriteria;
  /** The tab: your rebates or all rebates. */
  scope: RebateScope;
  /** The filter choices, taken from the `filters` child when it has them. */
  choices: RebateFilters | null;
  /** The panel's checks until Apply. */
  draft: FilterSelection;
  /** Each checklist's own search box: it only narrows the entries listed. */
  checklistSearch: Record<FilterList, string>;
  /** The row whose similar items the side panel shows. */
  similarRow: RebateRow | null;
}

export type RebatesScreenEvent =
  | { type: 'rebatesScreen.searchChanged'; text: string }
  | { type: 'rebatesScreen.searchSubmitted' }
  | { type: 'rebatesScreen.searchCleared' }
  | { type: 'rebatesScreen.filtersOpened' }
  | { type: 'rebatesScreen.checklistSearched'; list: FilterList; text: string }
  | { type: 'rebatesScreen.draftChanged'; list: FilterList; ids: number[] }
  | { type: 'rebatesScreen.filtersReset' }
  | { type: 'rebatesScreen.filtersApplied' }
  | { type: 'rebatesScreen.filtersClosed' }
  | { type: 'rebatesScreen.similarOpened'; row: RebateRow }
  | { type: 'rebatesScreen.similarClosed' }
  | { type: 'rebatesScreen.scopeChanged'; scope: RebateScope }
  | { type: 'rebatesScreen.sortChanged'; sort: Pick<RebateCriteria, 'sort' | 'order'> }
  | { type: 'rebatesScreen.sortOpened' }
  | { type: 'rebatesScreen.sortClosed' }
  | PageRouteEvent;

export interface RebatesScreenInput {
  /** The page's URL query (`?search=…&tab=…`): the list it names, read here; the default list without one. */
  search?: string;
}

/** The list the page shows now, as its URL says it. */
const listOf = (context: RebatesScreenContext): RebateListQuery => ({ scope: context.scope, criteria: context.applied });
/** The list a route names, when it is not the one shown. */
const otherListOf = (context: RebatesScreenContext, event: RebatesScreenEvent): RebateListQuery | null => {
  if (event.type !== 'route.changed') return null;
  const asked = parseRebateQuery(new URLSearchParams(event.place.search));
  return sameRebateQuery(asked, listOf(context)) ? null : asked;
};

export const NO_FILTERS: FilterSelection = { manufacturers: [], categories: [] };
const NO_CHECKLIST_SEARCH: Record<FilterList, string> = { manufacturers: '', categories: '' };

/** Similar items are asked for by the row's item and manufacturer. */
export const matchKeyOf = (row: RebateRow): MatchKey => ({ min: row.min, manufacturerPlatformId: row.manufacturerPlatformId });

export const rebatesScreenMachine = setup({
  types: {
    context: {} as RebatesScreenContext,
    events: {} as RebatesScreenEvent,
    input: {} as RebatesScreenInput | undefined,
    children: {} as { list: 'list'; filters: 'filters'; matches: 'matches' },
  },
  actors: {
    list: pagedRebatesMachine,
    filters: rebateFiltersMachine,
    matches: itemMatchMachine,
  },
  guards: {
    searchTyped: ({ context }) => context.search.trim() !== '',
    searchApplied: ({ context }) => context.applied.search !== '',
    searchEmptiedWhileApplied: ({ context, event }) =>
      context.applied.search !== '' && event.type === 'rebatesScreen.searchChanged' && event.text.trim() === '',
    choicesLoaded: ({ context }) => context.choices !== null,
    /** The sort chosen is the one the list has already. */
    sortUnchanged: ({ context, event }) =>
      event.type === 'rebatesScreen.sortChanged' && event.sort.sort === context.applied.sort && event.sort.order === context.applied.order,
    /** The URL names another list than the one shown (not the page's own URL coming back). */
    routeNamesOtherList: ({ context, event }) => otherListOf(context, event) !== null,
  },
  actions: {
    // The list starts over from page 1 with what is now applied (its sort and tab stay).
    tellList: sendTo('list', ({ context }) => ({ type: 'rebates.criteriaChanged' as const, criteria: context.applied })),
    /** The list starts over with the tab and everything applied (one load for a new URL). */
    tellListAll: sendTo('list', ({ context }) => ({ type: 'rebates.criteriaChanged' as const, criteria: context.applied, scope: context.scope })),
    tellListScope: sendTo('list', ({ context }) => ({ type: 'rebates.scopeChanged' as const, scope: context.scope })),
    setScope: assign((_, scope: RebateScope) => ({ scope })),
    applySort: assign(({ context }, sort: Pick<RebateCriteria, 'sort' | 'order'>) => ({ applied: { ...context.applied, ...sort } })),
    /** The list a new URL names becomes the list shown, its search in the box. */
    adoptRoute: assign(({ context, event }) => {
      const asked = otherListOf(context, event);
      return asked ? { scope: asked.scope, applied: asked.criteria, search: asked.criteria.search } : {};
    }),
    /** The URL says what the list shows (replacing the entry: a change of search is no new page). */
    writeUrl: enqueueActions(({ context, enqueue, system }) => {
      const router = system.get('router') as AnyActorRef | undefined;
      if (router) enqueue.sendTo(router, { type: 'route.go', to: `/rebates/list${rebateQueryString(listOf(context))}`, replace: true } satisfies RouteGoEvent);
    }),
    askMatches: sendTo('matches', (_, key: MatchKey) => ({ type: 'matches.requested' as const, key })),
    keepChoices: assign((_, choices: RebateFilters | null) => ({ choices })),
    setSearchText: assign((_, text: string) => ({ search: text })),
    /** The box's text becomes what the list is searched by ('' for the whole list). */
    applySearch: assign(({ context }, search: string) => ({ applied: { ...context.applied, search } })),
    applyDraft: assign(({ context }) => ({ applied: { ...context.applied, ...context.draft } })),
    /** Each opening of the panel starts from what is applied, with its checklists unsearched. */
    startDraft: assign(({ context }) => ({
      draft: { manufacturers: context.applied.manufacturers, categories: context.applied.categories },
      checklistSearch: NO_CHECKLIST_SEARCH,
    })),
    setChecklistSearch: assign(({ context }, { list, text }: { list: FilterList; text: string }) => ({ checklistSearch: { ...context.checklistSearch, [list]: text } })),
    setDraft: assign(({ context }, { list, ids }: { list: FilterList; ids: number[] }) => ({ draft: { ...context.draft, [list]: ids } })),
    resetDraft: assign({ draft: NO_FILTERS }),
    showSimilar: assign((_, row: RebateRow | null) => ({ similarRow: row })),
  },
}).createMachine({
  id: 'rebatesScreen',
  context: ({ input }) => {
    const query = input?.search ? parseRebateQuery(new URLSearchParams(input.search)) : DEFAULT_REBATE_QUERY;
    return {
      search: query.criteria.search,
      applied: query.criteria,
      scope: query.scope,
      choices: null,
      draft: NO_FILTERS,
      checklistSearch: NO_CHECKLIST_SEARCH,
      similarRow: null,
    };
  },
  invoke: [
    { id: 'list', src: 'list', input: ({ context }) => ({ scope: context.scope, criteria: context.applied }) },
    { id: 'filters', src: 'filters', onDone: { actions: { type: 'keepChoices', params: ({ event }) => event.output } } },
    // One matches actor for the page: reopening the panel for a row seen before makes no call.
    { id: 'matches', src: 'matches', input: {} },
  ],
  on: {
    'rebatesScreen.scopeChanged': { actions: [{ type: 'setScope', params: ({ event }) => event.scope }, 'tellListScope', 'writeUrl'] },
    'rebatesScreen.sortChanged': { actions: [{ type: 'applySort', params: ({ event }) => event.sort }, 'tellList', 'writeUrl'] },
    'route.changed': { guard: 'routeNamesOtherList', actions: ['adoptRoute', 'tellListAll'] },
  },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'rebatesScreen.searchChanged': [
          // Emptying the box of a searched list brings the whole list back, as the clear button
          // does: Search is disabled while the box is empty, so nothing else could (issue 39).
          {
            guard: 'searchEmptiedWhileApplied',
            actions: [{ type: 'setSearchText', params: ({ event }) => event.text }, { type: 'applySearch', params: '' }, 'tellList', 'writeUrl'],
          },
          { actions: { type: 'setSearchText', params: ({ event }) => event.text } },
        ],
        'rebatesScreen.searchSubmitted': {
          guard: 'searchTyped',
          actions: [{ type: 'applySearch', params: ({ context }) => context.search }, 'tellList', 'writeUrl'],
        },
        'rebatesScreen.searchCleared': [
          // Only a search the list was given makes it load again.
          { guard: 'searchApplied', actions: [{ type: 'setSearchText', params: '' }, { type: 'applySearch', params: '' }, 'tellList', 'writeUrl'] },
          { actions: { type: 'setSearchText', params: '' } },
        ],
        'rebatesScreen.filtersOpened': { guard: 'choicesLoaded', target: 'filtering' },
        'rebatesScreen.sortOpened': 'sorting',
        'rebatesScreen.similarOpened': {
          target: 'viewingSimilar',
          actions: [{ type: 'showSimilar', params: ({ event }) => event.row }, { type: 'askMatches', params: ({ event }) => matchKeyOf(event.row) }],
        },
      },
    },
    filtering: {
      // The drafts are set on entering rather than cleared on leaving: the closing panel keeps
      // showing what it had while it slides out.
      entry: 'startDraft',
      on: {
        'rebatesScreen.checklistSearched': { actions: { type: 'setChecklistSearch', params: ({ event }) => event } },
        'rebatesScreen.draftChanged': { actions: { type: 'setDraft', params: ({ event }) => event } },
        'rebatesScreen.filtersReset': { actions: 'resetDraft' },
        'rebatesScreen.filtersApplied': {
          target: 'browsing',
          actions: ['applyDraft', 'tellList', 'writeUrl'],
        },
        'rebatesScreen.filtersClosed': 'browsing',
      },
    },
    /** The Sort by dialog: one choice applies and closes it; Escape or × closes it as it was. */
    sorting: {
      on: {
        'rebatesScreen.sortChanged': [
          { guard: 'sortUnchanged', target: 'browsing' },
          { target: 'browsing', actions: [{ type: 'applySort', params: ({ event }) => event.sort }, 'tellList', 'writeUrl'] },
        ],
        'rebatesScreen.sortClosed': 'browsing',
      },
    },
    viewingSimilar: {
      on: { 'rebatesScreen.similarClosed': { target: 'browsing', actions: { type: 'showSimilar', params: null } } },
    },
  },
});
