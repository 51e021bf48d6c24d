import { describe, expect, it } from 'vitest';
import type { ActorRefFrom, AnyEventObject, SnapshotFrom } from 'xstate';
import { allEdges, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { DEFAULT_CRITERIA } from '../../model/rebates.ts';
import { fakeRouter } from '../intel/testing-router.ts';
import { MACHINES } from '../registry.ts';
import { inboxDouble } from '../testing/inbox-double.ts';
import { itemMatchMachine } from './item-match.ts';
import { itemA } from './match-samples.ts';
import { pagedRebatesMachine, type LoadPageInput } from './paged-rebates.ts';
import { rebateFiltersMachine } from './rebate-filters.ts';
import { fullPage, sampleFilters, sampleRebateRow } from './rebate-samples.ts';
import { parseRebateQuery, sameRebateQuery } from './rebate-query.ts';
import { matchKeyOf, rebatesScreenMachine, type RebatesScreenContext } from './rebates-screen.ts';
import {
  REBATE_SORT_CHOICES, selectChecklistSearch, selectDraft, selectFiltersLabel, selectFiltersOpen, selectMaySearch, selectShowsClearSearch, selectSimilarRow, selectSortDialogView,
} from './selectors.ts';

const entry = MACHINES.find((m) => m.name === 'rebates-screen')!;
type PageSnapshot = SnapshotFrom<typeof rebatesScreenMachine>;
type Criteria = Pick<RebatesScreenContext['applied'], 'search' | 'manufacturers' | 'categories'>;

/** The page with its list and matches replaced by doubles that keep what they are told. */
function startWithDoubles() {
  const run = startControlled(rebatesScreenMachine, { actors: ['filters'], children: { list: inboxDouble(), matches: inboxDouble() } });
  const told = (id: 'list' | 'matches'): AnyEventObject[] =>
    (run.actor.getSnapshot().children[id] as unknown as ActorRefFrom<ReturnType<typeof inboxDouble>>).getSnapshot().context.received;
  return { ...run, told };
}
type Doubled = ReturnType<typeof startWithDoubles>;

/** What the list loads: every criteria change it was told, from the default criteria on. */
const listCriteria = (run: Doubled): Criteria =>
  run.told('list').reduce<Criteria>(
    (c, e) => ({ ...c, ...(e.criteria as Partial<Criteria>) }),
    { search: DEFAULT_CRITERIA.search, manufacturers: DEFAULT_CRITERIA.manufacturers, categories: DEFAULT_CRITERIA.categories },
  );
const pick = ({ search, manufacturers, categories }: Criteria): Criteria => ({ search, manufacturers, categories });

/** What a user would notice after `event` took the page from `before` to now. */
function checkStep(run: Doubled, before: PageSnapshot, event: AnyEventObject, toldBefore: { list: number; matches: number }) {
  const now = run.actor.getSnapshot();
  const { context } = now;
  const loaded = pick(listCriteria(run));
  // The Filters count and the clear button speak of what the list really loads.
  expect(pick(context.applied)).toEqual(loaded);
  const count = loaded.manufacturers.length + loaded.categories.length;
  expect(selectFiltersLabel(now)).toBe(count > 0 ? `Filters (${count})` : 'Filters');
  expect(selectShowsClearSearch(now)).toBe(context.search !== '' || loaded.search !== '');

  // The list loads again only on Search (when enabled), on clearing a search it had, or on Apply.
  const wasBrowsing = before.matches('browsing');
  const listAsked = run.told('list').length - toldBefore.list;
  const expectedAsks: Record<string, boolean> = {
    'rebatesScreen.searchSubmitted': wasBrowsing && selectMaySearch(before),
    'rebatesScreen.searchCleared': wasBrowsing && before.context.applied.search !== '',
    'rebatesScreen.searchChanged': wasBrowsing && before.context.applied.search !== '' && String(event.text).trim() === '',
    'rebatesScreen.filtersApplied': selectFiltersOpen(before),
    // The tab and the sort always reload the list (in the Sort by dialog, only a sort other than the
    // applied one); a URL only when it names another list than the one shown.
    'rebatesScreen.scopeChanged': true,
    'rebatesScreen.sortChanged': event.type === 'rebatesScreen.sortChanged' && !(before.matches('sorting') && sameSort(before, event)),
    'route.changed': event.type === 'route.changed' && otherRoute(before, event),
  };
  expect(listAsked).toBe(expectedAsks[event.type] ? 1 : 0);
  // The page adopts the list a link names: its tab, its search (also in the box) and its sort.
  if (event.type === 'route.changed') {
    const shown = { scope: context.scope, criteria: context.applied };
    if (listAsked) expect(sameRebateQuery(shown, askedBy(event))).toBe(true);
    else expect(shown).toEqual({ scope: before.context.scope, criteria: before.context.applied });
    if (listAsked) expect(context.search).toBe(askedBy(event).criteria.search);
  }
  if (event.type === 'rebatesScreen.scopeChanged') expect(run.told('list').at(-1)).toEqual({ type: 'rebates.scopeChanged', scope: event.scope });
  if (event.type === 'rebatesScreen.sortChanged') expect(context.applied).toMatchObject(event.sort as object);
  // The Sort by dialog shows exactly in sorting, one choice marked: the applied sort. A choice, or
  // closing it, ends it; opening it changes nothing else.
  const dialog = selectSortDialogView(now);
  expect(dialog.opened).toBe(now.matches('sorting'));
  expect(dialog.choices.filter((c) => c.chosen).map(({ sort, order }) => ({ sort, order }))).toEqual(
    REBATE_SORT_CHOICES.some((c) => c.sort === context.applied.sort && c.order === context.applied.order) ? [{ sort: context.applied.sort, order: context.applied.order }] : [],
  );
  if (before.matches('sorting') && (event.type === 'rebatesScreen.sortChanged' || event.type === 'rebatesScreen.sortClosed')) expect(now.matches('browsing')).toBe(true);
  if (event.type === 'rebatesScreen.sortClosed' || event.type === 'rebatesScreen.sortOpened') expect(context.applied).toEqual(before.context.applied);
  if (event.type === 'rebatesScreen.searchSubmitted' && listAsked) expect(loaded.search).toBe(before.context.search);
  if (event.type === 'rebatesScreen.searchCleared' && wasBrowsing) expect(context.search).toBe('');
  // Apply applies exactly the drafts; closing keeps what was applied.
  if (event.type === 'rebatesScreen.filtersApplied' && listAsked) expect(loaded).toMatchObject(before.context.draft);
  if (event.type === 'rebatesScreen.filtersClosed') expect(context.applied).toEqual(before.context.applied);

  // Each opening of the panel starts from what is applied, with both checklist searches empty.
  if (selectFiltersOpen(now)) {
    expect(context.choices).not.toBeNull();
    if (!selectFiltersOpen(before)) {
      expect([selectDraft('manufacturers')(now), selectDraft('categories')(now)]).toEqual([loaded.manufacturers, loaded.categories]);
      expect([selectChecklistSearch('manufacturers')(now), selectChecklistSearch('categories')(now)]).toEqual(['', '']);
    }
  }

  // The similar-items panel shows a row exactly while open, and its items were asked for once.
  const row = selectSimilarRow(now);
  expect(row !== null).toBe(now.matches('viewingSimilar'));
  const matchesAsked = run.told('matches').length - toldBefore.matches;
  expect(matchesAsked).toBe(event.type === 'rebatesScreen.similarOpened' && wasBrowsing ? 1 : 0);
  if (matchesAsked) expect(run.told('matches').at(-1)).toEqual({ type: 'matches.requested', key: matchKeyOf(row!) });
}

/** Whether a sort event names the sort applied before it. */
const sameSort = (before: PageSnapshot, event: AnyEventObject) => {
  const { sort, order } = event.sort as { sort: string; order: string };
  return sort === before.context.applied.sort && order === before.context.applied.order;
};

/** The list a route's query names. */
const askedBy = (event: AnyEventObject) => parseRebateQuery(new URLSearchParams((event.place as { search: string }).search));
/** Whether a route names another list than the one the page showed before it. */
const otherRoute = (before: PageSnapshot, event: AnyEventObject) =>
  !sameRebateQuery(askedBy(event), { scope: before.context.scope, criteria: before.context.applied });

async function replayChecked(path: readonly AnyEventObject[], states: readonly unknown[]) {
  const run = startWithDoubles();
  for (const [i, event] of path.entries()) {
    const before = run.actor.getSnapshot();
    const toldBefore = { list: run.told('list').length, matches: run.told('matches').length };
    await run.replay(event, states[i]);
    checkStep(run, before, event, toldBefore);
  }
  run.actor.stop();
}

describe('rebates-screen, model-based', () => {
  it('reaches every state', () => expectEveryStateReached(rebatesScreenMachine, shortestPaths(entry), 'browsing'));

  it('takes every transition the machine defines', () => expectEveryTransitionTaken(rebatesScreenMachine, stateChangingEdges(entry)));

  // Every generated edge, those that stay in a state too: search, clear and ticks are among them.
  // The filters child finishes once; the traversal, which knows nothing of children, repeats it.
  const possible = allEdges(entry).filter((e) => e.path.filter((step) => step.type === 'xstate.done.actor.filters').length <= 1);
  for (const edge of possible) {
    it(`${edge.path.map((e) => e.type.replace(/^rebatesScreen\./, '')).join(' → ')}`, () => replayChecked(edge.path, edge.states));
  }
});

/** The page with its real children, every call they make held until the test settles it. */
async function startReal() {
  const run = startControlled(rebatesScreenMachine, {
    actors: ['loadPage', 'loadFilters', 'loadMatches'],
    children: { list: pagedRebatesMachine, filters: rebateFiltersMachine, matches: itemMatchMachine },
  });
  await run.settle('loadFilters', 'done', sampleFilters);
  await run.settle('loadPage', 'done', fullPage);
  const pageAsked = () => run.callsOf('loadPage').map((c) => c.input as LoadPageInput);
  return { ...run, pageAsked, now: () => run.actor.getSnapshot() };
}

describe('rebates-screen, with its real children', () => {
  it('Apply loads page 1 with the ticked manufacturers and categories, counts them on the button and closes', async () => {
    const s = await startReal();
    s.actor.send({ type: 'rebatesScreen.filtersOpened' });
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'manufacturers', ids: [1] });
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'categories', ids: [2] });
    expect(s.pageAsked()).toHaveLength(1);
    s.actor.send({ type: 'rebatesScreen.filtersApplied' });
    expect(s.pageAsked().at(-1)).toMatchObject({ page: 1, criteria: { manufacturers: [1], categories: [2], search: '' } });
    expect([selectFiltersOpen(s.now()), selectFiltersLabel(s.now())]).toEqual([false, 'Filters (2)']);
  });

  it('closing the panel discards its drafts: it opens again with what is applied and unsearched', async () => {
    const s = await startReal();
    s.actor.send({ type: 'rebatesScreen.filtersOpened' });
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'manufacturers', ids: [1] });
    s.actor.send({ type: 'rebatesScreen.filtersApplied' });
    s.actor.send({ type: 'rebatesScreen.filtersOpened' });
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'manufacturers', ids: [] });
    s.actor.send({ type: 'rebatesScreen.checklistSearched', list: 'manufacturers', text: 'zzz' });
    s.actor.send({ type: 'rebatesScreen.filtersClosed' });
    expect(s.pageAsked()).toHaveLength(2);
    s.actor.send({ type: 'rebatesScreen.filtersOpened' });
    expect([selectDraft('manufacturers')(s.now()), selectChecklistSearch('manufacturers')(s.now()), selectFiltersLabel(s.now())]).toEqual([[1], '', 'Filters (1)']);
  });

  it('Reset unticks everything but applies nothing until Apply', async () => {
    const s = await startReal();
    s.actor.send({ type: 'rebatesScreen.filtersOpened' });
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'categories', ids: [2] });
    s.actor.send({ type: 'rebatesScreen.filtersApplied' });
    s.actor.send({ type: 'rebatesScreen.filtersOpened' });
    s.actor.send({ type: 'rebatesScreen.filtersReset' });
    expect([selectDraft('categories')(s.now()), selectFiltersLabel(s.now()), s.pageAsked()]).toMatchObject([[], 'Filters (1)', { length: 2 }]);
    s.actor.send({ type: 'rebatesScreen.filtersApplied' });
    expect(s.pageAsked().at(-1)!.criteria).toMatchObject({ manufacturers: [], categories: [] });
    expect(selectFiltersLabel(s.now())).toBe('Filters');
  });

  it('the search reaches the list on Search only; clearing reloads it only if it was searched', async () => {
    const s = await startReal();
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: 'acme' });
    expect(s.pageAsked()).toHaveLength(1);
    s.actor.send({ type: 'rebatesScreen.searchCleared' });
    expect([s.pageAsked().length, selectShowsClearSearch(s.now())]).toEqual([1, false]);
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: 'acme' });
    s.actor.send({ type: 'rebatesScreen.searchSubmitted' });
    expect(s.pageAsked().at(-1)).toMatchObject({ page: 1, criteria: { search: 'acme' } });
    // The filters the list had stay: a search does not undo them, and the sort stays too.
    s.actor.send({ type: 'rebatesScreen.searchCleared' });
    expect(s.pageAsked()).toHaveLength(3);
    expect(s.pageAsked().at(-1)!.criteria).toEqual(DEFAULT_CRITERIA);
  });

  it('emptying the box of a searched list brings the whole list back (issue 39: Search is disabled then)', async () => {
    const s = await startReal();
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: 'no such item' });
    s.actor.send({ type: 'rebatesScreen.searchSubmitted' });
    expect(s.pageAsked().at(-1)!.criteria).toMatchObject({ search: 'no such item' });
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: 'no such' });
    expect(s.pageAsked()).toHaveLength(2);
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: '  ' });
    expect(s.pageAsked()).toHaveLength(3);
    expect(s.pageAsked().at(-1)!.criteria).toEqual(DEFAULT_CRITERIA);
    expect([selectMaySearch(s.now()), selectShowsClearSearch(s.now())]).toEqual([false, true]);
    // An empty box over an unsearched list asks for nothing.
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: '' });
    expect(s.pageAsked()).toHaveLength(3);
  });

  it('Similar Items on a row asks for that item and manufacturer; closing the panel forgets the row', async () => {
    const s = await startReal();
    const row = { ...sampleRebateRow(4), min: itemA.min, manufacturerPlatformId: itemA.manufacturerPlatformId };
    s.actor.send({ type: 'rebatesScreen.similarOpened', row });
    expect(s.callsOf('loadMatches').map((c) => c.input)).toEqual([itemA]);
    expect(selectSimilarRow(s.now())).toEqual(row);
    s.actor.send({ type: 'rebatesScreen.similarClosed' });
    expect(selectSimilarRow(s.now())).toBeNull();
  });

  it('the Sort by dialog: a choice sorts page 1 and closes it; the applied one, or closing, loads nothing', async () => {
    const s = await startReal();
    s.actor.send({ type: 'rebatesScreen.sortOpened' });
    expect(selectSortDialogView(s.now())).toMatchObject({ opened: true, current: 'Manufacturer (A–Z)' });
    s.actor.send({ type: 'rebatesScreen.sortChanged', sort: { sort: 'manufacturer', order: 'asc' } });
    expect([selectSortDialogView(s.now()).opened, s.pageAsked()]).toMatchObject([false, { length: 1 }]);
    s.actor.send({ type: 'rebatesScreen.sortOpened' });
    s.actor.send({ type: 'rebatesScreen.sortClosed' });
    expect([selectSortDialogView(s.now()).opened, s.pageAsked()]).toMatchObject([false, { length: 1 }]);
    s.actor.send({ type: 'rebatesScreen.sortOpened' });
    s.actor.send({ type: 'rebatesScreen.sortChanged', sort: { sort: 'rebateValue', order: 'desc' } });
    expect(s.pageAsked().at(-1)).toMatchObject({ page: 1, criteria: { sort: 'rebateValue', order: 'desc' } });
    const view = selectSortDialogView(s.now());
    expect([view.opened, view.current, view.choices.filter((c) => c.chosen).map((c) => c.label)]).toEqual([false, 'Rebate (highest first)', ['Rebate (highest first)']]);
  });

  it('names a sort the table header set that the dialog does not list', async () => {
    const s = await startReal();
    s.actor.send({ type: 'rebatesScreen.sortChanged', sort: { sort: 'din', order: 'desc' } });
    const view = selectSortDialogView(s.now());
    expect([view.current, view.choices.some((c) => c.chosen)]).toEqual(['DIN (descending)', false]);
  });

  it('keeps the Filters panel shut until the choices have arrived', () => {
    const run = startControlled(rebatesScreenMachine, {
      actors: ['loadPage', 'loadFilters', 'loadMatches'],
      children: { list: pagedRebatesMachine, filters: rebateFiltersMachine, matches: itemMatchMachine },
    });
    run.actor.send({ type: 'rebatesScreen.filtersOpened' });
    expect(selectFiltersOpen(run.actor.getSnapshot())).toBe(false);
  });
});

/** The page as the app runs it: opened on `search` (a URL query), under a router that notes what it is asked. */
async function startRouted(search = '') {
  const asked: AnyEventObject[] = [];
  const run = startControlled(rebatesScreenMachine, {
    beforeStart: (actor) => fakeRouter(actor, asked),
    actors: ['loadPage', 'loadFilters', 'loadMatches'],
    input: { search },
    children: { list: pagedRebatesMachine, filters: rebateFiltersMachine, matches: itemMatchMachine },
  });
  await run.settle('loadFilters', 'done', sampleFilters);
  const pageAsked = () => run.callsOf('loadPage').map((c) => c.input as LoadPageInput);
  const urls = () => asked.map((e) => (e.replace ? e.to : `push ${String(e.to)}`));
  /** The URL coming back from the router, as the app's root tells the page. */
  const echo = () => run.actor.send({ type: 'route.changed', place: { pathname: '/rebates/list', search: String(asked.at(-1)!.to).replace('/rebates/list', '') }, params: {} });
  return { ...run, pageAsked, urls, echo, now: () => run.actor.getSnapshot() };
}

describe('rebates-screen: the list in the URL (issue 37)', () => {
  it('a shared link opens its search, tab, sort and filters with one load, the search in the box', async () => {
    const s = await startRouted('?search=acme&tab=all&sort=din&order=desc&manufacturers=1');
    expect(s.pageAsked()).toEqual([{ scope: 'all', page: 1, criteria: { search: 'acme', manufacturers: [1], categories: [], sort: 'din', order: 'desc' } }]);
    expect([selectMaySearch(s.now()), selectShowsClearSearch(s.now()), selectFiltersLabel(s.now())]).toEqual([true, true, 'Filters (1)']);
    expect(s.now().context.search).toBe('acme');
    expect(s.urls()).toEqual([]);
  });

  it('each change the user makes replaces the URL, and the URL coming back loads nothing again', async () => {
    const s = await startRouted();
    s.actor.send({ type: 'rebatesScreen.searchChanged', text: 'acme' });
    expect(s.urls()).toEqual([]);
    s.actor.send({ type: 'rebatesScreen.searchSubmitted' });
    expect(s.urls()).toEqual(['/rebates/list?search=acme']);
    s.echo();
    s.actor.send({ type: 'rebatesScreen.scopeChanged', scope: 'all' });
    s.echo();
    s.actor.send({ type: 'rebatesScreen.sortChanged', sort: { sort: 'min', order: 'desc' } });
    s.echo();
    s.actor.send({ type: 'rebatesScreen.filtersOpened' });
    s.actor.send({ type: 'rebatesScreen.draftChanged', list: 'categories', ids: [2] });
    s.actor.send({ type: 'rebatesScreen.filtersApplied' });
    s.echo();
    expect(s.urls()).toEqual([
      '/rebates/list?search=acme',
      '/rebates/list?search=acme&tab=all',
      '/rebates/list?search=acme&tab=all&sort=min&order=desc',
      '/rebates/list?search=acme&tab=all&sort=min&order=desc&categories=2',
    ]);
    // One load for each change: the initial list, then search, tab, sort and filters.
    expect(s.pageAsked().map((p) => [p.scope, p.criteria.search, p.criteria.sort, p.criteria.categories])).toEqual([
      ['yours', '', 'manufacturer', []],
      ['yours', 'acme', 'manufacturer', []],
      ['all', 'acme', 'manufacturer', []],
      ['all', 'acme', 'min', []],
      ['all', 'acme', 'min', [2]],
    ]);
    s.actor.send({ type: 'rebatesScreen.searchCleared' });
    expect(s.urls().at(-1)).toBe('/rebates/list?tab=all&sort=min&order=desc&categories=2');
  });

  it('another list in the URL (back, or a link) is shown with one load, without writing the URL again', async () => {
    const s = await startRouted('?search=acme');
    s.actor.send({ type: 'route.changed', place: { pathname: '/rebates/list', search: '?tab=all&sort=nonsense' }, params: {} });
    expect(s.pageAsked().at(-1)).toEqual({ scope: 'all', page: 1, criteria: DEFAULT_CRITERIA });
    expect(s.pageAsked()).toHaveLength(2);
    expect([s.now().context.search, selectShowsClearSearch(s.now())]).toEqual(['', false]);
    expect(s.urls()).toEqual([]);
  });
});
