import { assign, enqueueActions, fromEventObservable, setup, type ActorRef, type ActorRefFrom, type Snapshot } from 'xstate';
import type { RouteGoEvent } from '../shell/page-spec.ts';
import { map } from 'rxjs';
import { INVOICE_MESSAGES, type InvoiceDetail } from '../../model/invoices.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { invoiceImageMachine } from './invoice-image.ts';
import { invoiceReviewMachine } from './invoice-review.ts';
import { invoiceUploadMachine } from './invoice-upload.ts';
import { closeUpload, uploadClosed, type UploadChild } from './upload-child.ts';

type ImageRef = ActorRefFrom<typeof invoiceImageMachine>;

export type InvoiceDetailInput = {
  /** The route's id (NaN or below 1 for a malformed one: the page goes to the list). */
  id: number;
  /** The page shows the images (the items page does not): thumbnails, the enlarged one, the review's. */
  images?: boolean;
};

export type InvoiceDetailContext = {
  id: number;
  images: boolean;
  invoice: InvoiceDetail | null;
  message: string | null;
  /** The items page's search box (the items it keeps: selectors.ts). */
  search: string;
  /** The image shown enlarged, by attachment id. */
  enlarged: number | null;
  /** The enlarged image's machine (full size), while one is enlarged. */
  enlargedImage: ImageRef | null;
  /** Each image's thumbnail machine, by attachment id, for the images the invoice has. */
  thumbnails: Readonly<Record<number, ImageRef>>;
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
 * Each image it shows is a child loading it (the API needs the token an <img> cannot send): a
 * thumbnail per image of the invoice, and the enlarged one while open. A malformed id, or the
 * invoice deleted, sends the page to the list.
 */
export const invoiceDetailMachine = setup({
  types: { context: {} as InvoiceDetailContext, events: {} as InvoiceDetailEvent, input: {} as InvoiceDetailInput, children: {} as { upload: 'upload'; review: 'review' } },
  actors: {
    follow: fromEventObservable<InvoiceDetailEvent, { id: number; shown: InvoiceDetail | null }>(({ input }) =>
      invoiceService.follow(input.id, input.shown).pipe(map((invoice) => ({ type: 'invoice.loaded' as const, invoice })))),
    deleteImage: fromObservableWithOutput(({ id, imageId }: { id: number; imageId: number }) => invoiceService.deleteImage(id, imageId)),
    deleteInvoice: fromObservableWithOutput((id: number) => invoiceService.deleteInvoice(id)),
    upload: invoiceUploadMachine,
    review: invoiceReviewMachine,
    image: invoiceImageMachine,
  },
  guards: {
    malformedId: ({ context }) => !Number.isInteger(context.id) || context.id <= 0,
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
    /** A thumbnail for each image the invoice now has; those of images gone are stopped. */
    followThumbnails: enqueueActions(({ context, enqueue, self }) => {
      if (!context.images) return;
      const ids = new Set((context.invoice?.images ?? []).map((i) => i.attachmentId));
      const kept: Record<number, ImageRef> = {};
      for (const [id, ref] of Object.entries(context.thumbnails)) {
        if (ids.has(Number(id))) kept[Number(id)] = ref;
        else enqueue.stopChild(ref);
      }
      enqueue.assign(({ spawn }) => {
        const thumbnails = { ...kept };
        for (const id of ids) thumbnails[id] ??= spawn('image', { id: `thumbnail:${id}`, input: { attachmentId: id, thumbnail: true, page: self } });
        return { thumbnails };
      });
    }),
    sayDeleteFailed: assign({ message: INVOICE_MESSAGES.deleteImage }),
    sayImagesFailed: assign({ message: INVOICE_MESSAGES.loadImages }),
    forgetMessage: assign({ message: null }),
    search: assign(({ event }) => (event.type === 'invoice.searchChanged' ? { search: event.search } : {})),
    askDelete: assign({ confirmingDelete: true }),
    closeDeleteDialog: assign({ confirmingDelete: false }),
    enlarge: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'invoice.imageEnlarged') return;
      if (context.enlargedImage) enqueue.stopChild(context.enlargedImage);
      enqueue.assign({
        enlarged: event.imageId,
        enlargedImage: ({ spawn }) => spawn('image', { id: `enlarged:${event.imageId}`, input: { attachmentId: event.imageId, thumbnail: false, page: self } }),
      });
    }),
    closeImage: enqueueActions(({ context, enqueue }) => {
      if (context.enlargedImage) enqueue.stopChild(context.enlargedImage);
      enqueue.assign({ enlarged: null, enlargedImage: null });
    }),
    /** The page asks the router for the invoice list (after a delete, or for a malformed id). */
    goToList: enqueueActions(({ enqueue, system }) => {
      const router = system.get('router') as ActorRef<Snapshot<unknown>, RouteGoEvent> | undefined;
      if (router) enqueue.sendTo(router, { type: 'route.go', to: '/invoice/scanning', replace: true });
    }),
    openUpload: assign({ upload: ({ context, spawn }) => spawn('upload', { id: 'upload', input: { invoiceId: context.id } }) }),
    closeUpload: closeUpload<InvoiceDetailContext, InvoiceDetailEvent>(),
  },
}).createMachine({
  id: 'invoiceDetail',
  context: ({ input }) => ({
    id: input.id, images: input.images ?? true, invoice: null, message: null, search: '', enlarged: null, enlargedImage: null, thumbnails: {}, confirmingDelete: false, upload: null,
  }),
  invoke: { id: 'review', src: 'review', input: ({ context, self }) => ({ invoiceId: context.id, page: self, showsImage: context.images }) },
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
      always: { guard: 'malformedId', target: 'malformed' },
      // Asks now (what is shown, if anything, may be out of date after a change).
      invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ id: context.id, shown: null }), onError: 'failed' },
      on: { 'invoice.loaded': { target: 'loaded', actions: ['store', 'followThumbnails'] }, 'invoice.deleteAsked': { actions: 'askDelete' } },
    },
    loaded: {
      // Asks again only while the images are being read.
      invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ id: context.id, shown: context.invoice }), onError: 'failed' },
      on: {
        'invoice.loaded': { actions: ['store', 'followThumbnails'] },
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
    deleted: { type: 'final', entry: 'goToList' },
    malformed: { type: 'final', entry: 'goToList' },
    failed: { on: { 'invoice.retry': 'loading' } },
  },
});
