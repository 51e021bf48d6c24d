import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { beingRead, type InvoiceDetail } from '../../model/invoices.ts';
import { draftOf, EMPTY_DRAFT, readDraft, type LineDraft, type LineField } from '../../model/invoice-review.ts';
import { ApiError } from '../../services/api-client.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { invoiceImageMachine } from './invoice-image.ts';

export type InvoiceReviewInput = {
  invoiceId: number;
  /** The invoice page's actor, given the invoice each correction answers (and told when the image fails). */
  page?: AnyActorRef;
  /** The image under review is loaded (default); the items page shows none. */
  showsImage?: boolean;
};
export type InvoiceReviewContext = InvoiceReviewInput & {
  /** The machine loading the image under review (full size), while there is one to show. */
  image: ActorRefFrom<typeof invoiceImageMachine> | null;
  /** The invoice as the page last had it (the page feeds it: `review.invoice`). */
  invoice: InvoiceDetail | null;
  /** The line whose box the image highlights. */
  selected: number | null;
  /** The line being edited, 'new' for one being typed in. */
  editing: number | 'new' | null;
  draft: LineDraft;
  /** The line Delete asks about, then deletes. */
  deleting: number | null;
  /** Why the last save failed. */
  error: string | null;
};
export type InvoiceReviewEvent =
  | { type: 'review.invoice'; invoice: InvoiceDetail }
  | { type: 'review.select'; lineId: number }
  | { type: 'review.edit'; lineId: number }
  | { type: 'review.add' }
  | { type: 'review.change'; field: LineField; value: string }
  | { type: 'review.save' }
  | { type: 'review.cancel' }
  | { type: 'review.delete'; lineId: number }
  | { type: 'review.deleteConfirmed' }
  | { type: 'review.retry' };

type Save = { id: number; itemId: number | 'new'; draft: LineDraft } | { id: number; deleteId: number };
export const SAVE_FAILED = 'Could not save the line.';
const failure = (error: unknown) => (error instanceof ApiError && error.status < 500 && error.message ? `${SAVE_FAILED} ${error.message}` : SAVE_FAILED);
const lineOf = (context: InvoiceReviewContext, lineId: number) => context.invoice?.items.find((i) => i.id === lineId);
const closed = { editing: null, draft: EMPTY_DRAFT, deleting: null, error: null } as const;

/**
 * The image beside the lines: the selected line's, else the invoice's first; the line selected,
 * and the box to highlight (in fractions of the image's size): none for a line typed in or read without one.
 */
export function reviewImageOf(context: Pick<InvoiceReviewContext, 'invoice' | 'selected'>) {
  const { invoice, selected } = context;
  const line = invoice?.items.find((i) => i.id === selected) ?? null;
  const image = invoice?.images.find((g) => g.attachmentId === line?.imageId) ?? invoice?.images[0] ?? null;
  return { image, box: line && image && line.imageId === image.attachmentId ? line.box : null, line };
}

/**
 * Reviewing the lines OCR read from one invoice (docs/invoices.md), the detail page's child: its
 * images are still being read (`reading`), or the lines are shown (`ready`) and one is selected
 * (its box highlighted on the image), edited, typed in or deleted after asking. A save answers
 * the invoice as it now is (price check and totals redone), which the page then shows; a failed
 * one keeps the draft for Retry or Cancel.
 */
export const invoiceReviewMachine = setup({
  types: { context: {} as InvoiceReviewContext, events: {} as InvoiceReviewEvent, input: {} as InvoiceReviewInput },
  actors: {
    image: invoiceImageMachine,
    save: fromObservableWithOutput((save: Save) => {
      if ('deleteId' in save) return invoiceService.deleteLine(save.id, save.deleteId);
      const line = readDraft(save.draft).correction!;
      return save.itemId === 'new' ? invoiceService.addLine(save.id, line) : invoiceService.editLine(save.id, save.itemId, line);
    }),
  },
  guards: {
    settled: ({ event }) => event.type === 'review.invoice' && !beingRead(event.invoice.status),
    beingRead: ({ event }) => event.type === 'review.invoice' && beingRead(event.invoice.status),
    shownLine: ({ context, event }) => 'lineId' in event && lineOf(context, event.lineId) !== undefined,
    draftReads: ({ context }) => readDraft(context.draft).correction !== null,
    /** The failed save was a line's (edited or typed in), not a deletion. */
    lineFailed: ({ context }) => context.deleting === null,
  },
  actions: {
    store: assign(({ event }) => (event.type === 'review.invoice' ? { invoice: event.invoice } : {})),
    select: assign(({ event }) => ('lineId' in event ? { selected: event.lineId } : {})),
    change: assign(({ context, event }) => (event.type === 'review.change' ? { draft: { ...context.draft, [event.field]: event.value }, error: null } : {})),
    close: assign(closed),
    startEdit: assign(({ context, event }) => (event.type === 'review.edit' ? { selected: event.lineId, editing: event.lineId, draft: draftOf(lineOf(context, event.lineId)!) } : {})),
    startNew: assign({ editing: 'new', draft: EMPTY_DRAFT }),
    askDelete: assign(({ event }) => (event.type === 'review.delete' ? { selected: event.lineId, deleting: event.lineId } : {})),
    forgetError: assign({ error: null }),
    // The line saved stays selected; a new one is the line the answer has that the invoice had not.
    saved: assign(({ context }, invoice: InvoiceDetail) => ({
      invoice,
      selected: context.deleting !== null ? null
        : context.editing === 'new' ? (invoice.items.find((i) => !context.invoice?.items.some((o) => o.id === i.id))?.id ?? null)
          : context.editing,
      ...closed,
    })),
    sayFailed: assign((_, params: { error: unknown }) => ({ error: failure(params.error) })),
    /** Loads the image under review when it changes (another line's image, the first one arriving); stops the one no longer shown. */
    followImage: enqueueActions(({ context, enqueue }) => {
      if (context.showsImage === false) return;
      const wanted = reviewImageOf(context).image?.attachmentId ?? null;
      if ((context.image?.id ?? null) === (wanted === null ? null : `image:${wanted}`)) return;
      if (context.image) enqueue.stopChild(context.image);
      enqueue.assign({
        image: ({ spawn, self }) =>
          (wanted === null ? null : spawn('image', { id: `image:${wanted}`, input: { attachmentId: wanted, thumbnail: false, page: context.page ?? self } })),
      });
    }),
    /** The page shows the invoice as the server now has it. */
    tellPage: sendTo(({ context, self }) => context.page ?? self, ({ context }) => ({ type: 'invoice.loaded', invoice: context.invoice })),
  },
}).createMachine({
  id: 'invoiceReview',
  context: ({ input }) => ({ ...input, image: null, invoice: null, selected: null, ...closed }),
  // Wherever the review is, it keeps the invoice the page has (reading and ready also move on its status).
  on: { 'review.invoice': { actions: ['store', 'followImage'] } },
  initial: 'reading',
  states: {
    reading: {
      on: {
        'review.invoice': [{ guard: 'settled', target: 'ready', actions: ['store', 'followImage'] }, { actions: ['store', 'followImage'] }],
        'review.select': { guard: 'shownLine', actions: ['select', 'followImage'] },
      },
    },
    ready: {
      on: {
        // Images added meanwhile are being read: their lines are not all there yet.
        'review.invoice': [{ guard: 'beingRead', target: 'reading', actions: ['store', 'followImage'] }, { actions: ['store', 'followImage'] }],
        'review.select': { guard: 'shownLine', actions: ['select', 'followImage'] },
        'review.edit': { guard: 'shownLine', target: 'editing', actions: ['startEdit', 'followImage'] },
        'review.add': { target: 'editing', actions: 'startNew' },
        'review.delete': { guard: 'shownLine', target: 'confirmingDelete', actions: ['askDelete', 'followImage'] },
      },
    },
    editing: {
      on: {
        'review.change': { actions: 'change' },
        // A draft with a bad number stays open: the form says what is wrong with it.
        'review.save': { guard: 'draftReads', target: 'saving' },
        'review.cancel': { target: 'ready', actions: 'close' },
      },
    },
    confirmingDelete: {
      on: { 'review.deleteConfirmed': 'saving', 'review.cancel': { target: 'ready', actions: 'close' } },
    },
    saving: {
      entry: 'forgetError',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }): Save => (context.deleting !== null
          ? { id: context.invoiceId, deleteId: context.deleting }
          : { id: context.invoiceId, itemId: context.editing!, draft: context.draft }),
        onDone: { target: 'ready', actions: [{ type: 'saved', params: ({ event }) => event.output }, 'followImage', 'tellPage'] },
        onError: { target: 'failed', actions: { type: 'sayFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        'review.retry': 'saving',
        // Fixing the draft goes back to the form; Cancel drops the change.
        'review.change': { guard: 'lineFailed', target: 'editing', actions: 'change' },
        'review.cancel': { target: 'ready', actions: 'close' },
      },
    },
  },
});

export type InvoiceReviewActor = ActorRefFrom<typeof invoiceReviewMachine>;
