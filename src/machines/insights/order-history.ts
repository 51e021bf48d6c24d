import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { OrderHistory, OrderInvoice } from '../../model/insights.ts';
import { monthOf, monthRange, ORDER_HISTORY_FAILED, shiftMonth } from '../../model/insights-rules.ts';
import { insightsService } from '../../services/insights-service.ts';
import { orderHistoryStore } from '../page-state/order-history-store.ts';

/**
 * A merchant's order history (analytics spec §2, §4, §7, §8): one calendar month at a time; Last
 * Month and Next Month move the range to the first through last day of the adjacent month; months
 * already fetched (kept in orderHistoryStore, which outlives the screen) are shown without a call.
 */

export interface OrderHistoryInput {
  merchantId: number;
  merchant: string;
  /** 'YYYY-MM': the month shown first. */
  month: string;
  /** YYYY-MM-DD: Next Month stops at the current month. */
  today: string;
  /** The merchant's months already fetched (orderHistoryStore.monthsOf). */
  months: Record<string, OrderInvoice[]>;
}

export interface OrderHistoryContext {
  merchantId: number;
  merchant: string;
  month: string;
  currentMonth: string;
  months: Record<string, OrderInvoice[]>;
  error: string | null;
}

export type OrderHistoryEvent = { type: 'orders.opened' } | { type: 'orders.lastMonth' } | { type: 'orders.nextMonth' } | { type: 'orders.retry' };

// A month already fetched shows at once; leaving a month being fetched aborts its call.
const shiftMonths = {
  'orders.lastMonth': [
    { guard: 'lastCached', target: 'loaded', actions: 'lastMonth' },
    { target: 'loading', reenter: true, actions: 'lastMonth' },
  ],
  'orders.nextMonth': [
    { guard: 'nextCached', target: 'loaded', actions: 'nextMonth' },
    { guard: 'beforeCurrentMonth', target: 'loading', reenter: true, actions: 'nextMonth' },
  ],
} as const;

/** The screen's input: the merchant's months already fetched come from the store. */
export const orderHistoryInput = (merchantId: number, merchant: string, month: string, today: string): OrderHistoryInput =>
  ({ merchantId, merchant, month, today, months: orderHistoryStore.monthsOf(merchantId) });

export const orderHistoryMachine = setup({
  types: { context: {} as OrderHistoryContext, events: {} as OrderHistoryEvent, input: {} as OrderHistoryInput },
  actors: {
    loadMonth: fromObservableWithOutput<OrderHistory, { merchantId: number; merchant: string; month: string }>((input) =>
      insightsService.orderHistory({ ...monthRange(input.month), showLineItems: true, merchants: [{ id: input.merchantId, merchant: input.merchant }] })),
  },
  guards: {
    cached: ({ context }) => context.month in context.months,
    lastCached: ({ context }) => shiftMonth(context.month, -1) in context.months,
    beforeCurrentMonth: ({ context }) => context.month < context.currentMonth,
    nextCached: ({ context }) => context.month < context.currentMonth && shiftMonth(context.month, 1) in context.months,
  },
  actions: {
    lastMonth: assign(({ context }) => ({ month: shiftMonth(context.month, -1), error: null })),
    nextMonth: assign(({ context }) => ({ month: shiftMonth(context.month, 1), error: null })),
  },
}).createMachine({
  id: 'orderHistory',
  context: ({ input }) => ({
    merchantId: input.merchantId,
    merchant: input.merchant,
    month: input.month,
    currentMonth: monthOf(input.today),
    months: input.months,
    error: null,
  }),
  initial: 'idle',
  states: {
    // The screen opens: its first month from what was fetched before, else from the server.
    idle: { on: { 'orders.opened': [{ guard: 'cached', target: 'loaded' }, { target: 'loading' }] } },
    loading: {
      on: shiftMonths,
      invoke: {
        id: 'loadMonth',
        src: 'loadMonth',
        input: ({ context }) => ({ merchantId: context.merchantId, merchant: context.merchant, month: context.month }),
        onDone: {
          target: 'loaded',
          actions: [
            assign(({ context, event }) => ({ months: { ...context.months, [context.month]: event.output[0]?.invoices ?? [] } })),
            ({ context }) => orderHistoryStore.put(context.merchantId, context.month, context.months[context.month]!),
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ORDER_HISTORY_FAILED }) },
      },
    },
    loaded: { on: shiftMonths },
    failed: { on: { ...shiftMonths, 'orders.retry': { target: 'loading', actions: assign({ error: null }) } } },
  },
});
