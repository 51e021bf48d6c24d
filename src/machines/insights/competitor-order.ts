import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { OrderHistory, OrderInvoice } from '../../model/insights.ts';
import { DEFAULT_LINE_SORT, LINE_TEXT_COLUMNS, type LineColumn } from '../../model/insights-rules.ts';
import { nextColumnSort, type ColumnSort } from '../../model/sort-rule.ts';
import { insightsService } from '../../services/insights-service.ts';

/**
 * One competitor order (analytics spec §2 'Estimated Invoice Volume On {date}'): the invoices of a
 * distributor on a date, from the order-history months already fetched, else the order history
 * fetch for that one day.
 */

interface OrderKey {
  merchantId: number;
  merchant: string;
  date: string;
}

export interface CompetitorOrderInput extends OrderKey {
  /** The merchant's invoices of that date from the months already fetched (none: ask the server). */
  invoices: OrderInvoice[];
}

export interface CompetitorOrderContext extends CompetitorOrderInput {
  sort: ColumnSort<LineColumn>;
}

export type CompetitorOrderEvent = { type: 'order.sortChanged'; column: LineColumn } | { type: 'order.retry' };

export const competitorOrderMachine = setup({
  types: { context: {} as CompetitorOrderContext, events: {} as CompetitorOrderEvent, input: {} as CompetitorOrderInput },
  actors: {
    loadDay: fromObservableWithOutput<OrderHistory, OrderKey>((input) =>
      insightsService.orderHistory({ startDate: input.date, endDate: input.date, showLineItems: true, merchants: [{ id: input.merchantId, merchant: input.merchant }] })),
  },
  guards: {
    cached: ({ context }) => context.invoices.length > 0,
  },
  actions: {
    sortBy: assign(({ context, event }) => (event.type === 'order.sortChanged' ? { sort: nextColumnSort(context.sort, event.column, LINE_TEXT_COLUMNS) } : {})),
    showDay: assign((_, days: OrderHistory) => ({ invoices: days[0]?.invoices ?? [] })),
  },
}).createMachine({
  id: 'competitorOrder',
  context: ({ input }) => ({ ...input, sort: DEFAULT_LINE_SORT }),
  initial: 'idle',
  on: {
    'order.sortChanged': { actions: 'sortBy' },
  },
  states: {
    // The screen opens: that date's invoices from a month fetched before, else from the server.
    idle: { always: [{ guard: 'cached', target: 'loaded' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => ({ merchantId: context.merchantId, merchant: context.merchant, date: context.date }),
        onDone: { target: 'loaded', actions: { type: 'showDay', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { on: { 'order.retry': 'loading' } },
  },
});
