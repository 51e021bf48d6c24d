import { assign, fromEventObservable, setup } from 'xstate';
import { concatMap, map, takeWhile, timer } from 'rxjs';
import { INVOICE_MESSAGES, type InvoiceDetail } from '../../model/invoices.ts';
import { invoiceService } from '../../services/invoice-service.ts';
import { fromCall } from '../from-call.ts';

export type InvoiceDetailEvent =
  | { type: 'invoice.loaded'; invoice: InvoiceDetail }
  | { type: 'invoice.retry' }
  | { type: 'invoice.deleteImage'; imageId: number }
  | { type: 'invoice.imagesAdded' };

/** One invoice: loaded, followed while its images are read, an image deleted on request. */
export const invoiceDetailMachine = setup({
  types: { context: {} as { id: number; invoice: InvoiceDetail | null; message: string | null }, events: {} as InvoiceDetailEvent, input: {} as { id: number } },
  actors: {
    follow: fromEventObservable<InvoiceDetailEvent, number>(({ input }) =>
      timer(0, 3000).pipe(
        concatMap(() => invoiceService.detail(input)),
        takeWhile((d) => d.status === 'inprocessing', true),
        map((invoice) => ({ type: 'invoice.loaded' as const, invoice })),
      )),
    deleteImage: fromCall(({ id, imageId }: { id: number; imageId: number }) => invoiceService.deleteImage(id, imageId)),
  },
  actions: {
    store: assign(({ event }) => (event.type === 'invoice.loaded' ? { invoice: event.invoice } : {})),
    sayDeleteFailed: assign({ message: INVOICE_MESSAGES.deleteImage }),
  },
}).createMachine({
  id: 'invoiceDetail',
  context: ({ input }) => ({ id: input.id, invoice: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'follow', input: ({ context }) => context.id, onError: 'failed' },
      on: { 'invoice.loaded': { target: 'loaded', actions: 'store' } },
    },
    loaded: {
      invoke: { src: 'follow', input: ({ context }) => context.id, onError: 'failed' },
      on: {
        'invoice.loaded': { actions: 'store' },
        'invoice.imagesAdded': { target: 'loaded', reenter: true },
        'invoice.deleteImage': { target: 'deletingImage' },
      },
    },
    deletingImage: {
      invoke: {
        src: 'deleteImage',
        input: ({ context, event }) => ({ id: context.id, imageId: event.type === 'invoice.deleteImage' ? event.imageId : 0 }),
        onDone: { target: 'loaded', actions: assign({ message: null }) },
        onError: { target: 'loaded', actions: 'sayDeleteFailed' },
      },
    },
    failed: { on: { 'invoice.retry': 'loading' } },
  },
});
