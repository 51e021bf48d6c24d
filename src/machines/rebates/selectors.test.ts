import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import type { RebateFilters } from '../../model/rebates.ts';
import { inboxDouble } from '../testing/inbox-double.ts';
import { itemMatchMachine } from './item-match.ts';
import { itemA, sampleMatch } from './match-samples.ts';
import { pagedRebatesMachine } from './paged-rebates.ts';
import { fullPage, lastPage, sampleRebateRow } from './rebate-samples.ts';
import { rebatesScreenMachine } from './rebates-screen.ts';
import {
  sameView, selectChecklistView, selectFeedbackDialog, selectFeedbackDialogView, selectRebateFilterChoices, selectRebateList, selectRebateListView, selectRebatesScreenView, selectRowMatches, selectListFooter, selectMatchCount,
  selectMaySearch, selectSearchBarView, selectShownEntries, selectShowsClearSearch, selectSimilarItemsView, selectSimilarPanelMatchesView, selectSimilarPanelView,
} from './selectors.ts';

const choices: RebateFilters = {
  manufacturers: [
    { id: 1, name: 'Acme Foods', label: 'Acme Foods' },
    { id: 2, name: 'Bay Dairy', label: 'Bay Dairy' },
    { id: 3, name: 'Acorn Mills', label: 'Acorn Mills' },
  ],
  categories: [{ id: 9, name: 'Dairy', label: 'Dairy' }],
};

async function openPanel() {
  const run = startControlled(rebatesScreenMachine, { actors: ['filters'], children: { list: inboxDouble(), matches: inboxDouble() } });
  await run.replay({ type: 'xstate.done.actor.filters', output: choices }, 'browsing');
  await run.replay({ type: 'rebatesScreen.filtersOpened' }, 'filtering');
  return { ...run, now: () => run.actor.getSnapshot() };
}

describe("the rebates page's parts", () => {
  it('the list, the filter choices and the similar items the views show are the page\'s own children', () => {
    const run = startControlled(rebatesScreenMachine, { actors: ['filters'], children: { list: inboxDouble(), matches: inboxDouble() } });
    const s = run.actor.getSnapshot();
    expect(selectRebateList(s)).toBe(s.children.list);
    expect(selectRebateFilterChoices(s)).toBe(s.children.filters);
    expect(selectRowMatches(s)).toBe(s.children.matches);
    // The same refs on every snapshot, so the views subscribe once.
    run.actor.send({ type: 'rebatesScreen.searchChanged', text: 'milk' });
    expect(selectRebateList(run.actor.getSnapshot())).toBe(selectRebateList(s));
  });
});

describe('the rebates page: search box and Filters panel', () => {
  it("a checklist's search narrows only its own entries, by label, ignoring case and spaces around", async () => {
    const s = await openPanel();
    expect(selectShownEntries('manufacturers')(s.now())).toHaveLength(3);
    s.actor.send({ type: 'rebatesScreen.checklistSearched', list: 'manufacturers', text: '  AC ' });
    expect(selectShownEntries('manufacturers')(s.now()).map((e) => e.id)).toEqual([1, 3]);
    expect(selectShownEntries('categories')(s.now()).map((e) => e.id)).toEqual([9]);
    s.actor.send({ type: 'rebatesScreen.checklistSearched', list: 'manufacturers', text: 'nothing like it' });
    expect(selectShownEntries('manufacturers')(s.now())).toEqual([]);
  });

  it('answers the same entries while the choices and the search stay (a tick re-filters nothing)', async () => {
    const s = await openPanel();
    s.actor.send({ type: 'rebatesScreen.checklistSearched', list: 'manufacturers', text: 'ac' });
    const shown = selectShownEntries('manufacturers')(s.now());
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'manufacturers', ids: [1] });
    expect(selectShownEntries('manufacturers')(s.now())).toBe(shown);
  });

  it('Search needs more than spaces; the clear button shows while text is typed or the list is searched', async () => {
    const s = startControlled(rebatesScreenMachine, { actors: ['filters'], children: { list: inboxDouble(), matches: inboxDouble() } });
    const now = () => s.actor.getSnapshot();
    expect([selectMaySearch(now()), selectShowsClearSearch(now())]).toEqual([false, false]);
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: '   ' });
    expect([selectMaySearch(now()), selectShowsClearSearch(now())]).toEqual([false, true]);
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: 'acme' });
    s.actor.send({ type: 'rebatesScreen.searchSubmitted' });
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: 'acm' });
    // Text is typed over a searched list: the button clears both.
    expect([selectMaySearch(now()), selectShowsClearSearch(now())]).toEqual([true, true]);
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: '' });
    // Emptying the box gives the list back its whole self (issue 39): nothing is left to clear.
    expect([selectMaySearch(now()), selectShowsClearSearch(now())]).toEqual([false, false]);
  });
});

describe('the rebates list footer', () => {
  it("says 'Loading rebates…' first, then offers Load More, 'Loading more…', a retry, and nothing after the last page", async () => {
    const s = startControlled(pagedRebatesMachine, { actors: ['loadPage'], input: { scope: 'yours' } });
    const footer = () => selectListFooter(s.actor.getSnapshot());
    expect(footer()).toBe('loadingRebates');
    await s.replay({ type: 'xstate.done.actor.loadPage', output: fullPage }, 'idle');
    expect(footer()).toBe('loadMore');
    await s.replay({ type: 'rebates.loadMore' }, 'loading');
    expect(footer()).toBe('loadingMore');
    await s.replay({ type: 'xstate.error.actor.loadPage', error: new Error('offline') }, 'failedToLoadMore');
    expect(footer()).toBe('retry');
    await s.replay({ type: 'rebates.retry' }, 'loading');
    await s.replay({ type: 'xstate.done.actor.loadPage', output: lastPage }, 'idle');
    expect(footer()).toBeNull();
  });

  it("says 'No results found' when a search finds nothing", async () => {
    const s = startControlled(pagedRebatesMachine, { actors: ['loadPage'], input: { scope: 'yours' } });
    await s.replay({ type: 'xstate.done.actor.loadPage', output: { rows: [], hasMore: false } }, 'idle');
    expect(selectListFooter(s.actor.getSnapshot())).toBe('noResults');
  });
});

describe('the similar-items breadcrumb', () => {
  it("counts the similar items once they are in, '…' until then", async () => {
    const s = startControlled(itemMatchMachine, { actors: ['loadMatches'], input: { key: itemA } });
    expect(selectMatchCount(s.actor.getSnapshot())).toBe('…');
    await s.replay({ type: 'xstate.done.actor.loadMatches', output: [sampleMatch, sampleMatch] }, 'complete');
    expect(selectMatchCount(s.actor.getSnapshot())).toBe('2');
  });
});

describe('the feedback dialog of the similar items', () => {
  it('is the similar items\' child, shown by selectFeedbackDialogView', async () => {
    const s = startControlled(itemMatchMachine, { actors: ['loadMatches'], input: { key: itemA } });
    const dialog = selectFeedbackDialog(s.actor.getSnapshot());
    expect(selectFeedbackDialogView(dialog.getSnapshot())).toMatchObject({ open: false, sending: false, sent: false });
    dialog.send({ type: 'feedback.opened', mode: 'badMatch', min: itemA.min, badMatchMin: sampleMatch.min });
    const opened = selectFeedbackDialogView(dialog.getSnapshot());
    expect(opened).toMatchObject({
      open: true, closable: true, title: 'Give Feedback', asks: 'comment', commentLabel: `Why is ${sampleMatch.min} a bad match?`, text: '', maySend: false,
    });
    expect(selectFeedbackDialogView(dialog.getSnapshot())).toBe(opened);
    dialog.send({ type: 'feedback.textChanged', value: '  ' });
    expect(selectFeedbackDialogView(dialog.getSnapshot()).maySend).toBe(false);
    dialog.send({ type: 'feedback.closed' });
    dialog.send({ type: 'feedback.opened', mode: 'recommendation', min: itemA.min });
    dialog.send({ type: 'feedback.textChanged', value: 'MIN-1' });
    expect(selectFeedbackDialogView(dialog.getSnapshot())).toMatchObject({ open: true, title: 'Recommend Similar Item', asks: 'min', text: 'MIN-1', maySend: true });
  });
});

describe('the view models of the rebate screens', () => {
  it('the search bar: Search needs text, the × shows, and Filters counts what Apply applied', async () => {
    const s = await openPanel();
    expect(selectSearchBarView(s.now())).toMatchObject({ text: '', maySearch: false, showsClear: false, filtersLabel: 'Filters', filters: s.now().children.filters });
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'manufacturers', ids: [1, 3] });
    s.actor.send({ type: 'rebatesScreen.filtersApplied' });
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: '  ' });
    expect(selectSearchBarView(s.now())).toMatchObject({ text: '  ', maySearch: false, showsClear: true, filtersLabel: 'Filters (2)' });
  });

  it('a checklist: its search narrows the entries, and the ticks are the drafts', async () => {
    const s = await openPanel();
    s.actor.send({ type: 'rebatesScreen.checklistSearched', list: 'manufacturers', text: 'ac' });
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'manufacturers', ids: [3] });
    const view = selectChecklistView('manufacturers')(s.now());
    expect({ ...view, shown: view.shown.map((e) => e.id) }).toEqual({ search: 'ac', shown: [1, 3], selected: [3] });
    expect(selectChecklistView('categories')(s.now())).toMatchObject({ search: '', selected: [] });
  });

  it('the page hands its list to the table with the choices, and the panel its row once one is opened', async () => {
    const s = await openPanel();
    expect(selectRebatesScreenView(s.now())).toEqual({ list: s.now().children.list, choices });
    expect(selectSimilarPanelView(s.now())).toEqual({ matches: s.now().children.matches, row: null });
    s.actor.send({ type: 'rebatesScreen.filtersClosed' });
    s.actor.send({ type: 'rebatesScreen.similarOpened', row: sampleRebateRow(4) });
    expect(selectSimilarPanelView(s.now()).row?.rebateId).toBe(4);
  });

  it('the list: rows, Load More under them, and the same view for the same list', async () => {
    const s = startControlled(pagedRebatesMachine, { actors: ['loadPage'], input: { scope: 'yours' } });
    expect(selectRebateListView(s.actor.getSnapshot())).toMatchObject({ rows: [], footerKind: 'loadingRebates', failed: false, scope: 'yours' });
    await s.replay({ type: 'xstate.done.actor.loadPage', output: fullPage }, 'idle');
    const view = selectRebateListView(s.actor.getSnapshot());
    expect(view).toMatchObject({ footerKind: 'loadMore', revealedId: null, failed: false });
    expect(view.rows).toHaveLength(fullPage.rows.length);
    expect(sameView(view, selectRebateListView(s.actor.getSnapshot()))).toBe(true);
  });

  it("similar items: '…' until the answer, then the count, and the search narrows the items shown", async () => {
    const s = startControlled(itemMatchMachine, { actors: ['loadMatches'], input: { key: itemA } });
    expect(selectSimilarItemsView(s.actor.getSnapshot())).toMatchObject({ status: 'loading', count: '…', shown: [] });
    const other = { ...sampleMatch, min: '21000888', description: 'MILK WHOLE' };
    await s.replay({ type: 'xstate.done.actor.loadMatches', output: [sampleMatch, other] }, 'complete');
    s.actor.send({ type: 'matches.searchChanged', search: 'milk' });
    const view = selectSimilarItemsView(s.actor.getSnapshot());
    expect(view).toMatchObject({ status: 'complete', count: '2', search: 'milk', feedback: s.actor.getSnapshot().children.feedback });
    expect(view.shown.map((m) => m.min)).toEqual(['21000888']);
    expect(selectSimilarPanelMatchesView(s.actor.getSnapshot())).toEqual({ status: 'complete', shown: view.shown });
  });
});
