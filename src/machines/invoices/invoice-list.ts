import { assign, fromEventObservable, setup } from 'xstate';
import { map } from 'rxjs';
import type { InvoiceSummary } from '../../model/invoices.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { fromCall } from '../from-call.ts';

export type InvoiceListEvent =
  | { type: 'invoices.loaded'; invoices: InvoiceSummary[] }
  | { type: 'invoices.retry' }
  | { type: 'invoices.delete'; id: number }
  | { type: 'invoices.uploaded' };

/** The invoice list: loaded, then followed every few seconds so statuses change without a reload. */
export const invoiceListMachine = setup({
  types: { context: {} as { invoices: InvoiceSummary[] }, events: {} as InvoiceListEvent },
  actors: {
    watch: fromEventObservable<InvoiceListEvent, void>(() => invoiceService.watch().pipe(map((invoices) => ({ type: 'invoices.loaded' as const, invoices })))),
    deleteInvoice: fromCall((id: number) => invoiceService.deleteInvoice(id)),
  },
  actions: {
    store: assign(({ event }) => (event.type === 'invoices.loaded' ? { invoices: event.invoices } : {})),
    dropRow: assign(({ context, event }) => (event.type === 'invoices.delete' ? { invoices: context.invoices.filter((i) => i.id !== event.id) } : {})),
  },
}).createMachine({
  id: 'invoiceList',
  context: { invoices: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'watch', onError: 'failed' },
      on: { 'invoices.loaded': { target: 'loaded', actions: 'store' } },
    },
    loaded: {
      invoke: [{ src: 'watch', onError: 'failed' }],
      on: {
        'invoices.loaded': { actions: 'store' },
        'invoices.uploaded': { target: 'loaded', reenter: true },
        'invoices.delete': { target: 'deleting', actions: 'dropRow' },
      },
    },
    deleting: {
      invoke: { src: 'deleteInvoice', input: ({ event }) => (event.type === 'invoices.delete' ? event.id : 0), onDone: 'loaded', onError: 'loaded' },
    },
    failed: { on: { 'invoices.retry': 'loading' } },
  },
});
