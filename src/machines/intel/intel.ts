import { assign, fromEventObservable, sendTo, setup } from 'xstate';
import { map } from 'rxjs';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { logFailure } from '../log-failure.ts';
import { RANGE_TOO_LONG_MESSAGE, type Merchant } from '../../model/dashboard.ts';
import { previousMonth, rangeReversed, rangeTooLong, type DateRange } from '../../model/date-range.ts';
import type { House } from '../../model/distributor.ts';
import { batchesOf } from '../../services/intel-batches.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import { DEFAULT_SORT, intelPath, nextSort, type LineChartMonths, type Sort, type SortColumn } from '../../model/intel-rules.ts';
import type { ActiveDistributor } from '../../model/session-user.ts';
import { intelService } from '../../services/intel-service.ts';
import { intelLastUrl } from '../page-state/last-url.ts';
import { merchantService } from '../../services/merchant-service.ts';
import { houseSwitchMachine, isOtherHouse, type HouseSwitchReport } from '../house-switch/house-switch.ts';

/** Intel (analytics spec §2 Intel, §4, §5, §9): every merchant of the house, loaded in batches of 250. */

export const MERCHANTS_FAILED_MESSAGE = "We couldn't load the merchant list for this distributor. Please try refreshing the page.";

export interface IntelInput {
  today: string;
  activeDistributor: ActiveDistributor | null;
  /** The intel page last viewed (it outlives the screen). */
  lastUrl?: string;
}

export interface IntelContext {
  range: DateRange;
  merchants: Merchant[];
  /** Intel rows of the batches loaded so far, in the order they arrived. */
  rows: IntelMerchant[];
  /** Merchants of the list whose batch has answered (the progress text's n). */
  loaded: number;
  /** Batches (indexes) still to load: all at first, then the failed ones for a retry. */
  pending: number[];
  /** Batches (indexes) answered, and those that failed. */
  done: number[];
  failed: number[];
  houses: House[];
  activeDistributor: ActiveDistributor | null;
  dialog: string | null;
  lastUrl: string;
  /** The list's applied search (Search button or Enter), sort and page. */
  search: string;
  sort: Sort;
  page: number;
  /** Detail pages: their applied search (description or manufacturer) and the one revealed row (spec §4: one at a time). */
  detailSearch: string;
  revealed: string | null;
  /** Graph cards showing all their distributors. */
  expanded: number[];
  months: LineChartMonths;
  logScale: boolean;
  /** Charts shown as tables (their accessible fallback), for the whole section. */
  chartTables: boolean;
  /**
   * Whether the batches ask for the line chart's 12 months: only once the line chart has been
   * open, since they are most of a batch's bytes and of its work on the server.
   */
  monthly: boolean;
}

export type IntelEvent =
  | { type: 'intel.rangeChanged'; range: DateRange }
  | { type: 'intel.distributorSelected'; distributorId: number }
  | { type: 'intel.batchLoaded'; index: number; merchants: IntelMerchant[]; loaded: number }
  | { type: 'intel.batchFailed'; index: number; loaded: number }
  | { type: 'intel.retry' }
  | { type: 'intel.searchApplied'; search: string }
  | { type: 'intel.sortChanged'; column: SortColumn }
  | { type: 'intel.pageChanged'; page: number }
  | { type: 'intel.visited'; path: string }
  | { type: 'intel.detailSearchApplied'; search: string }
  | { type: 'intel.revealToggled'; key: string }
  | { type: 'intel.showMoreToggled'; merchantId: number }
  | { type: 'intel.monthsChanged'; months: LineChartMonths }
  | { type: 'intel.scaleToggled' }
  | { type: 'intel.chartTablesToggled' }
  | { type: 'intel.dialogClosed' }
  | HouseSwitchReport;

interface BatchInput {
  range: DateRange;
  merchants: Merchant[];
  indexes: number[];
  alreadyLoaded: number;
  monthly: boolean;
}

const LINE_CHART_URL = '/intel/linechart';

const allBatches = (merchants: readonly Merchant[]) => batchesOf(merchants).map((_, i) => i);
/** A fresh load of every batch: what a new range or a new merchant list starts. */
const restart = (merchants: Merchant[]) => ({ rows: [], loaded: 0, failed: [], done: [], pending: allBatches(merchants), revealed: null, page: 1 });

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
    rememberUrl: ({ context }) => intelLastUrl.set(context.lastUrl),
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
  },
}).createMachine({
  id: 'intel',
  context: ({ input }) => {
    const lastUrl = intelPath(input.lastUrl ?? intelLastUrl.get());
    return {
      range: previousMonth(input.today),
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
    'houseSwitch.housesLoaded': { actions: assign(({ event }) => ({ houses: event.houses, activeDistributor: event.active })) },
    'intel.rangeChanged': [{ guard: 'rangeRejected', actions: 'rejectRange' }, { actions: assign(({ event }) => ({ range: event.range })) }],
    'intel.dialogClosed': { actions: assign({ dialog: null }) },
    'intel.searchApplied': { actions: assign(({ event }) => ({ search: event.search, page: 1 })) },
    'intel.sortChanged': { actions: assign(({ context, event }) => ({ sort: nextSort(context.sort, event.column), page: 1 })) },
    'intel.pageChanged': { actions: assign(({ event }) => ({ page: Math.max(1, event.page) })) },
    'intel.visited': { actions: ['visit', 'rememberUrl'] },
    'intel.detailSearchApplied': { actions: assign(({ event }) => ({ detailSearch: event.search, revealed: null })) },
    'intel.revealToggled': { actions: assign(({ context, event }) => ({ revealed: context.revealed === event.key ? null : event.key })) },
    'intel.showMoreToggled': {
      actions: assign(({ context, event }) => ({
        expanded: context.expanded.includes(event.merchantId) ? context.expanded.filter((id) => id !== event.merchantId) : [...context.expanded, event.merchantId],
      })),
    },
    'intel.monthsChanged': { actions: assign(({ event }) => ({ months: event.months })) },
    'intel.scaleToggled': { actions: assign(({ context }) => ({ logScale: !context.logScale })) },
    'intel.chartTablesToggled': { actions: assign(({ context }) => ({ chartTables: !context.chartTables })) },
  },
  initial: 'loadingMerchants',
  states: {
    loadingMerchants: {
      invoke: {
        id: 'loadMerchants',
        src: 'loadMerchants',
        onDone: [
          // Spec §5: intel loads only when the merchant list is not empty.
          { guard: { type: 'noMerchants', params: ({ event }) => ({ merchants: event.output }) }, target: 'noMerchants', actions: assign({ merchants: [] }) },
          { target: 'loading', actions: assign(({ event }) => ({ merchants: event.output, ...restart(event.output) })) },
        ],
        onError: { target: 'merchantsFailed', actions: [assign({ dialog: MERCHANTS_FAILED_MESSAGE }), logFailure('Loading merchants')] },
      },
    },
    /** '{n}/{total} Merchants Loaded'; each batch shows as it arrives. */
    loading: {
      invoke: {
        id: 'loadBatches',
        src: 'loadBatches',
        input: ({ context }) => ({ range: context.range, merchants: context.merchants, indexes: context.pending, alreadyLoaded: context.loaded, monthly: context.monthly }),
        onDone: [{ guard: 'someFailed', target: 'partial' }, { target: 'complete' }],
        onError: { target: 'partial', actions: ['failUnanswered', logFailure('Loading intel')] },
      },
      on: {
        'intel.batchLoaded': { actions: 'addBatch' },
        'intel.batchFailed': { actions: 'noteFailure' },
        // Re-entering stops the stream: the batch in flight is aborted and the load starts over.
        'intel.rangeChanged': [{ guard: 'rangeRejected', actions: 'rejectRange' }, { target: 'loading', reenter: true, actions: 'assignRange' }],
        'intel.visited': { guard: 'monthsMissing', target: 'loading', reenter: true, actions: ['visit', 'rememberUrl', 'reloadWithMonths'] },
      },
    },
    complete: {
      on: {
        'intel.rangeChanged': [{ guard: 'rangeRejected', actions: 'rejectRange' }, { target: 'loading', actions: 'assignRange' }],
        'intel.visited': { guard: 'monthsMissing', target: 'loading', actions: ['visit', 'rememberUrl', 'reloadWithMonths'] },
      },
    },
    /** Some batches failed: the others stay on screen, and 'Retry' loads only the failed ones. */
    partial: {
      on: {
        'intel.retry': { target: 'loading', actions: 'retryFailed' },
        'intel.rangeChanged': [{ guard: 'rangeRejected', actions: 'rejectRange' }, { target: 'loading', actions: 'assignRange' }],
        'intel.visited': { guard: 'monthsMissing', target: 'loading', actions: ['visit', 'rememberUrl', 'reloadWithMonths'] },
      },
    },
    /** 'No Data Found': the house has no merchant this user sees. */
    noMerchants: {},
    merchantsFailed: {},
    /** Merchants reload only after the server has made the new house active (as on the dashboard). */
    switchingDistributor: {
      on: {
        'houseSwitch.switched': { target: 'loadingMerchants', actions: assign(({ event }) => ({ activeDistributor: event.activeDistributor })) },
        // The old house stays active; its merchants come back.
        'houseSwitch.kept': 'loadingMerchants',
        // One switch at a time.
        'intel.distributorSelected': {},
      },
    },
  },
});
