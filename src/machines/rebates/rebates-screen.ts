import { assign, sendTo, setup } from 'xstate';
import type { RebateCriteria, RebateFilters, RebateRow } from '../../model/rebates.ts';
import type { MatchKey } from '../../services/matches-service.ts';
import { itemMatchMachine } from './item-match.ts';
import { pagedRebatesMachine } from './paged-rebates.ts';
import { rebateFiltersMachine } from './rebate-filters.ts';

/**
 * The /rebates/list page (analytics spec §4, §7): its children are the rebate list (`list`), the
 * filter choices (`filters`) and the similar items of a row (`matches`). The page holds what is
 * typed and ticked until the user presses Search or Apply, and only then tells the list.
 * States: browsing (the list), filtering (the Filters panel is open; its checks are drafts until
 * Apply, closing discards them, each opening starts from what is applied) and viewingSimilar (the
 * side panel of one row's similar items).
 */

export type FilterList = 'manufacturers' | 'categories';
export type FilterSelection = Record<FilterList, number[]>;

export interface RebatesScreenContext {
  /** The search box's text; the list is searched by it only when Search is pressed. */
  search: string;
  /**
   * What the list is searched and filtered by. Only the page changes these criteria, and it tells
   * the list each time, so the Filters count and the clear button never wait for the list.
   */
  applied: Pick<RebateCriteria, 'search'> & FilterSelection;
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
  | { type: 'rebatesScreen.similarClosed' };

export const NO_FILTERS: FilterSelection = { manufacturers: [], categories: [] };
const NO_CHECKLIST_SEARCH: Record<FilterList, string> = { manufacturers: '', categories: '' };

/** Similar items are asked for by the row's item and manufacturer. */
export const matchKeyOf = (row: RebateRow): MatchKey => ({ min: row.min, manufacturerPlatformId: row.manufacturerPlatformId });

export const rebatesScreenMachine = setup({
  types: {
    context: {} as RebatesScreenContext,
    events: {} as RebatesScreenEvent,
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
  },
  actions: {
    // The list starts over from page 1 with what is now applied (its sort and tab stay).
    tellList: sendTo('list', ({ context }) => ({ type: 'rebates.criteriaChanged' as const, criteria: context.applied })),
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
  context: {
    search: '',
    applied: { search: '', ...NO_FILTERS },
    choices: null,
    draft: NO_FILTERS,
    checklistSearch: NO_CHECKLIST_SEARCH,
    similarRow: null,
  },
  invoke: [
    { id: 'list', src: 'list', input: { scope: 'yours' } },
    { id: 'filters', src: 'filters', onDone: { actions: { type: 'keepChoices', params: ({ event }) => event.output } } },
    // One matches actor for the page: reopening the panel for a row seen before makes no call.
    { id: 'matches', src: 'matches', input: {} },
  ],
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'rebatesScreen.searchChanged': [
          // Emptying the box of a searched list brings the whole list back, as the clear button
          // does: Search is disabled while the box is empty, so nothing else could (issue 39).
          {
            guard: 'searchEmptiedWhileApplied',
            actions: [{ type: 'setSearchText', params: ({ event }) => event.text }, { type: 'applySearch', params: '' }, 'tellList'],
          },
          { actions: { type: 'setSearchText', params: ({ event }) => event.text } },
        ],
        'rebatesScreen.searchSubmitted': {
          guard: 'searchTyped',
          actions: [{ type: 'applySearch', params: ({ context }) => context.search }, 'tellList'],
        },
        'rebatesScreen.searchCleared': [
          // Only a search the list was given makes it load again.
          { guard: 'searchApplied', actions: [{ type: 'setSearchText', params: '' }, { type: 'applySearch', params: '' }, 'tellList'] },
          { actions: { type: 'setSearchText', params: '' } },
        ],
        'rebatesScreen.filtersOpened': { guard: 'choicesLoaded', target: 'filtering' },
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
          actions: ['applyDraft', 'tellList'],
        },
        'rebatesScreen.filtersClosed': 'browsing',
      },
    },
    viewingSimilar: {
      on: { 'rebatesScreen.similarClosed': { target: 'browsing', actions: { type: 'showSimilar', params: null } } },
    },
  },
});
