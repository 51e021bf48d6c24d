import { assign, enqueueActions, fromObservable, setup } from 'xstate';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { INVOICE_MESSAGES, invoiceItemsCsv, type InvoiceDetail } from '../../model/invoices.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { saveCsv } from '../../services/save-file.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

export type InvoiceCsvContext = { id: number | null; message: string | null };
export type InvoiceCsvEvent = { type: 'csv.requested'; id: number };

/**
 * The list's CSV on phones (§2.6, done invoices only): fetches the invoice's items, then `save`
 * writes them as invoiceItems.csv. One at a time.
 */
export const invoiceCsvMachine = setup({
  types: { context: {} as InvoiceCsvContext, events: {} as InvoiceCsvEvent },
  actors: {
    loadItems: fromObservableWithOutput((id: number) => invoiceService.detail(id)),
    saveCsv: fromObservable<void, CsvExport>(({ input }) => saveCsv(input)),
  },
  actions: {
    request: assign(({ event }) => ({ id: event.id, message: null })),
    sayFetchFailed: assign({ message: INVOICE_MESSAGES.fetchOne }),
    save: enqueueActions(({ enqueue }, invoice: InvoiceDetail) => enqueue.spawnChild('saveCsv', { input: invoiceItemsCsv(invoice.items) })),
  },
}).createMachine({
  id: 'invoiceCsv',
  context: { id: null, message: null },
  initial: 'idle',
  states: {
    idle: { on: { 'csv.requested': { target: 'fetching', actions: 'request' } } },
    fetching: {
      invoke: {
        id: 'loadItems',
        src: 'loadItems',
        input: ({ context }) => context.id!,
        onDone: { target: 'idle', actions: { type: 'save', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: 'sayFetchFailed' },
      },
    },
  },
});
