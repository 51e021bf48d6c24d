import { assign, enqueueActions, fromEventObservable, setup, type ActorRefFrom } from 'xstate';
import {
  DEFAULT_SORT, sortChecks, visibleChecks, type BulkPayload, type CheckSort, type CheckSortColumn, type QuarterOption,
  type CheckSummary, type RoutingFilter,
} from '../../model/payments.ts';
import { paymentsService, type TransferEvent } from '../../services/payments-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { checkDetailsMachine, SERVER_ERROR } from './check-details.ts';

/**
 * /paymentinformation/list (accounts spec §2.7, §5, §9): the quarter's checks, filtered, searched,
 * sorted and selected; the Pay / No Pay Summary, and the bulk Download (ZIP) and Print (PDF) of the
 * selection's vouchers and/or details, each a download stream whose progress arrives as events.
 * The details and voucher panel of a row is its child (a check-details machine, for the quarter
 * shown), from opening to closing.
 */

export { SERVER_ERROR };
export const NO_CHECKS = 'No Checks For This Quarter';

export type TransferKind = 'export' | 'print' | 'summary';

export interface CheckListInput {
  distributorId: number | null;
  distributorPlatformId: string | null;
  /** The house's name: the summary's file name. */
  relationship: string;
}

export interface CheckListContext extends CheckListInput {
  quarters: QuarterOption[];
  timeframe: string | null;
  checks: CheckSummary[];
  routing: RoutingFilter;
  search: string;
  sort: CheckSort;
  /** Selected checks by merchant id. */
  selected: number[];
  vouchers: boolean;
  details: boolean;
  transfer: { kind: TransferKind; loaded: number; total: number | null } | null;
  error: string | null;
  /** A failed download or print, said until the next one. */
  notice: string | null;
  /** The check whose details and voucher panel is open, by merchant id. */
  panel: number | null;
  /** The open panel's machine: that check in the quarter shown. */
  panelDetails: ActorRefFrom<typeof checkDetailsMachine> | null;
}

export type CheckListEvent =
  | { type: 'checks.quarterChanged'; timeframe: string }
  | { type: 'checks.routingChanged'; routing: RoutingFilter }
  | { type: 'checks.searchChanged'; search: string }
  | { type: 'checks.sortChanged'; column: CheckSortColumn }
  | { type: 'checks.rowToggled'; merchantId: number }
  | { type: 'checks.allToggled' }
  | { type: 'checks.selectionCleared' }
  | { type: 'checks.vouchersToggled' }
  | { type: 'checks.detailsToggled' }
  | { type: 'checks.download' }
  | { type: 'checks.print' }
  | { type: 'checks.summary' }
  | { type: 'checks.panelOpened'; merchantId: number }
  | { type: 'checks.panelClosed' }
  | TransferEvent;

type TransferInput = { kind: TransferKind; payload: BulkPayload; relationship: string };

/** The rows on screen now (the select-all works on these). */
export const shownChecks = (c: CheckListContext): CheckSummary[] => visibleChecks(c.checks, c.routing, c.search, c.sort);

/** Download and Print need a selected check and Vouchers or Details on (spec §9). */
export const mayBulk = (c: Pick<CheckListContext, 'selected' | 'vouchers' | 'details'>): boolean => c.selected.length > 0 && (c.vouchers || c.details);

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : SERVER_ERROR);

export const checkListMachine = setup({
  types: { context: {} as CheckListContext, events: {} as CheckListEvent, input: {} as CheckListInput },
  actors: {
    loadQuarters: fromObservableWithOutput<QuarterOption[]>(() => paymentsService.payPeriods()),
    loadChecks: fromObservableWithOutput<CheckSummary[], { timeframe: string; distributorId: number | null; distributorPlatformId: string | null }>((input) =>
      paymentsService.checks({ ...input, merchantIds: [] })),
    transfer: fromEventObservable<TransferEvent, TransferInput>(({ input }) =>
      input.kind === 'summary'
        ? paymentsService.payNoPay({ timeframe: input.payload.timeframe, distributorId: input.payload.distributorId, merchantIds: [] }, input.relationship)
        : input.kind === 'print' ? paymentsService.bulkPrint(input.payload) : paymentsService.bulkExport(input.payload)),
    panel: checkDetailsMachine,
  },
  guards: {
    canBulk: ({ context }) => mayBulk(context),
    listed: ({ context, event }) => event.type === 'checks.panelOpened' && context.checks.some((c) => c.merchantid === event.merchantId),
  },
  actions: {
    setRouting: assign(({ event }) => (event.type === 'checks.routingChanged' ? { routing: event.routing } : {})),
    setSearch: assign(({ event }) => (event.type === 'checks.searchChanged' ? { search: event.search } : {})),
    sortBy: assign(({ context, event }) =>
      (event.type === 'checks.sortChanged' ? { sort: { column: event.column, descending: context.sort.column === event.column ? !context.sort.descending : false } } : {})),
    toggleRow: assign(({ context, event }) => {
      if (event.type !== 'checks.rowToggled') return {};
      const id = event.merchantId;
      return { selected: context.selected.includes(id) ? context.selected.filter((x) => x !== id) : [...context.selected, id] };
    }),
    // Select-all selects the rows on screen; with all of them selected already, it clears them.
    toggleAll: assign(({ context }) => {
      const shown = shownChecks(context).map((c) => c.merchantid);
      const all = shown.length > 0 && shown.every((id) => context.selected.includes(id));
      return { selected: all ? context.selected.filter((id) => !shown.includes(id)) : [...new Set([...context.selected, ...shown])] };
    }),
    clearSelection: assign({ selected: [] }),
    toggleVouchers: assign(({ context }) => ({ vouchers: !context.vouchers })),
    toggleDetails: assign(({ context }) => ({ details: !context.details })),
    openPanel: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'checks.panelOpened') return;
      if (context.panelDetails) enqueue.stopChild(context.panelDetails);
      enqueue.assign({
        panel: event.merchantId,
        panelDetails: ({ spawn }) =>
          spawn('panel', { id: `panel:${event.merchantId}`, input: { merchantId: event.merchantId, timeframe: context.timeframe, distributorId: context.distributorId } }),
      });
    }),
    closePanel: enqueueActions(({ context, enqueue }) => {
      if (context.panelDetails) enqueue.stopChild(context.panelDetails);
      enqueue.assign({ panel: null, panelDetails: null });
    }),
    // Another quarter closes the panel.
    changeQuarter: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'checks.quarterChanged') return;
      if (context.panelDetails) enqueue.stopChild(context.panelDetails);
      enqueue.assign({ timeframe: event.timeframe, checks: [], selected: [], error: null, transfer: null, panel: null, panelDetails: null });
    }),
    /** The newest quarter is shown first. */
    showQuarters: assign((_, quarters: QuarterOption[]) => ({ quarters, timeframe: quarters[0]?.value ?? null })),
    showChecks: assign((_, checks: CheckSummary[]) => ({ checks })),
    sayServerError: assign({ error: SERVER_ERROR }),
    startTransfer: assign(({ event }) => ({
      transfer: { kind: (event.type === 'checks.summary' ? 'summary' : event.type === 'checks.print' ? 'print' : 'export') as TransferKind, loaded: 0, total: null },
      notice: null,
    })),
    progress: assign(({ context, event }) =>
      (event.type === 'transfer.progress' ? { transfer: context.transfer && { ...context.transfer, loaded: event.loaded, total: event.total } } : {})),
    endTransfer: assign({ transfer: null }),
    transferFailed: assign((_, params: { error: unknown }) => ({ transfer: null, notice: errorText(params.error) })),
  },
}).createMachine({
  id: 'checkList',
  context: ({ input }) => ({
    ...input, quarters: [], timeframe: null, checks: [], routing: 'All', search: '', sort: DEFAULT_SORT,
    selected: [], vouchers: true, details: false, transfer: null, error: null, notice: null, panel: null, panelDetails: null,
  }),
  initial: 'loadingQuarters',
  // Filters, selection and toggles change what is on screen in any state (they are only offered with rows).
  on: {
    'checks.routingChanged': { actions: 'setRouting' },
    'checks.searchChanged': { actions: 'setSearch' },
    'checks.sortChanged': { actions: 'sortBy' },
    'checks.rowToggled': { actions: 'toggleRow' },
    'checks.allToggled': { actions: 'toggleAll' },
    'checks.selectionCleared': { actions: 'clearSelection' },
    'checks.vouchersToggled': { actions: 'toggleVouchers' },
    'checks.detailsToggled': { actions: 'toggleDetails' },
    'checks.panelOpened': { guard: 'listed', actions: 'openPanel' },
    'checks.panelClosed': { actions: 'closePanel' },
    // A new quarter reloads (re-entering aborts the call in flight) and starts a new selection.
    'checks.quarterChanged': { target: '.loading', reenter: true, actions: 'changeQuarter' },
  },
  states: {
    loadingQuarters: {
      invoke: {
        id: 'loadQuarters',
        src: 'loadQuarters',
        onDone: { target: 'loading', actions: { type: 'showQuarters', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'sayServerError' },
      },
    },
    loading: {
      invoke: {
        id: 'loadChecks',
        src: 'loadChecks',
        input: ({ context }) => ({ timeframe: context.timeframe ?? '', distributorId: context.distributorId, distributorPlatformId: context.distributorPlatformId }),
        onDone: { target: 'ready', actions: { type: 'showChecks', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'sayServerError' },
      },
    },
    ready: {
      on: {
        'checks.download': { guard: 'canBulk', target: 'transferring', actions: 'startTransfer' },
        'checks.print': { guard: 'canBulk', target: 'transferring', actions: 'startTransfer' },
        'checks.summary': { target: 'transferring', actions: 'startTransfer' },
      },
    },
    transferring: {
      invoke: {
        id: 'transfer',
        src: 'transfer',
        input: ({ context }) => ({
          kind: context.transfer?.kind ?? 'export',
          relationship: context.relationship,
          payload: {
            timeframe: context.timeframe ?? '',
            distributorId: context.distributorId,
            // Every selected check (also those a search now hides), in the list's order.
            merchantIds: sortChecks(context.checks, context.sort).map((c) => c.merchantid).filter((id) => context.selected.includes(id)),
            getVouchers: context.vouchers,
            getCheckDetails: context.details,
            sortState: context.sort,
          },
        }),
        onError: { target: 'ready', actions: { type: 'transferFailed', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'transfer.progress': { actions: 'progress' },
        'transfer.delivered': { target: 'ready', actions: 'endTransfer' },
      },
    },
    failed: {},
  },
});
