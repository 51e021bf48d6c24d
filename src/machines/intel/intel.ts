import { assign, enqueueActions, fromCallback, fromEventObservable, sendTo, setup, type AnyActorRef, type AnyEventObject } from 'xstate';
import { map } from 'rxjs';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { logFailure } from '../log-failure.ts';
import { MERCHANTS_FAILED_MESSAGE, RANGE_TOO_LONG_MESSAGE, type Merchant } from '../../model/dashboard.ts';
import { previousMonth, rangeReversed, rangeTooLong, todayIso } from '../../model/date-range.ts';
import { DEFAULT_INTEL_QUERY, intelQueryString, readIntelQuery, type IntelQuery } from '../../model/intel-query.ts';
import { DEFAULT_INTEL_URL, intelPath, nextSort } from '../../model/intel-rules.ts';
import { intelService } from '../../services/intel-service.ts';
import { merchantService } from '../../services/merchant-service.ts';
import { houseSwitchMachine, isOtherHouse } from '../house-switch/house-switch.ts';
import type { ActiveDistributor } from '../../model/session-user.ts';
import type { RouteGoEvent } from '../shell/page-spec.ts';
import { intelItemsMachine } from './intel-items.ts';
import {
  intelPlace, itemsKeyOf, LINE_CHART_URL, restart, type BatchInput, type IntelContext, type IntelEvent, type IntelInput,
} from './intel-context.ts';

/** Intel (analytics spec §2 Intel, §4, §5, §9): every merchant of the house, loaded in batches of 250. */

/**
 * The route within the section (analytics spec §2): the page on screen is noted and remembered, the
 * items of a detail page's merchant load, and /intel, an unknown tab or a detail page without its
 * merchant go elsewhere. `settled`: every batch has answered, so a missing merchant is missing.
 */
const queryOf = ({ search, sort, page, months }: IntelContext): IntelQuery => ({ search, sort, page, months });
/** After a change of search, sort, page or months: the address bar follows. */
const WRITE_QUERY = { type: 'writeQuery', params: ({ context }: { context: IntelContext }) => ({ path: context.path, search: context.query, query: queryOf(context) }) } as const;
const followRoute = (settled: boolean) => ['notePath', 'visitPlace', WRITE_QUERY, 'syncItems', { type: 'redirect', params: { settled, onRoute: true } }] as const;
// Every batch has answered (maybe while the user is elsewhere: the kept section then takes nobody anywhere).
const SETTLED = { type: 'redirect', params: { settled: true, onRoute: false } } as const;
const ROUTE = (settled: boolean) => ({ actions: followRoute(settled) });
// The house changed on another screen while Intel was kept: its merchants load again when it is back on screen.
const HOUSE_CHANGED = { guard: 'houseStale', target: '#intel.loadingMerchants', actions: ['adoptStaleHouse', 'clearForSwitch', ...followRoute(false)] } as const;

// Where batches load or have loaded: a new range starts over (re-entering stops the stream, so
// the batch in flight is aborted); the line chart opened on rows without their months reloads them.
const reloadForRange = [{ guard: 'rangeRejected', actions: 'rejectRange' }, { guard: 'pageFree', target: 'loading', reenter: true, actions: ['assignRange', WRITE_QUERY] }] as const;

/*
 * Each event is declared in the states where it can happen. While the merchant list loads
 * (loadingMerchants) or a house switch is under way (switchingDistributor), the app-wide spinner
 * covers the whole screen (both calls count for it), so no control of the header or the pages can
 * be worked there; and a modal dialog covers the page until it is closed (the guards below).
 */
/** The houses for the selector arrive once, as the section opens; a switch needs them (so never in switchingDistributor). */
const HOUSES_LOADED = { 'houseSwitch.housesLoaded': { actions: 'showHouses' } } as const;
/** The session's house changed on another screen (in switchingDistributor the switch under way decides the house). */
const HOUSE_SEEN = { 'intel.houseSeen': { actions: 'noteHouseSeen' } } as const;
/** No dialog opens while a switch is under way (the house is picked only with none open, and nothing there opens one). */
const DIALOG_CLOSED = { 'intel.dialogClosed': { guard: 'dialogOpen', actions: 'closeDialog' } } as const;
/** The header's House selector, where the spinner does not cover it. */
const HOUSE_PICKED = {
  'intel.distributorSelected': { guard: 'otherDistributor', target: '#intel.switchingDistributor', actions: ['clearForSwitch', 'requestSwitch', WRITE_QUERY] },
} as const;
/** The page's controls that show without rows: the list's search, the line chart's months, scale and tables. */
const VIEW_CONTROLS = {
  'intel.searchApplied': { guard: 'pageFree', actions: ['applySearch', WRITE_QUERY] },
  'intel.monthsChanged': { guard: 'lineChartOpened', actions: ['setMonths', WRITE_QUERY] },
  'intel.scaleToggled': { guard: 'lineChartOpened', actions: 'toggleScale' },
  'intel.chartTablesToggled': { guard: 'lineChartOpened', actions: 'toggleChartTables' },
} as const;
/** The controls on the rows (the list's sort and pages, a graph card's Show More, a detail page's search and Reveal): only where batches load or have loaded. */
const ROW_CONTROLS = {
  'intel.sortChanged': { guard: 'rowsShown', actions: ['sortBy', WRITE_QUERY] },
  'intel.pageChanged': { guard: 'rowsShown', actions: ['setPage', WRITE_QUERY] },
  'intel.detailSearchApplied': { guard: 'rowsShown', actions: 'applyDetailSearch' },
  'intel.revealToggled': { guard: 'rowsShown', actions: 'toggleReveal' },
  'intel.showMoreToggled': { guard: 'rowsShown', actions: 'toggleShowMore' },
} as const;
/** What applies wherever the header and the pages can be worked. */
const WORKED = { ...HOUSES_LOADED, ...HOUSE_SEEN, ...DIALOG_CLOSED, ...HOUSE_PICKED, ...VIEW_CONTROLS } as const;
/** Without batches (no merchants, or their list failed): the range is kept for the next load. */
const RANGE_KEPT = { 'intel.rangeChanged': [{ guard: 'rangeRejected', actions: 'rejectRange' }, { guard: 'pageFree', actions: 'setRange' }] } as const;
const reloadForMonths = { guard: 'monthsMissing', target: 'loading', reenter: true, actions: ['notePath', 'visitPlace', 'reloadWithMonths', WRITE_QUERY] } as const;

/** What a visit to `path` changes (null: the page on screen already). */
function visited(context: IntelContext, path: string): Partial<IntelContext> | null {
  const lastUrl = intelPath(path);
  if (lastUrl === context.lastUrl) return null;
  // Another view type keeps the search but starts at page 1 (page sizes differ), unless its link names a page;
  // a detail page and back keeps the page.
  const detail = (url: string) => url.startsWith('/intel/detail/');
  const page = readIntelQuery(context.query).page ?? (detail(lastUrl) || detail(context.lastUrl) ? context.page : 1);
  return { lastUrl, page, revealed: null, detailSearch: '', monthly: context.monthly || lastUrl === LINE_CHART_URL };
}

/** The merchant a detail page shows, once its batch has arrived with data. */
function detailMerchant(context: IntelContext) {
  const place = intelPlace(context.path);
  if (place.kind !== 'detail') return null;
  const row = context.rows.find((m) => m.id === place.merchantId);
  return row && !row.noData ? row : null;
}

/** Tells the machine each time the session's house changes (Intel is kept; another screen may switch it). */
const watchHouse = fromCallback<AnyEventObject>(({ system, sendBack }) => {
  const auth = system.get('auth') as AnyActorRef | undefined;
  if (!auth) return undefined;
  const activeOf = (snapshot: unknown) => (snapshot as { context: { user: { activeDistributor: ActiveDistributor | null } | null } }).context.user?.activeDistributor ?? null;
  let seen = activeOf(auth.getSnapshot())?.id;
  const subscription = auth.subscribe((snapshot) => {
    const active = activeOf(snapshot);
    if (active?.id === seen) return;
    seen = active?.id;
    sendBack({ type: 'intel.houseSeen', activeDistributor: active } satisfies IntelEvent);
  });
  return () => subscription.unsubscribe();
});

export const intelMachine = setup({
  types: {
    context: {} as IntelContext,
    events: {} as IntelEvent,
    input: {} as IntelInput,
  },
  actors: {
    loadMerchants: fromObservableWithOutput<Merchant[]>(() => merchantService.merchants()),
    houseSwitch: houseSwitchMachine,
    watchHouse,
    intelItems: intelItemsMachine,
    // Each batch's answer arrives as an event; stopping the actor (new range, new house, leaving
    // Intel) unsubscribes, which aborts the request in flight and sends no further batch.
    loadBatches: fromEventObservable(({ input }: { input: BatchInput }) =>
      intelService
        .batches(input.range, input.merchants, { indexes: input.indexes, alreadyLoaded: input.alreadyLoaded, monthly: input.monthly })
        .pipe(
          map((e): IntelEvent =>
            e.type === 'loaded'
              ? { type: 'intel.batchLoaded', index: e.index, merchants: e.merchants, loaded: e.loaded }
              : { type: 'intel.batchFailed', index: e.index, loaded: e.loaded },
          ),
        ),
    ),
  },
  guards: {
    // A modal dialog (its overlay and focus trap) covers the page: none of its controls can be worked until it is closed.
    pageFree: ({ context }) => context.dialog === null,
    dialogOpen: ({ context }) => context.dialog !== null,
    /** Rows are on screen: the list's table and pages, the graph's cards, a detail page (its merchant's row). */
    rowsShown: ({ context }) => context.dialog === null && context.rows.length > 0,
    /** The line chart's controls (months, scale, tables) are on the line chart only: it has been open (the rows carry its months). */
    lineChartOpened: ({ context }) => context.dialog === null && context.monthly,
    rangeRejected: ({ context, event }) => context.dialog === null && event.type === 'intel.rangeChanged' && (rangeTooLong(event.range) || rangeReversed(event.range)),
    noMerchants: (_, params: { merchants: Merchant[] }) => params.merchants.length === 0,
    someFailed: ({ context }) => context.failed.length > 0,
    /** The line chart opens on rows loaded without their months: they must be loaded again, with them. */
    monthsMissing: ({ context, event }) => event.type === 'route.changed' && event.place.pathname === LINE_CHART_URL && !context.monthly,
    houseStale: ({ context }) => context.staleHouse !== null,
    otherDistributor: ({ context, event }) =>
      context.dialog === null && event.type === 'intel.distributorSelected' && isOtherHouse(context.activeDistributor, event.distributorId),
  },
  actions: {
    rejectRange: assign(({ event }) =>
      event.type === 'intel.rangeChanged' && rangeTooLong(event.range) ? { dialog: RANGE_TOO_LONG_MESSAGE } : {},
    ),
    assignRange: assign(({ context, event }) => (event.type === 'intel.rangeChanged' ? { range: event.range, ...restart(context.merchants) } : {})),
    addBatch: assign(({ context, event }) =>
      event.type === 'intel.batchLoaded' ? { rows: [...context.rows, ...event.merchants], loaded: event.loaded, done: [...context.done, event.index] } : {},
    ),
    noteFailure: assign(({ context, event }) =>
      event.type === 'intel.batchFailed' ? { failed: [...context.failed, event.index], loaded: event.loaded } : {},
    ),
    /** The stream itself broke (not one batch): every batch that has not answered counts as failed. */
    failUnanswered: assign(({ context }) => ({ failed: context.pending.filter((i) => !context.done.includes(i)) })),
    retryFailed: assign(({ context }) => ({ pending: context.failed, failed: [] })),
    clearForSwitch: assign({ merchants: [], ...restart([]) }),
    requestSwitch: sendTo('houseSwitch', ({ event }) => ({
      type: 'houseSwitch.requested' as const,
      distributorId: event.type === 'intel.distributorSelected' ? event.distributorId : 0,
    })),
    /** A place within the section: what its link says of the search, sort, page and months wins; what it leaves out stays (writeQuery puts it in the address bar). */
    notePath: assign(({ event }) =>
      event.type === 'route.changed' ? { path: event.place.pathname, onScreen: true, query: event.place.search, ...readIntelQuery(event.place.search) } : {}),
    /** The address bar of a view says its search, sort, page and months (a link to it shows the same rows). */
    writeQuery: enqueueActions(({ enqueue, system }, params: { path: string; search: string; query: IntelQuery }) => {
      if (intelPlace(params.path).kind !== 'view') return;
      const wanted = intelQueryString(params.query);
      if (wanted === intelQueryString({ ...DEFAULT_INTEL_QUERY, ...readIntelQuery(params.search) })) return;
      const router = system.get('router') as AnyActorRef | undefined;
      if (router) enqueue.sendTo(router, { type: 'route.go', to: `${params.path}${wanted}`, replace: true } satisfies RouteGoEvent);
    }),
    noteLeft: assign({ onScreen: false }),
    /** A view, or a detail page whose merchant is there: it becomes the page /intel comes back to, for the session too. */
    visitPlace: enqueueActions(({ context, enqueue, system }) => {
      const place = intelPlace(context.path);
      if (place.kind !== 'view' && !detailMerchant(context)) return;
      const changes = visited(context, context.path);
      if (!changes) return;
      enqueue.assign(changes);
      const session = system.get('session') as AnyActorRef | undefined;
      if (session) enqueue.sendTo(session, { type: 'session.pageVisited', section: 'intel', url: changes.lastUrl });
    }),
    /** A detail page's merchant and range have their items child (`items`); another merchant or range starts a new one. */
    syncItems: enqueueActions(({ context, enqueue }) => {
      const merchant = detailMerchant(context);
      const key = merchant ? itemsKeyOf(merchant.id, context.range) : null;
      if (key === context.itemsKey) return;
      if (context.itemsKey) enqueue.stopChild('items');
      if (merchant) enqueue.spawnChild('intelItems', { id: 'items', input: { merchant: { id: merchant.id, merchant: merchant.merchant }, range: context.range } });
      enqueue.assign({ itemsKey: key });
    }),
    /** /intel goes to the last page viewed; an unknown tab to the list; a detail page without its merchant, once settled, to /intel. */
    redirect: enqueueActions(({ context, enqueue, system }, params: { settled: boolean; onRoute: boolean }) => {
      const place = intelPlace(context.path);
      let to: string | null = null;
      if (place.kind === 'index') to = context.lastUrl;
      else if (place.kind === 'unknownTab') to = DEFAULT_INTEL_URL;
      else if (place.kind === 'detail' && params.settled && !detailMerchant(context))
        // /intel is the last page viewed, unless that is this very merchant's page (after a house or range change): then the list.
        to = context.lastUrl.startsWith(`/intel/detail/${place.merchantId}/`) ? DEFAULT_INTEL_URL : context.lastUrl;
      const router = system.get('router') as AnyActorRef | undefined;
      // A kept section goes on loading after the user left it: what it decides then must not take them away.
      if (to && router && (params.onRoute || context.onScreen)) enqueue.sendTo(router, { type: 'route.go', to, replace: true } satisfies RouteGoEvent);
    }),
    noteHouseSeen: assign(({ context, event }) =>
      event.type === 'intel.houseSeen' && event.activeDistributor && isOtherHouse(context.activeDistributor, event.activeDistributor.id)
        ? { staleHouse: event.activeDistributor }
        : {},
    ),
    adoptStaleHouse: assign(({ context }) => ({ activeDistributor: context.staleHouse, staleHouse: null })),
    /** Rows with their months, from the first batch again (the line chart's page is kept). */
    reloadWithMonths: assign(({ context }) => ({ ...restart(context.merchants), page: context.page })),
    showHouses: assign(({ event }) => (event.type === 'houseSwitch.housesLoaded' ? { houses: event.houses, activeDistributor: event.active } : {})),
    switched: assign(({ event }) => (event.type === 'houseSwitch.switched' ? { activeDistributor: event.activeDistributor, staleHouse: null } : {})),
    /** The range for the next load (nothing is loading now). */
    setRange: assign(({ event }) => (event.type === 'intel.rangeChanged' ? { range: event.range } : {})),
    closeDialog: assign({ dialog: null }),
    applySearch: assign(({ event }) => (event.type === 'intel.searchApplied' ? { search: event.search, page: 1 } : {})),
    sortBy: assign(({ context, event }) => (event.type === 'intel.sortChanged' ? { sort: nextSort(context.sort, event.column), page: 1 } : {})),
    setPage: assign(({ event }) => (event.type === 'intel.pageChanged' ? { page: Math.max(1, event.page) } : {})),
    applyDetailSearch: assign(({ event }) => (event.type === 'intel.detailSearchApplied' ? { detailSearch: event.search, revealed: null } : {})),
    toggleReveal: assign(({ context, event }) => (event.type === 'intel.revealToggled' ? { revealed: context.revealed === event.key ? null : event.key } : {})),
    toggleShowMore: assign(({ context, event }) => {
      if (event.type !== 'intel.showMoreToggled') return {};
      const id = event.merchantId;
      return { expanded: context.expanded.includes(id) ? context.expanded.filter((x) => x !== id) : [...context.expanded, id] };
    }),
    setMonths: assign(({ event }) => (event.type === 'intel.monthsChanged' ? { months: event.months } : {})),
    toggleScale: assign(({ context }) => ({ logScale: !context.logScale })),
    toggleChartTables: assign(({ context }) => ({ chartTables: !context.chartTables })),
    clearMerchants: assign({ merchants: [] }),
    /** The merchant list arrived: every batch of it is to load. */
    // The page stays: a range or house change has already gone back to page 1, a shared link's page is kept.
    startBatches: assign(({ context }, merchants: Merchant[]) => ({ merchants, ...restart(merchants), page: context.page })),
    sayMerchantsFailed: assign({ dialog: MERCHANTS_FAILED_MESSAGE }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what)({ event: { error: params.error } }),
  },
}).createMachine({
  id: 'intel',
  context: ({ input }) => {
    const lastUrl = intelPath(input.lastUrl ?? DEFAULT_INTEL_URL);
    return {
      range: previousMonth(input.today ?? todayIso()),
      merchants: [],
      rows: [],
      loaded: 0,
      pending: [],
      done: [],
      failed: [],
      houses: [],
      activeDistributor: input.activeDistributor,
      dialog: null,
      lastUrl,
      path: input.path ?? '',
      onScreen: true,
      query: input.query ?? '',
      itemsKey: null,
      staleHouse: null,
      monthly: lastUrl === LINE_CHART_URL,
      // A shared link's search, sort, page and months (src/model/intel-query.ts).
      ...DEFAULT_INTEL_QUERY,
      ...readIntelQuery(input.query ?? ''),
      detailSearch: '',
      revealed: null,
      expanded: [],
      logScale: true,
      chartTables: false,
    };
  },
  // For the whole life of the section: the houses for the selector, and switching; the session's house.
  invoke: [
    { id: 'houseSwitch', src: 'houseSwitch', input: ({ context }) => ({ activeDistributor: context.activeDistributor }) },
    { id: 'watchHouse', src: 'watchHouse' },
  ],
  // The page the section was opened on (the root tells later ones as route.changed).
  entry: ['visitPlace', 'syncItems', { type: 'redirect', params: { settled: false, onRoute: true } }],
  // The route, in every state: the browser's Back and Forward work even where the spinner covers the screen.
  on: {
    'route.changed': [HOUSE_CHANGED, ROUTE(false)],
    'route.left': { actions: 'noteLeft' },
  },
  initial: 'loadingMerchants',
  states: {
    loadingMerchants: {
      entry: 'syncItems',
      on: { ...HOUSES_LOADED, ...HOUSE_SEEN, ...DIALOG_CLOSED },
      invoke: {
        id: 'loadMerchants',
        src: 'loadMerchants',
        onDone: [
          // Spec §5: intel loads only when the merchant list is not empty.
          { guard: { type: 'noMerchants', params: ({ event }) => ({ merchants: event.output }) }, target: 'noMerchants', actions: 'clearMerchants' },
          { target: 'loading', actions: { type: 'startBatches', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'merchantsFailed',
          actions: ['sayMerchantsFailed', { type: 'logFailure', params: ({ event }) => ({ what: 'Loading merchants', error: event.error }) }],
        },
      },
    },
    /** '{n}/{total} Merchants Loaded'; each batch shows as it arrives. */
    loading: {
      // A new range or house leaves a detail page without its merchant until its batch is back.
      entry: 'syncItems',
      invoke: {
        id: 'loadBatches',
        src: 'loadBatches',
        input: ({ context }) => ({ range: context.range, merchants: context.merchants, indexes: context.pending, alreadyLoaded: context.loaded, monthly: context.monthly }),
        onDone: [{ guard: 'someFailed', target: 'partial' }, { target: 'complete' }],
        onError: { target: 'partial', actions: ['failUnanswered', { type: 'logFailure', params: ({ event }) => ({ what: 'Loading intel', error: event.error }) }] },
      },
      on: {
        ...WORKED,
        ...ROW_CONTROLS,
        // A detail page's merchant may be in this batch.
        'intel.batchLoaded': { actions: ['addBatch', 'visitPlace', 'syncItems'] },
        'intel.batchFailed': { actions: 'noteFailure' },
        'intel.rangeChanged': reloadForRange,
        'route.changed': [HOUSE_CHANGED, reloadForMonths],
      },
    },
    complete: {
      entry: SETTLED,
      on: { ...WORKED, ...ROW_CONTROLS, 'intel.rangeChanged': reloadForRange, 'route.changed': [HOUSE_CHANGED, reloadForMonths, ROUTE(true)] },
    },
    /** Some batches failed: the others stay on screen, and 'Retry' loads only the failed ones. */
    partial: {
      entry: SETTLED,
      on: {
        ...WORKED,
        ...ROW_CONTROLS,
        'intel.retry': { guard: 'pageFree', target: 'loading', actions: 'retryFailed' },
        'intel.rangeChanged': reloadForRange,
        'route.changed': [HOUSE_CHANGED, reloadForMonths, ROUTE(true)],
      },
    },
    /** 'No Data Found': the house has no merchant this user sees. */
    noMerchants: {
      entry: SETTLED,
      on: { ...WORKED, ...RANGE_KEPT, 'route.changed': [HOUSE_CHANGED, ROUTE(true)] },
    },
    /** Its dialog says why; once closed, the page has no rows ('No Data Found'), as with no merchants. */
    merchantsFailed: {
      entry: SETTLED,
      on: { ...WORKED, ...RANGE_KEPT, 'route.changed': [HOUSE_CHANGED, ROUTE(true)] },
    },
    /** Merchants reload only after the server has made the new house active (as on the dashboard). */
    switchingDistributor: {
      entry: 'syncItems',
      on: {
        // The switch under way decides the house (the session's change it makes is not noted as one made elsewhere).
        'route.changed': ROUTE(false),
        'houseSwitch.switched': { target: 'loadingMerchants', actions: 'switched' },
        // The old house stays active; its merchants come back.
        'houseSwitch.kept': 'loadingMerchants',
        // One switch at a time: the House selector is disabled (and covered) until it has ended.
      },
    },
  },
});
