import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { DEFAULT_CRITERIA, type RebateCriteria, type RebatePage, type RebateRow, type RebateScope } from '../../model/rebates.ts';
import { rebatesService } from '../../services/rebates-service.ts';

/**
 * A rebate list loaded a page at a time (analytics spec §4): idle (showing what is loaded),
 * loading (the first or the next page), failed (the first page failed: 'Couldn't load rebates,
 * try refreshing' instead of the table, so no retry and no rows) and failedToLoadMore (a later
 * page failed; 'Click to try again' asks for that same page, rows stay). New criteria or another
 * tab start over from page 1, aborting a load in flight. Only a row loaded can be revealed.
 */

export interface PagedRebatesInput {
  scope: RebateScope;
  /** What the list starts searched, filtered and sorted by (the page's URL); the defaults without. */
  criteria?: RebateCriteria;
}

export interface PagedRebatesContext {
  scope: RebateScope;
  criteria: RebateCriteria;
  rows: RebateRow[];
  /** Pages loaded so far; the next load asks for pagesLoaded + 1. */
  pagesLoaded: number;
  hasMore: boolean;
  /** The one row whose rebate and deviation are shown, if any. */
  revealedId: number | null;
}

export type PagedRebatesEvent =
  /** New criteria, and the tab with them when a new URL names both (one load for both). */
  | { type: 'rebates.criteriaChanged'; criteria: Partial<RebateCriteria>; scope?: RebateScope }
  | { type: 'rebates.scopeChanged'; scope: RebateScope }
  | { type: 'rebates.loadMore' }
  | { type: 'rebates.retry' }
  | { type: 'rebates.rowToggled'; rebateId: number };

export interface LoadPageInput {
  scope: RebateScope;
  criteria: RebateCriteria;
  page: number;
}

const startOver = (): Pick<PagedRebatesContext, 'rows' | 'pagesLoaded' | 'hasMore' | 'revealedId'> => ({
  rows: [],
  pagesLoaded: 0,
  hasMore: false,
  revealedId: null,
});

/** Reveal (or Hide) on a row: only where rows show (not the first page's failure), and only a loaded row. */
const toggling = { 'rebates.rowToggled': { guard: 'rowListed', actions: 'toggleRow' } } as const;

export const pagedRebatesMachine = setup({
  types: {
    context: {} as PagedRebatesContext,
    events: {} as PagedRebatesEvent,
    input: {} as PagedRebatesInput,
  },
  actors: {
    loadPage: fromObservableWithOutput<RebatePage, LoadPageInput>((input) => rebatesService.page(input.scope, input.criteria, input.page)),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    firstPage: ({ context }) => context.pagesLoaded === 0,
    /** The row is one of those loaded: only a row on screen has its Reveal (or Hide). */
    rowListed: ({ context, event }) => event.type === 'rebates.rowToggled' && context.rows.some((r) => r.rebateId === event.rebateId),
  },
  actions: {
    appendPage: assign(({ context }, page: RebatePage) => ({
      rows: [...context.rows, ...page.rows],
      pagesLoaded: context.pagesLoaded + 1,
      hasMore: page.hasMore,
    })),
    applyCriteria: assign(({ context, event }) =>
      event.type === 'rebates.criteriaChanged'
        ? { ...startOver(), criteria: { ...context.criteria, ...event.criteria }, scope: event.scope ?? context.scope }
        : {},
    ),
    applyScope: assign(({ event }) => (event.type === 'rebates.scopeChanged' ? { ...startOver(), scope: event.scope } : {})),
    toggleRow: assign(({ context, event }) =>
      event.type === 'rebates.rowToggled'
        ? { revealedId: context.revealedId === event.rebateId ? null : event.rebateId }
        : {},
    ),
  },
}).createMachine({
  id: 'pagedRebates',
  context: ({ input }) => ({ scope: input.scope, criteria: input.criteria ?? DEFAULT_CRITERIA, ...startOver() }),
  initial: 'loading',
  on: {
    'rebates.criteriaChanged': { target: '.loading', reenter: true, actions: 'applyCriteria' },
    'rebates.scopeChanged': { target: '.loading', reenter: true, actions: 'applyScope' },
  },
  states: {
    idle: {
      on: { 'rebates.loadMore': { target: 'loading', guard: 'hasMore' }, ...toggling },
    },
    loading: {
      // The rows loaded so far stay on screen while the next page loads.
      on: toggling,
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ scope: context.scope, criteria: context.criteria, page: context.pagesLoaded + 1 }),
        onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: [{ target: 'failed', guard: 'firstPage' }, { target: 'failedToLoadMore' }],
      },
    },
    // The first page failed: the message says to refresh (analytics spec §4); new criteria or the other tab load again.
    failed: {},
    failedToLoadMore: {
      on: { 'rebates.retry': 'loading', ...toggling },
    },
  },
});
