import { assign, enqueueActions, fromEventObservable, setup } from 'xstate';
import { map } from 'rxjs';
import { INVOICE_MESSAGES, type InvoiceDetail } from '../../model/invoices.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { invoiceReviewMachine } from './invoice-review.ts';
import { invoiceUploadMachine } from './invoice-upload.ts';
import { closeUpload, uploadClosed, type UploadChild } from './upload-child.ts';

export type InvoiceDetailContext = {
  id: number;
  invoice: InvoiceDetail | null;
  message: string | null;
  /** The items page's search box (the items it keeps: selectors.ts). */
  search: string;
  /** The image shown enlarged, by attachment id. */
  enlarged: number | null;
  /** Delete Invoice's dialog is open. */
  confirmingDelete: boolean;
  /** The open Add Images modal: a fresh upload machine, adding to this invoice, each time it opens. */
  upload: UploadChild | null;
};
export type InvoiceDetailEvent =
  | { type: 'invoice.loaded'; invoice: InvoiceDetail }
  | { type: 'invoice.retry' }
  | { type: 'invoice.searchChanged'; search: string }
  | { type: 'invoice.deleteImage'; imageId: number }
  | { type: 'invoice.imageFailed' }
  | { type: 'invoice.imageEnlarged'; imageId: number }
  | { type: 'invoice.imageClosed' }
  | { type: 'invoice.addImagesOpened' }
  | { type: 'invoice.deleteAsked' }
  | { type: 'invoice.deleteCancelled' }
  | { type: 'invoice.deleteConfirmed' };

/**
 * One invoice (/invoice/{id} and its items): loaded, then followed while its images are read
 * (the service polls until the status settles), an image or the whole invoice deleted on request.
 * Deleting the invoice asks first and fails silently (§8): either way the page goes back to the
 * list. The Add Images modal is its child (id `upload`); closing it asks for the invoice again.
 * Reviewing the lines read is its child too (id `review`, for the page's life), fed each invoice
 * that arrives and answering the invoice each correction leaves.
 */
export const invoiceDetailMachine = setup({
  types: { context: {} as InvoiceDetailContext, events: {} as InvoiceDetailEvent, input: {} as { id: number }, children: {} as { upload: 'upload'; review: 'review' } },
  actors: {
    follow: fromEventObservable<InvoiceDetailEvent, { id: number; shown: InvoiceDetail | null }>(({ input }) =>
      invoiceService.follow(input.id, input.shown).pipe(map((invoice) => ({ type: 'invoice.loaded' as const, invoice })))),
    deleteImage: fromObservableWithOutput(({ id, imageId }: { id: number; imageId: number }) => invoiceService.deleteImage(id, imageId)),
    deleteInvoice: fromObservableWithOutput((id: number) => invoiceService.deleteInvoice(id)),
    upload: invoiceUploadMachine,
    review: invoiceReviewMachine,
  },
  guards: {
    shownImage: ({ context, event }) => event.type === 'invoice.imageEnlarged' && (context.invoice?.images.some((i) => i.attachmentId === event.imageId) ?? false),
    confirmingDelete: ({ context }) => context.confirmingDelete,
    uploadClosed,
  },
  actions: {
    store: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'invoice.loaded') return;
      enqueue.assign({ invoice: event.invoice });
      enqueue.sendTo('review', { type: 'review.invoice', invoice: event.invoice });
    }),
    sayDeleteFailed: assign({ message: INVOICE_MESSAGES.deleteImage }),
    sayImagesFailed: assign({ message: INVOICE_MESSAGES.loadImages }),
    forgetMessage: assign({ message: null }),
    search: assign(({ event }) => (event.type === 'invoice.searchChanged' ? { search: event.search } : {})),
    askDelete: assign({ confirmingDelete: true }),
    closeDeleteDialog: assign({ confirmingDelete: false }),
    enlarge: assign(({ event }) => (event.type === 'invoice.imageEnlarged' ? { enlarged: event.imageId } : {})),
    closeImage: assign({ enlarged: null }),
    openUpload: assign({ upload: ({ context, spawn }) => spawn('upload', { id: 'upload', input: { invoiceId: context.id } }) }),
    closeUpload: closeUpload<InvoiceDetailContext, InvoiceDetailEvent>(),
  },
}).createMachine({
  id: 'invoiceDetail',
  context: ({ input }) => ({ id: input.id, invoice: null, message: null, search: '', enlarged: null, confirmingDelete: false, upload: null }),
  invoke: { id: 'review', src: 'review', input: ({ context, self }) => ({ invoiceId: context.id, page: self }) },
  initial: 'loading',
  // The search box, the images and the dialogs work whatever the page is waiting for (Delete Invoice: see loading and loaded).
  on: {
    'invoice.searchChanged': { actions: 'search' },
    'invoice.imageEnlarged': { guard: 'shownImage', actions: 'enlarge' },
    'invoice.imageClosed': { actions: 'closeImage' },
    'invoice.addImagesOpened': { guard: 'uploadClosed', actions: 'openUpload' },
    'xstate.done.actor.upload': { actions: 'closeUpload' },
    'invoice.deleteCancelled': { actions: 'closeDeleteDialog' },
    // Only a shown invoice is deleted (as before: a confirmation meanwhile just closes the dialog).
    'invoice.deleteConfirmed': { actions: 'closeDeleteDialog' },
  },
  states: {
    loading: {
      // Asks now (what is shown, if anything, may be out of date after a change).
      invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ id: context.id, shown: null }), onError: 'failed' },
      on: { 'invoice.loaded': { target: 'loaded', actions: 'store' }, 'invoice.deleteAsked': { actions: 'askDelete' } },
    },
    loaded: {
      // Asks again only while the images are being read.
      invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ id: context.id, shown: context.invoice }), onError: 'failed' },
      on: {
        'invoice.loaded': { actions: 'store' },
        'invoice.imageFailed': { actions: 'sayImagesFailed' },
        // New images make it 'inprocessing' again: ask now and follow it.
        'xstate.done.actor.upload': { target: 'loading', actions: 'closeUpload' },
        'invoice.deleteImage': { target: 'deletingImage' },
        // Delete Invoice spins while an image or the invoice is being deleted: it asks nothing then.
        'invoice.deleteAsked': { actions: 'askDelete' },
        'invoice.deleteConfirmed': { guard: 'confirmingDelete', target: 'deletingInvoice', actions: 'closeDeleteDialog' },
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
