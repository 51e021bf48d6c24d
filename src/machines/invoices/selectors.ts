import type { SnapshotFrom } from 'xstate';
import { invoiceDate, searchInvoiceItems, searchInvoices, type InvoiceItem } from '../../model/invoices.ts';
import type { invoiceCsvMachine } from './invoice-csv.ts';
import type { invoiceDetailMachine } from './invoice-detail.ts';
import type { invoiceListMachine } from './invoice-list.ts';
import type { invoiceUploadMachine } from './invoice-upload.ts';

/** What the invoice pages show (accounts spec §2.6), read from their machines' snapshots. */

export { INVOICE_MESSAGES, invoiceDate, invoiceItemsCsv, statusColor } from '../../model/invoices.ts';

/** An invoice date as the pages write it, '--' when the invoice has none. */
export const invoiceDateText = (iso: string | null | undefined) => (iso ? invoiceDate(iso) : '--');

type L = SnapshotFrom<typeof invoiceListMachine>;
/** The rows the table shows: the invoices the search box keeps. */
export const selectShownInvoices = (s: L) => searchInvoices(s.context.invoices, s.context.search);
export const selectListSearch = (s: L) => s.context.search;
export const selectListState = (s: L) => s.value;
/** The invoice Delete Invoice asks about, while its dialog is open. */
export const selectConfirmingInvoice = (s: L) => s.context.invoices.find((i) => i.id === s.context.confirming) ?? null;
/** The open Upload Invoice modal's machine, if open. */
export const selectListUpload = (s: L) => s.context.upload;
type D = SnapshotFrom<typeof invoiceDetailMachine>;
export const selectInvoice = (s: D) => s.context.invoice;
const NO_ITEMS: InvoiceItem[] = [];
/** The items the items page shows: the invoice's, as its search box keeps them. */
export const selectShownItems = (s: D) => searchInvoiceItems(s.context.invoice?.items ?? NO_ITEMS, s.context.search);
export const selectItemSearch = (s: D) => s.context.search;
/** The image shown enlarged (attachment id), if any. */
export const selectEnlargedImage = (s: D) => s.context.enlarged;
export const selectConfirmingDelete = (s: D) => s.context.confirmingDelete;
/** The open Add Images modal's machine, if open. */
export const selectDetailUpload = (s: D) => s.context.upload;
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
export const selectUploadLocations = (s: U) => s.context.locations;
type C = SnapshotFrom<typeof invoiceCsvMachine>;
/** The invoice whose CSV is being fetched, if any. */
export const selectCsvFetching = (s: C) => (s.matches('fetching') ? s.context.id : null);
export const selectCsvMessage = (s: C) => s.context.message;
