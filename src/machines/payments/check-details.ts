import { assign, fromEventObservable, setup } from 'xstate';
import { catchError, map, of } from 'rxjs';
import { nextCount } from '../../model/format.ts';
import { DONUT_STEP, hasCheck, type CheckAnswer, type QuarterOption, type RebateCheck } from '../../model/payments.ts';
import { paymentsService } from '../../services/payments-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

/**
 * One merchant's check (accounts spec §2.7, §4 check details load): the list's side panel and the
 * merchant check page. Loading, then success, nonexistent (an answer without sfid: 'No Check For
 * This Quarter') or failure ('Server Error', with Retry). The list sends no breakdowns,
 * so this call is what brings the donuts' and Export Data's breakdowns. In success the donuts grow
 * and shrink by 15 and the voucher opens in a modal from an object URL that lives as long as the
 * modal.
 */

export const SERVER_ERROR = 'Server Error';
export const NO_CHECK = 'No Check For This Quarter';
export const VOUCHER_FAILED = 'Failed to load the voucher.';

export type Donut = 'locations' | 'manufacturers';

export interface CheckDetailsInput {
  merchantId: number;
  /** The quarter to show first; null: the newest of the last 8 (the merchant page). */
  timeframe: string | null;
  distributorId: number | null;
}

export interface CheckDetailsContext extends CheckDetailsInput {
  quarters: QuarterOption[];
  check: RebateCheck | null;
  shown: Record<Donut, number>;
  voucherUrl: string | null;
  error: string | null;
}

export type CheckDetailsEvent =
  | { type: 'details.quarterChanged'; timeframe: string }
  | { type: 'details.more'; donut: Donut }
  | { type: 'details.less'; donut: Donut }
  | { type: 'details.retry' }
  | { type: 'voucher.open' }
  | { type: 'voucher.close' }
  | { type: 'voucher.ready'; url: string }
  | { type: 'voucher.failed' };

const SHOWN_AT_FIRST: Record<Donut, number> = { locations: DONUT_STEP, manufacturers: DONUT_STEP };
type CheckInput = { timeframe: string; merchantId: number; distributorId: number | null };

export const checkDetailsMachine = setup({
  types: { context: {} as CheckDetailsContext, events: {} as CheckDetailsEvent, input: {} as CheckDetailsInput },
  actors: {
    loadQuarters: fromObservableWithOutput<QuarterOption[]>(() => paymentsService.payPeriods()),
    loadCheck: fromObservableWithOutput((input: CheckInput) => paymentsService.check(input)),
    loadVoucher: fromEventObservable<CheckDetailsEvent, CheckInput>(({ input }) =>
      paymentsService.voucher(input).pipe(
        map(({ url }): CheckDetailsEvent => ({ type: 'voucher.ready', url })),
        catchError(() => of<CheckDetailsEvent>({ type: 'voucher.failed' })),
      )),
  },
  guards: {
    /** The answer has an sfid: there is a check this quarter. */
    hasCheck: (_, answer: CheckAnswer) => hasCheck(answer),
  },
  actions: {
    resize: assign({
      shown: ({ context, event }) => {
        if (event.type !== 'details.more' && event.type !== 'details.less') return context.shown;
        const total = event.donut === 'locations' ? context.check?.toMerchantsCheckBreakdown.length : context.check?.fromManufacturersCheckBreakdown.length;
        return { ...context.shown, [event.donut]: nextCount(context.shown[event.donut], DONUT_STEP, total ?? 0, event.type === 'details.more' ? 'more' : 'less') };
      },
    }),
    changeQuarter: assign(({ event }) =>
      (event.type === 'details.quarterChanged' ? { timeframe: event.timeframe, check: null, error: null, voucherUrl: null, shown: SHOWN_AT_FIRST } : {})),
    // The side panel keeps the list's quarter; the merchant page starts with the newest.
    showQuarters: assign(({ context }, quarters: QuarterOption[]) => ({ quarters, timeframe: context.timeframe ?? quarters[0]?.value ?? null })),
    showCheck: assign((_, answer: CheckAnswer) => ({ check: hasCheck(answer) ? answer : null })),
    sayNoCheck: assign({ error: NO_CHECK }),
    sayServerError: assign({ error: SERVER_ERROR }),
    forgetError: assign({ error: null }),
    showVoucher: assign(({ event }) => (event.type === 'voucher.ready' ? { voucherUrl: event.url } : {})),
    sayVoucherFailed: assign({ voucherUrl: null, error: VOUCHER_FAILED }),
    closeVoucher: assign({ voucherUrl: null }),
  },
}).createMachine({
  id: 'checkDetails',
  context: ({ input }) => ({ ...input, quarters: [], check: null, shown: SHOWN_AT_FIRST, voucherUrl: null, error: null }),
  initial: 'loadingQuarters',
  on: {
    // The donuts' lists grow and shrink whatever else happens (they are only offered with a check).
    'details.more': { actions: 'resize' },
    'details.less': { actions: 'resize' },
    'details.quarterChanged': { target: '.loading', reenter: true, actions: 'changeQuarter' },
  },
  states: {
    loadingQuarters: {
      invoke: {
        id: 'loadQuarters',
        src: 'loadQuarters',
        onDone: { target: 'loading', actions: { type: 'showQuarters', params: ({ event }) => event.output } },
        onError: { target: 'failure', actions: 'sayServerError' },
      },
    },
    loading: {
      invoke: {
        id: 'loadCheck',
        src: 'loadCheck',
        input: ({ context }) => ({ timeframe: context.timeframe ?? '', merchantId: context.merchantId, distributorId: context.distributorId }),
        onDone: [
          { guard: { type: 'hasCheck', params: ({ event }) => event.output }, target: 'success', actions: { type: 'showCheck', params: ({ event }) => event.output } },
          { target: 'nonexistent', actions: 'sayNoCheck' },
        ],
        onError: { target: 'failure', actions: 'sayServerError' },
      },
    },
    success: { on: { 'voucher.open': { target: 'voucher', actions: 'forgetError' } } },
    voucher: {
      // The load keeps the object URL alive; closing the modal ends it and revokes the URL.
      invoke: {
        id: 'loadVoucher',
        src: 'loadVoucher',
        input: ({ context }) => ({ timeframe: context.timeframe ?? '', merchantId: context.merchantId, distributorId: context.distributorId }),
      },
      on: {
        'voucher.ready': { actions: 'showVoucher' },
        'voucher.failed': { target: 'success', actions: 'sayVoucherFailed' },
        'voucher.close': { target: 'success', actions: 'closeVoucher' },
      },
    },
    nonexistent: {},
    // Retry starts over: the quarters are one cheap call, and a known quarter is kept.
    failure: { on: { 'details.retry': { target: 'loadingQuarters', actions: 'forgetError' } } },
  },
});
