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
  overpaidTotal: 15, images: [{ attachmentId: 31, filename: 'page-1.png', src: '/api/invoice/image/31' }],
  items: [{ id: 1, description: 'Salmon Fillet Atlantic Skin On', brand: 'North Sea', pack: '10 LB', uom: 'CS', itemCode: '10413370',
    quantity: 3, unitPrice: 124.9, totalPrice: 374.7, doubtful: false, deviatedPrice: 119.9, overpaid: 15 }],
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
  { type: 'upload.fileDone', index: 0, invoiceId: 7 },
  { type: 'upload.fileDone', index: 1, invoiceId: 7 },
  { type: 'upload.fileFailed', index: 0, message: 'Failed to upload page-1.png' },
  { type: 'upload.fileFailed', index: 1, message: 'Failed to upload page-2.png' },
  { type: 'upload.retry' },
  { type: 'upload.cleared' },
];

export const invoiceListEvents: readonly AnyEventObject[] = [
  { type: 'invoices.loaded', invoices: [sampleSummary()] },
  { type: 'invoices.loaded', invoices: [] },
  { type: 'xstate.error.actor.watch', error: new ApiError(500, 'Something went wrong') },
  { type: 'invoices.retry' },
  { type: 'invoices.uploaded', invoice: { id: 8, description: 'Friday delivery', merchantName: 'Blue Anchor Grill' } },
  { type: 'invoices.delete', id: 7 },
  { type: 'xstate.done.actor.deleteInvoice' },
  { type: 'xstate.error.actor.deleteInvoice', error: new ApiError(500, 'Something went wrong') },
];

export const invoiceDetailEvents: readonly AnyEventObject[] = [
  { type: 'invoice.loaded', invoice: sampleDetail() },
  { type: 'invoice.loaded', invoice: sampleDetail({ status: 'inprocessing', items: [], overpaidTotal: 0 }) },
  { type: 'xstate.error.actor.follow', error: new ApiError(404, 'No such invoice.') },
  { type: 'invoice.retry' },
  { type: 'invoice.imageFailed' },
  { type: 'invoice.deleteImage', imageId: 31 },
  { type: 'xstate.done.actor.deleteImage', output: { ok: true } },
  { type: 'xstate.error.actor.deleteImage', error: new ApiError(500, 'Something went wrong') },
  { type: 'invoice.imagesAdded' },
  { type: 'invoice.delete' },
  { type: 'xstate.done.actor.deleteInvoice' },
  { type: 'xstate.error.actor.deleteInvoice', error: new ApiError(500, 'Something went wrong') },
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
