import type { SnapshotFrom } from 'xstate';
import { invoiceDate, searchInvoiceItems, searchInvoices, type InvoiceItem } from '../../model/invoices.ts';
import { lineDoubtful } from '../../model/invoice-parser.ts';
import { readDraft } from '../../model/invoice-review.ts';
import type { invoiceCsvMachine } from './invoice-csv.ts';
import type { invoiceDetailMachine } from './invoice-detail.ts';
import { reviewImageOf, type invoiceReviewMachine } from './invoice-review.ts';
import type { invoiceImageMachine } from './invoice-image.ts';
import type { invoiceListMachine } from './invoice-list.ts';
import type { invoiceUploadMachine } from './invoice-upload.ts';

/** What the invoice pages show (accounts spec §2.6), read from their machines' snapshots. */

export { INVOICE_MESSAGES, invoiceDate, invoiceItemsCsv, statusColor } from '../../model/invoices.ts';
export { LINE_FIELD_LABELS, LINE_FIELDS, type LineField } from '../../model/invoice-review.ts';

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
/** The phones' CSV of a done invoice (the list's child). */
export const selectListCsv = (s: L) => s.children.csv!;
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
/** The page is going to the list (the invoice deleted, or a malformed id): nothing to show. */
export const selectDetailGone = (s: D) => s.matches('deleted') || s.matches('malformed');
/** The thumbnail machine of each image of the invoice, by attachment id. */
export const selectThumbnails = (s: D) => s.context.thumbnails;
/** The enlarged image's machine, while one is enlarged. */
export const selectEnlargedImageActor = (s: D) => s.context.enlargedImage;
/** An image or the invoice is being deleted: no second delete meanwhile. */
export const selectDetailBusy = (s: D) => s.matches('deletingImage') || s.matches('deletingInvoice');
/** The review of the lines read (the page's child, for the page's life). */
export const selectReview = (s: D) => s.children.review;
type U = SnapshotFrom<typeof invoiceUploadMachine>;
export const selectUploadState = (s: U) => s.value;
/** The chosen files as the list shows them (the bytes stay in the machine). */
export const selectUploadFiles = (s: U) => s.context.files.map(({ name, size, state, percent }) => ({ name, size, state, percent }));
export const selectUploadMessage = (s: U) => s.context.message;
export const selectUploadForm = (s: U) => ({ description: s.context.description, merchant: s.context.merchant });
export const selectUploadLocations = (s: U) => s.context.locations;
type C = SnapshotFrom<typeof invoiceCsvMachine>;
/** The invoice whose CSV is being fetched, if any. */
export const selectCsvFetching = (s: C) => (s.matches('fetching') ? s.context.id : null);
export const selectCsvMessage = (s: C) => s.context.message;

type R = SnapshotFrom<typeof invoiceReviewMachine>;
/** The lines, as the server orders them: doubtful first, then in reading order. */
export const selectReviewLines = (s: R) => s.context.invoice?.items ?? NO_ITEMS;
export const selectReviewReading = (s: R) => s.matches('reading');
/** Edit, Delete and Add line work only while the lines are shown and nothing else is open. */
export const selectCanCorrect = (s: R) => s.matches('ready');
export const selectSelectedLine = (s: R) => s.context.selected;
/**
 * The image beside the lines (the selected line's, else the first) and the box to highlight on
 * it, in fractions of its size; no box for a line typed in or read without one.
 */
export const selectReviewImage = (s: R) => reviewImageOf(s.context);
/** The machine loading the image under review. */
export const selectReviewImageActor = (s: R) => s.context.image;

type I = SnapshotFrom<typeof invoiceImageMachine>;
/** The image's object URL once it has arrived (null until then). */
export const selectImageUrl = (s: I) => s.context.url;
/** What the image says of the selected line when it has no box to highlight. */
export const whereText = (line: InvoiceItem) => (line.added ? 'Typed in by a reviewer: not on the image.' : 'Where this line was read was not recorded.');
/** 'Corrected by Lee on Nov 25th 2026' (typed-in lines: 'Typed in by …'), null while a line is as read. */
export const correctedText = (line: InvoiceItem) =>
  line.correctedBy && line.correctedAt ? `${line.added ? 'Typed in' : 'Corrected'} by ${line.correctedBy} on ${invoiceDate(line.correctedAt)}` : null;
/** Why a line is marked Check. */
export const DOUBTFUL_TEXT = 'Check this line: quantity × unit price does not equal the total (or one of them is missing).';

/** The edit form, while open: the line it edits ('new' for one typed in), the draft, what is wrong with it, and the failed save. */
export const selectLineForm = (s: R) => (s.context.editing === null ? null : { editing: s.context.editing, failed: s.matches('failed'), saving: s.matches('saving') });
export const selectDraft = (s: R) => s.context.draft;
/** Each field's problem (the same rules the server applies). */
export const selectDraftProblems = (s: R) => readDraft(s.context.draft).problems;
/** The draft reads, but the server will mark it Check: a number missing, or quantity × unit price ≠ total. */
export const selectDraftDoubtful = (s: R) => {
  const line = readDraft(s.context.draft).correction;
  return line !== null && lineDoubtful(line.quantity, line.unitPrice, line.totalPrice);
};
/** The line Delete asks about (or is deleting, or failed to delete). */
export const selectDeletingLine = (s: R) => s.context.invoice?.items.find((i) => i.id === s.context.deleting) ?? null;
export const selectDeleteState = (s: R) => (s.matches('failed') ? 'failed' : s.matches('saving') ? 'saving' : 'asking');
export const selectReviewError = (s: R) => s.context.error;

/** An invoice's page: the invoice, its load failed or gone, the message, busy, the enlarged image and its actor, the thumbnails, the upload and review actors, and a delete being confirmed. */
export const selectInvoiceDetailView = (s: D) => ({
  invoice: selectInvoice(s),
  failed: selectDetailFailed(s),
  message: selectDetailMessage(s),
  gone: selectDetailGone(s),
  busy: selectDetailBusy(s),
  enlarged: selectEnlargedImage(s),
  enlargedImage: selectEnlargedImageActor(s),
  thumbnails: selectThumbnails(s),
  upload: selectDetailUpload(s),
  confirmingDelete: selectConfirmingDelete(s),
  review: selectReview(s),
});

/** An invoice's items: the invoice, the items the search shows, the search, and whether the load failed or the invoice is gone. */
export const selectInvoiceItemsView = (s: D) => ({
  invoice: selectInvoice(s),
  items: selectShownItems(s),
  search: selectItemSearch(s),
  failed: selectDetailFailed(s),
  gone: selectDetailGone(s),
});

/** Invoice Scanning's list: the invoices the search shows, the search, the list's state, the invoice whose delete is being confirmed, and the upload and CSV actors. */
export const selectInvoiceListView = (s: L) => ({
  rows: selectShownInvoices(s),
  search: selectListSearch(s),
  loading: selectListState(s) === 'loading',
  failed: selectListState(s) === 'failed',
  confirming: selectConfirmingInvoice(s),
  upload: selectListUpload(s),
  csv: selectListCsv(s),
});

/** The invoice review: whether the invoice is being read, and whether lines may be corrected. */
export const selectReviewView = (s: R) => ({
  reading: selectReviewReading(s),
  canCorrect: selectCanCorrect(s),
});

/** Deleting a line: the line, the step of its delete, and the error. */
export const selectDeleteLineView = (s: R) => ({
  line: selectDeletingLine(s),
  busy: selectDeleteState(s) === 'saving',
  /** After a failed delete, Delete tries again. */
  retry: selectDeleteState(s) === 'failed',
  error: selectReviewError(s),
});

/** The line form: the draft, its problems and doubtful fields, and the error. */
export const selectLineFormView = (s: R) => ({
  draft: selectDraft(s),
  problems: selectDraftProblems(s),
  doubtful: selectDraftDoubtful(s),
  error: selectReviewError(s),
});

/** The review's lines: all of them, the one selected, and whether lines may be corrected. */
export const selectReviewLinesView = (s: R) => ({
  lines: selectReviewLines(s),
  selected: selectSelectedLine(s),
  canCorrect: selectCanCorrect(s),
});

/** The upload dialog: its state, the files and their progress, the message, the form and the locations offered. */
export const selectUploadView = (s: U) => {
  const state = selectUploadState(s);
  return {
    files: selectUploadFiles(s).map((f) => ({ ...f, failed: f.state === 'failed', tone: f.state === 'failed' ? 'red' : f.state === 'done' ? 'green' : 'blue' })),
    message: selectUploadMessage(s),
    form: selectUploadForm(s),
    /** Adding images to an invoice: the title says so and there is no name or location to type. */
    addingTo: s.context.addingTo,
    locations: selectUploadLocations(s),
    /** Every image went: the message is good news and Send Images has nothing left to send. */
    sent: state === 'success',
    sending: state === 'uploading',
    /** After a send that failed in part or whole, Retry sends what did not go. */
    offersRetry: state === 'partialSuccess' || state === 'failure',
  };
};

/** The review's image: the image, the selected line's box and the line, and the image loader's actor. */
export const selectReviewImageView = (s: R) => ({ ...selectReviewImage(s), loader: selectReviewImageActor(s) });
