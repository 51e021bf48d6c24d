import { assign, fromEventObservable, setup } from 'xstate';
import { map } from 'rxjs';
import { inProcessRow, type InvoiceSummary } from '../../model/invoices.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

export type JustUploaded = { id: number; description: string; merchantName: string };
export type InvoiceListContext = { invoices: InvoiceSummary[] };
export type InvoiceListEvent =
  | { type: 'invoices.loaded'; invoices: InvoiceSummary[] }
  | { type: 'invoices.retry' }
  | { type: 'invoices.delete'; id: number }
  | { type: 'invoices.uploaded'; invoice: JustUploaded };

/**
 * The invoice list (/invoice/scanning): loaded, then followed while an invoice is being read so
 * statuses change without a reload. A just-uploaded invoice shows 'InProcess' (§4) until the
 * server's status arrives. Deleting fails silently (§8): the row goes either way.
 */
export const invoiceListMachine = setup({
  types: { context: {} as InvoiceListContext, events: {} as InvoiceListEvent },
  actors: {
    watch: fromEventObservable<InvoiceListEvent, InvoiceSummary[] | null>(({ input }) => invoiceService.watch(input).pipe(map((invoices) => ({ type: 'invoices.loaded' as const, invoices })))),
    deleteInvoice: fromObservableWithOutput((id: number) => invoiceService.deleteInvoice(id)),
  },
  actions: {
    store: assign(({ event }) => (event.type === 'invoices.loaded' ? { invoices: event.invoices } : {})),
    dropRow: assign(({ context, event }) => (event.type === 'invoices.delete' ? { invoices: context.invoices.filter((i) => i.id !== event.id) } : {})),
    showInProcess: assign(({ context, event }) => (event.type === 'invoices.uploaded' && !context.invoices.some((i) => i.id === event.invoice.id)
      ? { invoices: [inProcessRow(event.invoice, new Date().toISOString()), ...context.invoices] } : {})),
  },
}).createMachine({
  id: 'invoiceList',
  context: { invoices: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'watch', src: 'watch', input: null, onError: 'failed' },
      on: { 'invoices.loaded': { target: 'loaded', actions: 'store' } },
    },
    loaded: {
      // Asks again only while an invoice is being read (or was just uploaded).
      invoke: { id: 'watch', src: 'watch', input: ({ context }) => context.invoices, onError: 'failed' },
      on: {
        'invoices.loaded': { actions: 'store' },
        // Watch again from now: the new invoice is being read.
        'invoices.uploaded': { target: 'loaded', reenter: true, actions: 'showInProcess' },
        'invoices.delete': { target: 'deleting', actions: 'dropRow' },
      },
    },
    deleting: {
      // Back to the list as shown (without the row), whatever the server said.
      invoke: { id: 'deleteInvoice', src: 'deleteInvoice', input: ({ event }) => (event.type === 'invoices.delete' ? event.id : 0), onDone: 'loaded', onError: 'loaded' },
    },
    failed: { on: { 'invoices.retry': 'loading' } },
  },
});
