import { assign, enqueueActions, setup, type AnyActorRef } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { OrderHistory, OrderInvoice } from '../../model/insights.ts';
import { monthOf, monthRange, ORDER_HISTORY_FAILED, orderMonthUrl, shiftMonth } from '../../model/insights-rules.ts';
import { insightsService } from '../../services/insights-service.ts';
import { todayIso } from '../../model/date-range.ts';
import type { RouteGoEvent } from '../shell/page-spec.ts';
import { sendToSession } from '../shell/system-actors.ts';

/**
 * A merchant's order history (analytics spec §2, §4, §7, §8): one calendar month at a time; Last
 * Month and Next Month move the range to the first through last day of the adjacent month; months
 * already fetched (kept by the session memory, which outlives the screen) are shown without a call.
 */

export interface OrderHistoryInput {
  merchantId: number;
  merchant: string;
  /** 'YYYY-MM': the month shown first. */
  month: string;
  /** YYYY-MM-DD: Next Month stops at the current month; the browser's today unless a test passes its own. */
  today?: string;
  /** The merchant's months already fetched (the session's). */
  months: Record<string, OrderInvoice[]>;
  /** The screen's path: the address bar says the month shown (`?month=`), so a reload stays on it. */
  path?: string;
}

export interface OrderHistoryContext {
  path: string | null;
  merchantId: number;
  merchant: string;
  month: string;
  currentMonth: string;
  months: Record<string, OrderInvoice[]>;
  error: string | null;
}

export type OrderHistoryEvent = { type: 'orders.lastMonth' } | { type: 'orders.nextMonth' } | { type: 'orders.retry' };

// A month already fetched shows at once; leaving a month being fetched aborts its call.
const shiftMonths = {
  'orders.lastMonth': [
    { guard: 'lastCached', target: 'loaded', actions: ['lastMonth', 'writeMonth'] },
    { target: 'loading', reenter: true, actions: ['lastMonth', 'writeMonth'] },
  ],
  'orders.nextMonth': [
    { guard: 'nextCached', target: 'loaded', actions: ['nextMonth', 'writeMonth'] },
    { guard: 'beforeCurrentMonth', target: 'loading', reenter: true, actions: ['nextMonth', 'writeMonth'] },
  ],
} as const;

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
    /** The month just fetched joins those already fetched. */
    storeMonth: assign(({ context }, days: OrderHistory) => ({ months: { ...context.months, [context.month]: days[0]?.invoices ?? [] } })),
    sayFailed: assign({ error: ORDER_HISTORY_FAILED }),
    forgetError: assign({ error: null }),
    nextMonth: assign(({ context }) => ({ month: shiftMonth(context.month, 1), error: null })),
    /** The address bar follows the month (replaced: Back leaves the order history, as before). */
    writeMonth: enqueueActions(({ context, enqueue, system }) => {
      const router = system.get('router') as AnyActorRef | undefined;
      if (router && context.path) enqueue.sendTo(router, { type: 'route.go', to: orderMonthUrl(context.path, context.month), replace: true } satisfies RouteGoEvent);
    }),
    /** The session keeps the month for when the screen opens again. */
    keepMonth: sendToSession((params: { merchantId: number; month: string; invoices: OrderInvoice[] }) => ({ type: 'session.monthFetched', ...params }))(),
  },
}).createMachine({
  id: 'orderHistory',
  context: ({ input }) => ({
    merchantId: input.merchantId,
    merchant: input.merchant,
    path: input.path ?? null,
    month: input.month,
    currentMonth: monthOf(input.today ?? todayIso()),
    months: input.months,
    error: null,
  }),
  initial: 'idle',
  states: {
    // The screen opens: its first month from what was fetched before, else from the server.
    idle: { always: [{ guard: 'cached', target: 'loaded' }, { target: 'loading' }] },
    loading: {
      on: shiftMonths,
      invoke: {
        id: 'loadMonth',
        src: 'loadMonth',
        input: ({ context }) => ({ merchantId: context.merchantId, merchant: context.merchant, month: context.month }),
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'storeMonth', params: ({ event }) => event.output },
            { type: 'keepMonth', params: ({ context }) => ({ merchantId: context.merchantId, month: context.month, invoices: context.months[context.month]! }) },
          ],
        },
        onError: { target: 'failed', actions: 'sayFailed' },
      },
    },
    loaded: { on: shiftMonths },
    failed: { on: { ...shiftMonths, 'orders.retry': { target: 'loading', actions: 'forgetError' } } },
  },
});
