import { assign, fromEventObservable, setup } from 'xstate';
import { map } from 'rxjs';
import { INVOICE_MESSAGES, type InvoiceDetail } from '../../model/invoices.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

export type InvoiceDetailContext = { id: number; invoice: InvoiceDetail | null; message: string | null };
export type InvoiceDetailEvent =
  | { type: 'invoice.loaded'; invoice: InvoiceDetail }
  | { type: 'invoice.retry' }
  | { type: 'invoice.deleteImage'; imageId: number }
  | { type: 'invoice.imageFailed' }
  | { type: 'invoice.imagesAdded' }
  | { type: 'invoice.delete' };

/**
 * One invoice (/invoice/{id} and its items): loaded, then followed while its images are read
 * (the service polls until the status settles), an image or the whole invoice deleted on request.
 * Deleting the invoice fails silently (§8): either way the page goes back to the list.
 */
export const invoiceDetailMachine = setup({
  types: { context: {} as InvoiceDetailContext, events: {} as InvoiceDetailEvent, input: {} as { id: number } },
  actors: {
    follow: fromEventObservable<InvoiceDetailEvent, { id: number; shown: InvoiceDetail | null }>(({ input }) =>
      invoiceService.follow(input.id, input.shown).pipe(map((invoice) => ({ type: 'invoice.loaded' as const, invoice })))),
    deleteImage: fromObservableWithOutput(({ id, imageId }: { id: number; imageId: number }) => invoiceService.deleteImage(id, imageId)),
    deleteInvoice: fromObservableWithOutput((id: number) => invoiceService.deleteInvoice(id)),
  },
  actions: {
    store: assign(({ event }) => (event.type === 'invoice.loaded' ? { invoice: event.invoice } : {})),
    sayDeleteFailed: assign({ message: INVOICE_MESSAGES.deleteImage }),
    sayImagesFailed: assign({ message: INVOICE_MESSAGES.loadImages }),
    forgetMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'invoiceDetail',
  context: ({ input }) => ({ id: input.id, invoice: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      // Asks now (what is shown, if anything, may be out of date after a change).
      invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ id: context.id, shown: null }), onError: 'failed' },
      on: { 'invoice.loaded': { target: 'loaded', actions: 'store' } },
    },
    loaded: {
      // Asks again only while the images are being read.
      invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ id: context.id, shown: context.invoice }), onError: 'failed' },
      on: {
        'invoice.loaded': { actions: 'store' },
        'invoice.imageFailed': { actions: 'sayImagesFailed' },
        // New images make it 'inprocessing' again: ask now and follow it.
        'invoice.imagesAdded': { target: 'loading' },
        'invoice.deleteImage': { target: 'deletingImage' },
        'invoice.delete': { target: 'deletingInvoice' },
      },
    },
    deletingImage: {
      invoke: {
        id: 'deleteImage',
        src: 'deleteImage',
        input: ({ context, event }) => ({ id: context.id, imageId: event.type === 'invoice.deleteImage' ? event.imageId : 0 }),
        // Its status may change with the image gone (e.g. a problem image deleted): ask now.
        onDone: { target: 'loading', actions: 'forgetMessage' },
        onError: { target: 'loaded', actions: 'sayDeleteFailed' },
      },
    },
    deletingInvoice: {
      invoke: { id: 'deleteInvoice', src: 'deleteInvoice', input: ({ context }) => context.id, onDone: 'deleted', onError: 'deleted' },
    },
    deleted: { type: 'final' },
    failed: { on: { 'invoice.retry': 'loading' } },
  },
});
