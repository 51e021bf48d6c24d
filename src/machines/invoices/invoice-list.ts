import { assign, fromEventObservable, setup } from 'xstate';
import { map } from 'rxjs';
import { inProcessRow, type InvoiceSummary } from '../../model/invoices.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { invoiceCsvMachine } from './invoice-csv.ts';
import { invoiceUploadMachine, type UploadedInvoice } from './invoice-upload.ts';
import { closeUpload, uploadClosed, type UploadChild } from './upload-child.ts';

export type InvoiceListContext = {
  invoices: InvoiceSummary[];
  /** The search box's text (the rows it keeps: selectors.ts). */
  search: string;
  /** The invoice whose Delete Invoice dialog is open. */
  confirming: number | null;
  /** The invoice being deleted at the server (its row is already gone). */
  deleting: number | null;
  /** The open Upload Invoice modal: a fresh machine each time it opens. */
  upload: UploadChild | null;
};
export type InvoiceListEvent =
  | { type: 'invoices.loaded'; invoices: InvoiceSummary[] }
  | { type: 'invoices.retry' }
  | { type: 'invoices.searchChanged'; search: string }
  | { type: 'invoices.deleteAsked'; id: number }
  | { type: 'invoices.deleteCancelled' }
  | { type: 'invoices.deleteConfirmed' }
  | { type: 'invoices.uploadOpened' };
/**
 * What the closed Upload Invoice modal sent, read once as the params of the transition on its
 * done event (that event is not among the typed events: the modal is spawned, not invoked).
 */
const sentBy = ({ event }: { event: unknown }) => (event as { output: UploadedInvoice | null }).output;

/**
 * The invoice list (/invoice/scanning): loaded, then followed while an invoice is being read so
 * statuses change without a reload. A just-uploaded invoice shows 'InProcess' (§4) until the
 * server's status arrives. Deleting asks first and fails silently (§8): the row goes either way.
 * The Upload Invoice modal is its child (id `upload`); closing it tells the list what was sent.
 * The phones' CSV of a done invoice is its child too (id `csv`, for the page's life).
 */
export const invoiceListMachine = setup({
  types: { context: {} as InvoiceListContext, events: {} as InvoiceListEvent, children: {} as { upload: 'upload'; csv: 'csv' } },
  actors: {
    watch: fromEventObservable<InvoiceListEvent, InvoiceSummary[] | null>(({ input }) => invoiceService.watch(input).pipe(map((invoices) => ({ type: 'invoices.loaded' as const, invoices })))),
    deleteInvoice: fromObservableWithOutput((id: number) => invoiceService.deleteInvoice(id)),
    upload: invoiceUploadMachine,
    csv: invoiceCsvMachine,
  },
  guards: {
    listed: ({ context, event }) => event.type === 'invoices.deleteAsked' && context.invoices.some((i) => i.id === event.id),
    confirming: ({ context }) => context.confirming !== null,
    uploadClosed,
    sentOne: (_, sent: UploadedInvoice | null) => sent !== null,
  },
  actions: {
    // An invoice gone meanwhile (deleted elsewhere) is no longer asked about.
    store: assign(({ context, event }) => (event.type === 'invoices.loaded'
      ? { invoices: event.invoices, confirming: event.invoices.some((i) => i.id === context.confirming) ? context.confirming : null } : {})),
    search: assign(({ event }) => (event.type === 'invoices.searchChanged' ? { search: event.search } : {})),
    askDelete: assign(({ event }) => (event.type === 'invoices.deleteAsked' ? { confirming: event.id } : {})),
    forgetConfirming: assign({ confirming: null }),
    // The row goes at once; the dialog closes.
    dropRow: assign(({ context }) => ({ invoices: context.invoices.filter((i) => i.id !== context.confirming), deleting: context.confirming, confirming: null })),
    openUpload: assign({ upload: ({ spawn }) => spawn('upload', { id: 'upload', input: { invoiceId: null } }) }),
    closeUpload: closeUpload<InvoiceListContext, InvoiceListEvent>(),
    showInProcess: assign(({ context }, sent: UploadedInvoice | null) =>
      (sent && !context.invoices.some((i) => i.id === sent.id) ? { invoices: [inProcessRow(sent, sent.sentAt ?? ''), ...context.invoices] } : {})),
    forgetDeleting: assign({ deleting: null }),
  },
}).createMachine({
  id: 'invoiceList',
  context: { invoices: [], search: '', confirming: null, deleting: null, upload: null },
  invoke: { id: 'csv', src: 'csv' },
  initial: 'loading',
  // The search box, the Upload Invoice button and the dialogs work whatever the table shows.
  on: {
    'invoices.searchChanged': { actions: 'search' },
    'invoices.deleteAsked': { guard: 'listed', actions: 'askDelete' },
    'invoices.deleteCancelled': { actions: 'forgetConfirming' },
    // Only a shown list deletes (as before: a confirmation meanwhile just closes the dialog).
    'invoices.deleteConfirmed': { actions: 'forgetConfirming' },
    'invoices.uploadOpened': { guard: 'uploadClosed', actions: 'openUpload' },
    'xstate.done.actor.upload': { actions: 'closeUpload' },
  },
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
        'xstate.done.actor.upload': {
          guard: { type: 'sentOne', params: sentBy },
          target: 'loaded',
          reenter: true,
          actions: ['closeUpload', { type: 'showInProcess', params: sentBy }],
        },
        'invoices.deleteConfirmed': { guard: 'confirming', target: 'deleting', actions: 'dropRow' },
      },
    },
    deleting: {
      // Back to the list as shown (without the row), whatever the server said.
      invoke: { id: 'deleteInvoice', src: 'deleteInvoice', input: ({ context }) => context.deleting ?? 0, onDone: 'loaded', onError: 'loaded' },
      exit: 'forgetDeleting',
    },
    failed: { on: { 'invoices.retry': 'loading' } },
  },
});
