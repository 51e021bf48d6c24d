import { assign, fromEventObservable, sendTo, setup } from 'xstate';
import { map } from 'rxjs';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { logFailure } from '../log-failure.ts';
import { MERCHANTS_FAILED_MESSAGE, RANGE_TOO_LONG_MESSAGE, type Merchant } from '../../model/dashboard.ts';
import { previousMonth, rangeReversed, rangeTooLong, todayIso } from '../../model/date-range.ts';
import { DEFAULT_INTEL_URL, DEFAULT_SORT, intelPath, nextSort } from '../../model/intel-rules.ts';
import { intelService } from '../../services/intel-service.ts';
import { sendToSession } from '../shell/system-actors.ts';
import { merchantService } from '../../services/merchant-service.ts';
import { houseSwitchMachine, isOtherHouse } from '../house-switch/house-switch.ts';
import { LINE_CHART_URL, restart, type BatchInput, type IntelContext, type IntelEvent, type IntelInput } from './intel-context.ts';

/** Intel (analytics spec §2 Intel, §4, §5, §9): every merchant of the house, loaded in batches of 250. */

// After the visit is assigned, the session keeps the page for the menu entry and a reload.
const REMEMBER_URL = { type: 'rememberUrl', params: ({ context }: { context: IntelContext }) => ({ url: context.lastUrl }) } as const;

// Where batches load or have loaded: a new range starts over (re-entering stops the stream, so
// the batch in flight is aborted); the line chart opened on rows without their months reloads them.
const reloadForRange = [{ guard: 'rangeRejected', actions: 'rejectRange' }, { target: 'loading', reenter: true, actions: 'assignRange' }] as const;
const reloadForMonths = { guard: 'monthsMissing', target: 'loading', reenter: true, actions: ['visit', REMEMBER_URL, 'reloadWithMonths'] } as const;

export const intelMachine = setup({
  types: {
    context: {} as IntelContext,
    events: {} as IntelEvent,
    input: {} as IntelInput,
  },
  actors: {
    loadMerchants: fromObservableWithOutput<Merchant[]>(() => merchantService.merchants()),
    houseSwitch: houseSwitchMachine,
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
    rangeRejected: ({ event }) => event.type === 'intel.rangeChanged' && (rangeTooLong(event.range) || rangeReversed(event.range)),
    noMerchants: (_, params: { merchants: Merchant[] }) => params.merchants.length === 0,
    someFailed: ({ context }) => context.failed.length > 0,
    /** The line chart opens on rows loaded without their months: they must be loaded again, with them. */
    monthsMissing: ({ context, event }) => event.type === 'intel.visited' && intelPath(event.path) === LINE_CHART_URL && !context.monthly,
    otherDistributor: ({ context, event }) =>
      event.type === 'intel.distributorSelected' && isOtherHouse(context.activeDistributor, event.distributorId),
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
    rememberUrl: sendToSession((params: { url: string }) => ({ type: 'session.pageVisited', section: 'intel', url: params.url }))(),
    visit: assign(({ context, event }) => {
      if (event.type !== 'intel.visited') return {};
      const lastUrl = intelPath(event.path);
      if (lastUrl === context.lastUrl) return {};
      // Another view type keeps the search but starts at page 1 (page sizes differ); a detail page and back keeps the page.
      const detail = (url: string) => url.startsWith('/intel/detail/');
      const page = detail(lastUrl) || detail(context.lastUrl) ? context.page : 1;
      return { lastUrl, page, revealed: null, detailSearch: '', monthly: context.monthly || lastUrl === LINE_CHART_URL };
    }),
    /** Rows with their months, from the first batch again (the line chart's page is kept). */
    reloadWithMonths: assign(({ context }) => ({ ...restart(context.merchants), page: context.page })),
    showHouses: assign(({ event }) => (event.type === 'houseSwitch.housesLoaded' ? { houses: event.houses, activeDistributor: event.active } : {})),
    switched: assign(({ event }) => (event.type === 'houseSwitch.switched' ? { activeDistributor: event.activeDistributor } : {})),
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
    startBatches: assign((_, merchants: Merchant[]) => ({ merchants, ...restart(merchants) })),
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
      monthly: lastUrl === LINE_CHART_URL,
      search: '',
      sort: DEFAULT_SORT,
      page: 1,
      detailSearch: '',
      revealed: null,
      expanded: [],
      months: 3,
      logScale: true,
      chartTables: false,
    };
  },
  // For the whole life of the screen: the houses for the selector, and switching.
  invoke: { id: 'houseSwitch', src: 'houseSwitch', input: ({ context }) => ({ activeDistributor: context.activeDistributor }) },
  // What the pages show changes nothing in the loading: these apply in every state.
  on: {
    // From every state but switchingDistributor, which refuses it.
    'intel.distributorSelected': { guard: 'otherDistributor', target: '.switchingDistributor', actions: ['clearForSwitch', 'requestSwitch'] },
    'houseSwitch.housesLoaded': { actions: 'showHouses' },
    'intel.rangeChanged': [{ guard: 'rangeRejected', actions: 'rejectRange' }, { actions: 'setRange' }],
    'intel.dialogClosed': { actions: 'closeDialog' },
    'intel.searchApplied': { actions: 'applySearch' },
    'intel.sortChanged': { actions: 'sortBy' },
    'intel.pageChanged': { actions: 'setPage' },
    'intel.visited': { actions: ['visit', REMEMBER_URL] },
    'intel.detailSearchApplied': { actions: 'applyDetailSearch' },
    'intel.revealToggled': { actions: 'toggleReveal' },
    'intel.showMoreToggled': { actions: 'toggleShowMore' },
    'intel.monthsChanged': { actions: 'setMonths' },
    'intel.scaleToggled': { actions: 'toggleScale' },
    'intel.chartTablesToggled': { actions: 'toggleChartTables' },
  },
  initial: 'loadingMerchants',
  states: {
    loadingMerchants: {
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
      invoke: {
        id: 'loadBatches',
        src: 'loadBatches',
        input: ({ context }) => ({ range: context.range, merchants: context.merchants, indexes: context.pending, alreadyLoaded: context.loaded, monthly: context.monthly }),
        onDone: [{ guard: 'someFailed', target: 'partial' }, { target: 'complete' }],
        onError: { target: 'partial', actions: ['failUnanswered', { type: 'logFailure', params: ({ event }) => ({ what: 'Loading intel', error: event.error }) }] },
      },
      on: {
        'intel.batchLoaded': { actions: 'addBatch' },
        'intel.batchFailed': { actions: 'noteFailure' },
        'intel.rangeChanged': reloadForRange,
        'intel.visited': reloadForMonths,
      },
    },
    complete: {
      on: { 'intel.rangeChanged': reloadForRange, 'intel.visited': reloadForMonths },
    },
    /** Some batches failed: the others stay on screen, and 'Retry' loads only the failed ones. */
    partial: {
      on: {
        'intel.retry': { target: 'loading', actions: 'retryFailed' },
        'intel.rangeChanged': reloadForRange,
        'intel.visited': reloadForMonths,
      },
    },
    /** 'No Data Found': the house has no merchant this user sees. */
    noMerchants: {},
    merchantsFailed: {},
    /** Merchants reload only after the server has made the new house active (as on the dashboard). */
    switchingDistributor: {
      on: {
        'houseSwitch.switched': { target: 'loadingMerchants', actions: 'switched' },
        // The old house stays active; its merchants come back.
        'houseSwitch.kept': 'loadingMerchants',
        // One switch at a time.
        'intel.distributorSelected': {},
      },
    },
  },
});
