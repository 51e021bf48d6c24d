import {
  selectChecklistView, selectFeedbackDialogView, selectFeedbackFailure, selectFiltersOpen, selectFilterStatus, selectMayLoadMore, selectRebateListView, selectRebatesScreenView, selectSearchBarView, selectSimilarItemsView, selectSimilarPanelMatchesView, selectSimilarPanelView, selectSortDialogView,
} from './selectors.ts';
import { DEFAULT_CRITERIA } from '../../model/rebates.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { feedbackDialogMachine, type FeedbackDialogContext } from './feedback-dialog.ts';
import { cacheKey, itemMatchMachine, type ItemMatchContext } from './item-match.ts';
import { feedbackDialogEvents, itemMatchEvents } from './match-samples.ts';
import { pagedRebatesMachine, type PagedRebatesContext } from './paged-rebates.ts';
import { rebateFiltersMachine } from './rebate-filters.ts';
import { pagedRebatesEvents, rebateFiltersEvents, rebatesScreenEvents } from './rebate-samples.ts';
import { rebatesScreenMachine, type RebatesScreenContext } from './rebates-screen.ts';

const filterCount = (f: { manufacturers: number[]; categories: number[] }) => f.manufacturers.length + f.categories.length;

export const REBATES_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'rebates-screen',
    description: 'The Rebates & Deviations page: the search box, the Filters panel (drafts until Apply) and the similar items of a row; it tells its list, filters and matches children.',
    machine: rebatesScreenMachine,
    views: {
      searchBar: selectSearchBarView, screen: selectRebatesScreenView, filtersOpen: selectFiltersOpen, sortDialog: selectSortDialogView,
      manufacturers: selectChecklistView('manufacturers'), categories: selectChecklistView('categories'), similarPanel: selectSimilarPanelView,
    },
    events: rebatesScreenEvents,
    variants: [{ label: 'page opened' }],
    // Whether something is typed, searched, applied or drafted is what a user sees change; which
    // ids are ticked, and the drafts once the panel is closed, are not.
    serializeState: (s) => {
      const c = s.context as RebatesScreenContext;
      const drafted = s.value === 'filtering' ? filterCount(c.draft) > 0 : null;
      const sorted = c.applied.sort !== DEFAULT_CRITERIA.sort || c.applied.order !== DEFAULT_CRITERIA.order;
      return JSON.stringify([s.value, c.search !== '', c.applied.search !== '', filterCount(c.applied) > 0, drafted, c.choices !== null, c.scope, sorted]);
    },
    labels: {
      'xstate.done.actor.filters': 'The filter choices arrive',
      'rebatesScreen.searchChanged': 'Type in the search box, or empty it',
      'rebatesScreen.searchSubmitted': 'Press Search',
      'rebatesScreen.searchCleared': 'Press the clear button of the search box',
      'rebatesScreen.filtersOpened': 'Press Filters',
      'rebatesScreen.checklistSearched': 'Type in the Manufacturer (or Category) search of the panel',
      'rebatesScreen.draftChanged': 'Tick or untick a manufacturer or category',
      'rebatesScreen.filtersReset': 'Press Reset',
      'rebatesScreen.filtersApplied': 'Press Apply',
      'rebatesScreen.filtersClosed': 'Close the Filters panel',
      'rebatesScreen.similarOpened': 'Press Similar Items on a row',
      'rebatesScreen.similarClosed': 'Close the Similar Items panel',
      'rebatesScreen.scopeChanged': 'Switch the YOUR REBATES / ALL REBATES tab',
      'rebatesScreen.sortChanged': 'Sort the table by a column, or choose a sort in the Sort by dialog',
      'rebatesScreen.sortOpened': 'Press Sort by (phone)',
      'rebatesScreen.sortClosed': 'Close the Sort by dialog (Escape or ×)',
      'route.changed': 'Open a link to a rebates list, or come back to this one (Back, a reload)',
    },
    checks: {
      browsing: "The list; 'Filters (n)' counts what is applied; Search is enabled once text is typed; the clear button shows while text is typed or the list is searched",
      filtering: 'The Filters panel with the distributor and both checklists, ticked as applied when it opened; a checklist search narrows only what it lists',
      viewingSimilar: 'The Similar Items panel naming the row, with the link to the Similar Items page',
      sorting: 'The Sort by dialog listing the sorts, the applied one marked; the list behind it unchanged',
    },
  },
  {
    name: 'paged-rebates',
    description: 'A rebate list loaded 20 rows at a time: load more, retry the same page, one row revealed.',
    machine: pagedRebatesMachine,
    views: { list: selectRebateListView, mayLoadMore: selectMayLoadMore },
    events: pagedRebatesEvents,
    variants: [{ label: 'your rebates', input: () => ({ scope: 'yours' }) }],
    // Rows grow without bound: pages loaded are capped, the rows themselves left out.
    serializeState: seenState<PagedRebatesContext>((c) => [c.scope, c.criteria.search, Math.min(c.pagesLoaded, 2), c.hasMore, c.revealedId]),
    labels: {
      'xstate.done.actor.loadPage': 'A page of 20 rows arrives',
      'xstate.error.actor.loadPage': 'Loading a page fails',
      'rebates.loadMore': 'Scroll to the end of the list',
      'rebates.retry': "Press 'Click to try again'",
      'rebates.criteriaChanged': 'Search, filter or sort',
      'rebates.scopeChanged': 'Switch the YOUR REBATES / ALL REBATES tab',
      'rebates.rowToggled': 'Press Reveal (or Hide) on a row',
    },
    checks: {
      loading: "'Loading rebates…' (first page) or 'Loading more…' under the rows",
      idle: 'The rows, no loader',
      failed: "'Couldn't load rebates, try refreshing' instead of the table",
      failedToLoadMore: "The rows loaded so far and 'Click to try again' under them",
    },
  },
  {
    name: 'rebate-filters',
    description: 'The rebate filter choices: the Filters button spins until they load, or says they could not.',
    machine: rebateFiltersMachine,
    views: { status: selectFilterStatus },
    events: rebateFiltersEvents,
    variants: [{ label: 'page opened' }],
    labels: { 'xstate.done.actor.loadFilters': 'The filter choices arrive', 'xstate.error.actor.loadFilters': 'Loading the filter choices fails' },
    checks: { loading: 'The Filters button spins', loaded: 'Filters opens the manufacturer and category lists', failed: 'The page says the filters could not load' },
  },
  {
    name: 'item-match',
    description: 'Similar items of an item: loading, complete or failed; cached per item and manufacturer.',
    machine: itemMatchMachine,
    views: { similarItems: selectSimilarItemsView, panel: selectSimilarPanelMatchesView },
    events: itemMatchEvents,
    variants: [{ label: 'nothing asked yet' }],
    serializeState: seenState<ItemMatchContext>((c) => [c.key && cacheKey(c.key), Object.keys(c.cache).sort(), c.matches.length]),
    labels: {
      'matches.requested': 'Press Similar Items on a row',
      'xstate.done.actor.loadMatches': 'The similar items arrive',
      'xstate.error.actor.loadMatches': 'Loading the similar items fails',
      'matches.refreshed': 'Feedback sent: the list reloads',
      'matches.retry': 'Press Retry',
    },
    checks: { idle: 'No similar items panel', loading: 'The panel shows a loader', complete: 'The similar items (or none found)', failed: 'The panel says loading failed, with Retry' },
    unreachable: {
      'idle --matches.requested--> complete': 'idle is only the start, before any answer is cached, so a request from idle always loads',
    },
  },
  {
    name: 'feedback-dialog',
    description: "Feedback on similar items: a bad match with a comment or a recommended MIN; 'Feedback Sent!' for 4 s.",
    machine: feedbackDialogMachine,
    views: { dialog: selectFeedbackDialogView, failure: selectFeedbackFailure },
    events: feedbackDialogEvents,
    variants: [{ label: 'dialog closed' }],
    serializeState: seenState<FeedbackDialogContext>((c) => [c.mode, c.text.trim() !== '', c.failure]),
    labels: {
      'feedback.opened': 'Press Bad Match (or Recommend) on a similar item',
      'feedback.textChanged': 'Type the comment or MIN',
      'feedback.submitted': 'Press Send',
      'feedback.closed': 'Close the dialog',
      'xstate.done.actor.sendFeedback': 'The server stores the feedback',
      'xstate.error.actor.sendFeedback': 'Sending the feedback fails',
      'feedback.noticeExpired': '4 seconds pass',
    },
    checks: { closed: 'No feedback dialog', editing: "The dialog with its text field; Send enabled once text is typed; after a failure, what is wrong (the server's reason, a MIN's shape, or 'Failed to send feedback.')", sending: 'Send shows its spinner', sent: "'Feedback Sent!'" },
  },
];
