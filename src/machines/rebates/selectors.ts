import type { SnapshotFrom } from 'xstate';
import { cachedVisible } from '../cached-visible.ts';
import { REBATE_PAGE_SIZE, type FilterEntry, type RebateSortColumn, type SortOrder } from '../../model/rebates.ts';
import type { pagedRebatesMachine } from './paged-rebates.ts';
import type { itemMatchMachine } from './item-match.ts';
import type { feedbackDialogMachine } from './feedback-dialog.ts';
import type { rebateFiltersMachine } from './rebate-filters.ts';
import type { FilterList, rebatesScreenMachine } from './rebates-screen.ts';
import { searchMatches } from '../../model/match.ts';

/** What the rebate pages show (analytics spec §7), read from their machines' snapshots. */

export { rebatesDetailsExport, rebatesExport } from '../../model/rebate-export.ts';
export { FEEDBACK_FAILED_MESSAGE, MIN_SHAPE_MESSAGE } from './feedback-dialog.ts';

// ---- The page: search box, Filters panel, similar-items panel --------------------------------

type PageSnapshot = SnapshotFrom<typeof rebatesScreenMachine>;

/** The page's children the views show: the rebate list, the filter choices, and a row's similar items. */
export const selectRebateList = (s: PageSnapshot) => s.children.list!;
export const selectRebateFilterChoices = (s: PageSnapshot) => s.children.filters!;
export const selectRowMatches = (s: PageSnapshot) => s.children.matches!;

export const selectSearchText = (s: PageSnapshot) => s.context.search;
/** Search is offered once something other than spaces is typed. */
export const selectMaySearch = (s: PageSnapshot) => s.context.search.trim() !== '';
/** The clear button: while there is text to clear or the list is searched. */
export const selectShowsClearSearch = (s: PageSnapshot) => s.context.search !== '' || s.context.applied.search !== '';
/** 'Filters', or 'Filters (n)' with the number of manufacturers and categories applied. */
export const selectFiltersLabel = (s: PageSnapshot) => {
  const count = s.context.applied.manufacturers.length + s.context.applied.categories.length;
  return count > 0 ? `Filters (${count})` : 'Filters';
};
export const selectFilterChoices = (s: PageSnapshot) => s.context.choices;
export const selectFiltersOpen = (s: PageSnapshot) => s.matches('filtering');

/** The sorts the phone's Sort by dialog offers (analytics spec §2), in its order. */
export const REBATE_SORT_CHOICES: readonly { sort: RebateSortColumn; order: SortOrder; label: string }[] = [
  { sort: 'manufacturer', order: 'asc', label: 'Manufacturer (A–Z)' },
  { sort: 'manufacturer', order: 'desc', label: 'Manufacturer (Z–A)' },
  { sort: 'description', order: 'asc', label: 'Description (A–Z)' },
  { sort: 'min', order: 'asc', label: 'MIN' },
  { sort: 'din', order: 'asc', label: 'DIN' },
  { sort: 'rebateType', order: 'asc', label: 'Rebate Type' },
  { sort: 'rebateValue', order: 'desc', label: 'Rebate (highest first)' },
  { sort: 'deviationValue', order: 'asc', label: 'Deviated Price (lowest first)' },
];
/** The applied sort in words: its choice's label, or the column and direction for a sort the header (or a link) set. */
export const selectSortLabel = (s: PageSnapshot) => {
  const { sort, order } = s.context.applied;
  const choice = REBATE_SORT_CHOICES.find((c) => c.sort === sort && c.order === order);
  return choice ? choice.label : `${REBATE_SORT_CHOICES.find((c) => c.sort === sort)?.label.replace(/ \(.*\)$/, '') ?? sort} (${order === 'asc' ? 'ascending' : 'descending'})`;
};
/** The Sort by button and its dialog: open or not, the applied sort's label, and each choice marked if applied. */
export const selectSortDialogView = (s: PageSnapshot) => ({
  opened: s.matches('sorting'),
  current: selectSortLabel(s),
  choices: REBATE_SORT_CHOICES.map((c) => ({ ...c, chosen: c.sort === s.context.applied.sort && c.order === s.context.applied.order })),
});
/** The checks of a checklist: drafts while the panel is open. */
export const selectDraft = (list: FilterList) => (s: PageSnapshot) => s.context.draft[list];
export const selectChecklistSearch = (list: FilterList) => (s: PageSnapshot) => s.context.checklistSearch[list];

const entriesMatching = cachedVisible((entries: readonly FilterEntry[], search: string) => {
  const needle = search.trim().toLowerCase();
  return entries.filter((e) => e.label.toLowerCase().includes(needle));
});
/** The entries a checklist lists: its choices whose label holds its search, ignoring case and spaces around. */
export const selectShownEntries = (list: FilterList) => (s: PageSnapshot): FilterEntry[] =>
  entriesMatching(s.context.choices?.[list] ?? [], s.context.checklistSearch[list], undefined);
/** The row whose similar items the side panel shows; none when the panel is closed. */
export const selectSimilarRow = (s: PageSnapshot) => s.context.similarRow;

// ---- The list (the page's `list` child) --------------------------------------------------------

type PagedSnapshot = SnapshotFrom<typeof pagedRebatesMachine>;

/** Load More (phones): offered while the server has more and a whole page has arrived. */
export const selectMayLoadMore = (s: PagedSnapshot) => s.context.hasMore && s.context.rows.length >= REBATE_PAGE_SIZE;
export const selectRows = (s: PagedSnapshot) => s.context.rows;
export const selectRevealedId = (s: PagedSnapshot) => s.context.revealedId;
export const selectScope = (s: PagedSnapshot) => s.context.scope;
/** The list's criteria, of which the table and the cards show the sort. */
export const selectCriteria = (s: PagedSnapshot) => s.context.criteria;
/** The first page failed: a message instead of the table. */
export const selectListFailed = (s: PagedSnapshot) => s.matches('failed');

export type ListFooter = 'loadingRebates' | 'loadingMore' | 'retry' | 'noResults' | 'loadMore' | null;
/** Under the rows: progress, the retry of a failed page, the empty state, or Load More (phones only show it). */
export const selectListFooter = (s: PagedSnapshot): ListFooter => {
  const empty = s.context.rows.length === 0;
  if (s.matches('loading')) return empty ? 'loadingRebates' : 'loadingMore';
  if (s.matches('failedToLoadMore')) return 'retry';
  if (s.matches('idle') && empty) return 'noResults';
  if (s.matches('idle') && selectMayLoadMore(s)) return 'loadMore';
  return null;
};

// ---- The filter choices (the page's `filters` child) -------------------------------------------

export const selectFilterStatus = (s: SnapshotFrom<typeof rebateFiltersMachine>) => s.value;

// ---- Similar items (the page's `matches` child, and the similar-items page) ------------------

type MatchSnapshot = SnapshotFrom<typeof itemMatchMachine>;
export const selectMatchStatus = (s: MatchSnapshot) => s.value;
/** The similar items the page lists: the answer narrowed by the page's search. */
export const selectShownMatches = (s: MatchSnapshot) => searchMatches(s.context.matches, s.context.search);
export const selectMatchSearch = (s: MatchSnapshot) => s.context.search;
/** The count in the similar-items page's breadcrumb: '…' until the answer is complete. */
export const selectMatchCount = (s: MatchSnapshot) => (s.matches('complete') ? String(s.context.matches.length) : '…');

// ---- The feedback dialog -----------------------------------------------------------------------

/** Under the field: what is wrong with the last Send (a MIN's shape, the server's reason, or the general failure), or null. */
export const selectFeedbackFailure = (s: SnapshotFrom<typeof feedbackDialogMachine>) => s.context.failure;

// ---- The similar-items page (page `rebatesSimilarItems`, and competitive insights' matches page) --

/** The feedback dialog the similar items run as their child. */
export const selectFeedbackDialog = (s: MatchSnapshot) => s.children.feedback!;

type FeedbackSnapshot = SnapshotFrom<typeof feedbackDialogMachine>;

/** What the feedback dialog and its 'Feedback Sent!' notification show. */
export interface FeedbackDialogView {
  /** The dialog is on screen (editing or sending). */
  open: boolean;
  /** Closing it by its X or outside click is refused while sending. */
  closable: boolean;
  sending: boolean;
  /** 'Feedback Sent!' shows. */
  sent: boolean;
  title: 'Give Feedback' | 'Recommend Similar Item';
  /** badMatch: a comment on one similar item; recommendation: a MIN. */
  asks: 'comment' | 'min';
  /** The comment field's label (badMatch). */
  commentLabel: string;
  text: string;
  failure: string | null;
  /** Send is offered once something other than spaces is typed. */
  maySend: boolean;
}

const feedbackViews = new WeakMap<FeedbackSnapshot, FeedbackDialogView>();
/** The feedback dialog's screen (the same object for the same snapshot). */
export const selectFeedbackDialogView = (s: FeedbackSnapshot): FeedbackDialogView => {
  let view = feedbackViews.get(s);
  if (!view) {
    const badMatch = s.context.mode === 'badMatch';
    view = {
      open: s.matches('editing') || s.matches('sending'),
      closable: s.matches('editing'),
      sending: s.matches('sending'),
      sent: s.matches('sent'),
      title: badMatch ? 'Give Feedback' : 'Recommend Similar Item',
      asks: badMatch ? 'comment' : 'min',
      commentLabel: `Why is ${s.context.badMatchMin} a bad match?`,
      text: s.context.text,
      failure: s.context.failure,
      maySend: s.context.text.trim() !== '',
    };
    feedbackViews.set(s, view);
  }
  return view;
};

/** The rebates search bar: the filters' actor, the search text, whether Search and the × are offered, and the Filters label. */
export const selectSearchBarView = (s: PageSnapshot) => ({
  filters: selectRebateFilterChoices(s),
  text: selectSearchText(s),
  maySearch: selectMaySearch(s),
  showsClear: selectShowsClearSearch(s),
  filtersLabel: selectFiltersLabel(s),
});

/** The rebates page: the list's child actor and the filter choices. */
export const selectRebatesScreenView = (s: PageSnapshot) => ({
  list: selectRebateList(s),
  choices: selectFilterChoices(s),
});

/** The rebates list: its rows, the row revealed, the scope, the criteria, whether a page failed, and the footer. */
export const selectRebateListView = (s: PagedSnapshot) => ({
  rows: selectRows(s),
  revealedId: selectRevealedId(s),
  scope: selectScope(s),
  criteria: selectCriteria(s),
  failed: selectListFailed(s),
  footerKind: selectListFooter(s),
});

/** Similar items: the feedback dialog's actor, the matches' status and count, the search, and the matches shown. */
export const selectSimilarItemsView = (s: MatchSnapshot) => ({
  feedback: selectFeedbackDialog(s),
  status: selectMatchStatus(s),
  count: selectMatchCount(s),
  search: selectMatchSearch(s),
  shown: selectShownMatches(s),
});

/** The similar-items panel of a rebate row: the matches' child actor and the row. */
export const selectSimilarPanelView = (s: PageSnapshot) => ({
  matches: selectRowMatches(s),
  row: selectSimilarRow(s),
});

/** The panel's matches: their status and those shown. */
export const selectSimilarPanelMatchesView = (s: MatchSnapshot) => ({
  status: selectMatchStatus(s),
  shown: selectShownMatches(s),
});

export { sameView } from '../shell/selectors.ts';

/** One filter checklist: its search, the entries the search lists, and those checked. */
export const selectChecklistView = (list: FilterList) => (s: PageSnapshot) => ({
  search: selectChecklistSearch(list)(s),
  shown: selectShownEntries(list)(s),
  selected: selectDraft(list)(s),
});
