import { assign, fromEventObservable, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { catchError, map, of } from 'rxjs';
import { invoiceService } from '../../services/invoice-service.ts';

export type InvoiceImageInput = { attachmentId: number; thumbnail: boolean; /** The invoice page's actor, told when the image fails. */ page?: AnyActorRef };
export type InvoiceImageContext = InvoiceImageInput & { url: string | null };
export type InvoiceImageEvent = { type: 'image.ready'; url: string } | { type: 'image.failed' };

/**
 * One invoice image on screen (a thumbnail in the grid, or enlarged). Its bytes come through the
 * API with the bearer token and are shown from an object URL that the load keeps alive: the load
 * is invoked by the machine itself, so the URL lives as long as the image and is revoked with it.
 * `failed` says so to the invoice page's actor ('Failed To Load Images').
 */
export const invoiceImageMachine = setup({
  types: { context: {} as InvoiceImageContext, events: {} as InvoiceImageEvent, input: {} as InvoiceImageInput },
  actors: {
    load: fromEventObservable<InvoiceImageEvent, InvoiceImageInput>(({ input }) =>
      invoiceService.imageUrl(input.attachmentId, input.thumbnail).pipe(
        map((url): InvoiceImageEvent => ({ type: 'image.ready', url })),
        // As an event, so only a loading image can fail (the load of a shown one is done but for its URL).
        catchError(() => of<InvoiceImageEvent>({ type: 'image.failed' })),
      )),
  },
  actions: {
    show: assign(({ event }) => (event.type === 'image.ready' ? { url: event.url } : {})),
    failed: sendTo(({ context, self }) => context.page ?? self, { type: 'invoice.imageFailed' }),
  },
}).createMachine({
  id: 'invoiceImage',
  context: ({ input }) => ({ ...input, url: null }),
  invoke: {
    id: 'load',
    src: 'load',
    input: ({ context }) => ({ attachmentId: context.attachmentId, thumbnail: context.thumbnail }),
  },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'image.ready': { target: 'shown', actions: 'show' },
        'image.failed': { target: 'failed', actions: 'failed' },
      },
    },
    shown: {},
    failed: {},
  },
});

export type InvoiceImageActor = ActorRefFrom<typeof invoiceImageMachine>;
