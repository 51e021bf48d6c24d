import type { SnapshotFrom } from 'xstate';
import { invoiceDate } from '../../model/invoices.ts';
import type { invoiceCsvMachine } from './invoice-csv.ts';
import type { invoiceDetailMachine } from './invoice-detail.ts';
import type { invoiceListMachine } from './invoice-list.ts';
import type { invoiceUploadMachine } from './invoice-upload.ts';

/** What the invoice pages show (accounts spec §2.6), read from their machines' snapshots. */

export { INVOICE_MESSAGES, invoiceDate, invoiceItemsCsv, statusColor } from '../../model/invoices.ts';

/** An invoice date as the pages write it, '--' when the invoice has none. */
export const invoiceDateText = (iso: string | null | undefined) => (iso ? invoiceDate(iso) : '--');

type L = SnapshotFrom<typeof invoiceListMachine>;
export const selectInvoices = (s: L) => s.context.invoices;
export const selectListState = (s: L) => s.value;
type D = SnapshotFrom<typeof invoiceDetailMachine>;
export const selectInvoice = (s: D) => s.context.invoice;
export const selectDetailFailed = (s: D) => s.matches('failed');
export const selectDetailMessage = (s: D) => s.context.message;
export const selectDetailDeleted = (s: D) => s.matches('deleted');
/** An image or the invoice is being deleted: no second delete meanwhile. */
export const selectDetailBusy = (s: D) => s.matches('deletingImage') || s.matches('deletingInvoice');
type U = SnapshotFrom<typeof invoiceUploadMachine>;
export const selectUploadState = (s: U) => s.value;
export const selectUploadFiles = (s: U) => s.context.files;
export const selectUploadMessage = (s: U) => s.context.message;
export const selectUploadForm = (s: U) => ({ description: s.context.description, merchant: s.context.merchant });
/** The invoice this modal's files went to (null until the server made one). */
export const selectUploadedInvoice = (s: U) => s.context.invoiceId;
type C = SnapshotFrom<typeof invoiceCsvMachine>;
/** The invoice whose CSV is being fetched, if any. */
export const selectCsvFetching = (s: C) => (s.matches('fetching') ? s.context.id : null);
export const selectCsvMessage = (s: C) => s.context.message;
