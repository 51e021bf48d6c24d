import type { AnyEventObject } from 'xstate';
import type { InvoiceDetail, InvoiceSummary } from '../../model/invoices.ts';
import { ApiError } from '../../services/api-client.ts';

/** Sample invoices and events of invoice scanning, for generating paths (registration) and for tests. */

export const sampleSummary = (over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: 7, attachmentGroupingId: 'AG-00007-1234', description: 'Weekly produce', merchantName: 'Blue Anchor Grill',
  status: 'done', reason: null, createdAt: '2026-11-02T10:00:00.000Z', ...over,
});

export const sampleDetail = (over: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  ...sampleSummary(), brand: 'Summit Provisions Hartford', invoiceDate: '2026-10-02', deliveryDate: '2026-10-03', taxAmount: 58.16,
  overpaidTotal: 15, images: [{ attachmentId: 31, filename: 'page-1.png', src: '/api/invoice/image/31', width: 1275, height: 1650 }],
  items: [{ id: 1, description: 'Salmon Fillet Atlantic Skin On', brand: 'North Sea', pack: '10 LB', uom: 'CS', itemCode: '10413370',
    quantity: 3, unitPrice: 124.9, totalPrice: 374.7, doubtful: false, deviatedPrice: 119.9, overpaid: 15,
    box: { x: 0.06, y: 0.42, w: 0.88, h: 0.025 }, imageId: 31, added: false, correctedBy: null, correctedAt: null }],
  ...over,
});

/** Two files chosen in the Upload Invoice modal; their `file` is an empty Blob (the stream is replaced in tests). */
export const chosen = (name: string, size = 45_125) => ({ name, size, file: new Blob([]) });

export const invoiceUploadEvents: readonly AnyEventObject[] = [
  { type: 'upload.fieldChanged', field: 'description', value: 'Weekly produce' },
  { type: 'upload.fieldChanged', field: 'merchant', value: 'Blue Anchor Grill' },
  { type: 'upload.filesAdded', files: [chosen('page-1.png'), chosen('page-2.png')] },
  { type: 'upload.filesAdded', files: [chosen('huge.png', 10_000_001)] },
  { type: 'upload.send' },
  { type: 'upload.progress', index: 0, percent: 50 },
  { type: 'upload.fileDone', index: 0, invoiceId: 7, at: '2026-11-02T10:05:00.000Z' },
  { type: 'upload.fileDone', index: 1, invoiceId: 7, at: '2026-11-02T10:05:02.000Z' },
  { type: 'upload.fileFailed', index: 0, message: 'Failed to upload page-1.png' },
  { type: 'upload.fileFailed', index: 1, message: 'Failed to upload page-2.png' },
  { type: 'upload.retry' },
  { type: 'upload.cleared' },
  { type: 'upload.closed' },
  { type: 'xstate.done.actor.locations', output: ['Blue Anchor Grill', 'Harbor Diner'] },
  { type: 'xstate.error.actor.locations', error: new ApiError(500, 'Something went wrong') },
];

export const invoiceListEvents: readonly AnyEventObject[] = [
  { type: 'invoices.loaded', invoices: [sampleSummary()] },
  { type: 'invoices.loaded', invoices: [] },
  { type: 'xstate.error.actor.watch', error: new ApiError(500, 'Something went wrong') },
  { type: 'invoices.retry' },
  { type: 'invoices.searchChanged', search: 'grill' },
  { type: 'invoices.searchChanged', search: '' },
  { type: 'invoices.uploadOpened' },
  { type: 'xstate.done.actor.upload', output: { id: 8, description: 'Friday delivery', merchantName: 'Blue Anchor Grill' } },
  { type: 'xstate.done.actor.upload', output: null },
  { type: 'invoices.deleteAsked', id: 7 },
  { type: 'invoices.deleteCancelled' },
  { type: 'invoices.deleteConfirmed' },
  { type: 'xstate.done.actor.deleteInvoice' },
  { type: 'xstate.error.actor.deleteInvoice', error: new ApiError(500, 'Something went wrong') },
];

export const invoiceDetailEvents: readonly AnyEventObject[] = [
  { type: 'invoice.loaded', invoice: sampleDetail() },
  { type: 'invoice.loaded', invoice: sampleDetail({ status: 'inprocessing', items: [], overpaidTotal: 0 }) },
  { type: 'xstate.error.actor.follow', error: new ApiError(404, 'No such invoice.') },
  { type: 'invoice.retry' },
  { type: 'invoice.imageFailed' },
  { type: 'invoice.searchChanged', search: 'salmon' },
  { type: 'invoice.searchChanged', search: '' },
  { type: 'invoice.imageEnlarged', imageId: 31 },
  { type: 'invoice.imageClosed' },
  { type: 'invoice.deleteImage', imageId: 31 },
  { type: 'xstate.done.actor.deleteImage', output: { ok: true } },
  { type: 'xstate.error.actor.deleteImage', error: new ApiError(500, 'Something went wrong') },
  { type: 'invoice.addImagesOpened' },
  { type: 'xstate.done.actor.upload', output: { id: 7, description: 'Weekly produce', merchantName: 'Blue Anchor Grill' } },
  { type: 'invoice.deleteAsked' },
  { type: 'invoice.deleteCancelled' },
  { type: 'invoice.deleteConfirmed' },
  { type: 'xstate.done.actor.deleteInvoice' },
  { type: 'xstate.error.actor.deleteInvoice', error: new ApiError(500, 'Something went wrong') },
];

/** The sample invoice after a reviewer made its line's quantity 4: it no longer adds up. */
export const correctedDetail = () => {
  const read = sampleDetail();
  return sampleDetail({ items: [{ ...read.items[0]!, quantity: 4, doubtful: true, overpaid: 20, correctedBy: 'Lee Leader', correctedAt: '2026-11-25T09:30:00.000Z' }], overpaidTotal: 20 });
};

export const invoiceReviewEvents: readonly AnyEventObject[] = [
  { type: 'review.invoice', invoice: sampleDetail() },
  { type: 'review.invoice', invoice: sampleDetail({ status: 'inprocessing', items: [], overpaidTotal: 0 }) },
  { type: 'review.select', lineId: 1 },
  { type: 'review.edit', lineId: 1 },
  { type: 'review.add' },
  { type: 'review.change', field: 'quantity', value: '4' },
  { type: 'review.change', field: 'quantity', value: 'four' },
  { type: 'review.save' },
  { type: 'review.cancel' },
  { type: 'review.delete', lineId: 1 },
  { type: 'review.deleteConfirmed' },
  { type: 'review.retry' },
  { type: 'xstate.done.actor.save', output: correctedDetail() },
  { type: 'xstate.error.actor.save', error: new ApiError(500, 'Something went wrong') },
];

export const invoiceCsvEvents: readonly AnyEventObject[] = [
  { type: 'csv.requested', id: 7 },
  { type: 'xstate.done.actor.loadItems', output: sampleDetail() },
  { type: 'xstate.error.actor.loadItems', error: new ApiError(500, 'Something went wrong') },
];

export const invoiceImageEvents: readonly AnyEventObject[] = [
  { type: 'image.ready', url: 'blob:http://127.0.0.1/3f1c' },
  { type: 'image.failed' },
];

/**
 * Whether a replay can take a generated path: the upload modal's done event (it closed) comes
 * only from an open modal (`opened` opens it), which the path generator does not know.
 */
export const closesOpenUploadOnly = (opened: string) => (path: readonly AnyEventObject[]) => {
  let open = false;
  for (const e of path) {
    if (e.type === opened) open = true;
    else if (e.type === 'xstate.done.actor.upload') {
      if (!open) return false;
      open = false;
    }
  }
  return true;
};
