import {
  selectCsvFetching, selectCsvMessage, selectDeleteLineView, selectDetailDeleted, selectImageUrl, selectInvoiceDetailView, selectInvoiceItemsView, selectInvoiceListView, selectLineForm, selectLineFormView, selectReviewImageView, selectReviewLinesView, selectReviewView, selectUploadView,
} from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { invoiceDetailMachine, type InvoiceDetailContext } from './invoice-detail.ts';
import { invoiceImageMachine } from './invoice-image.ts';
import { invoiceListMachine, type InvoiceListContext } from './invoice-list.ts';
import { invoiceCsvMachine, type InvoiceCsvContext } from './invoice-csv.ts';
import { invoiceReviewMachine, type InvoiceReviewContext } from './invoice-review.ts';
import { invoiceCsvEvents, invoiceDetailEvents, invoiceImageEvents, invoiceListEvents, invoiceReviewEvents, invoiceUploadEvents } from './invoice-samples.ts';
import { readDraft } from '../../model/invoice-review.ts';
import { invoiceUploadMachine, type InvoiceUploadContext } from './invoice-upload.ts';

/** Invoice scanning's machines (accounts spec §2.6, §4), joined into MACHINES by registry.ts. */
export const INVOICE_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'invoice-upload',
    description: "The Upload Invoice modal: files checked before sending, sent one after another, then success, partial success (Retry sends the failed ones) or failure; closing it ends it.",
    machine: invoiceUploadMachine,
    views: { upload: selectUploadView },
    events: invoiceUploadEvents,
    variants: [{ label: 'new invoice', input: () => ({ invoiceId: null }) }, { label: 'adding images to invoice 7', input: () => ({ invoiceId: 7 }) }],
    // What a user sees: the form filled or not, each file's bar (waiting, sending, done, failed), whether it joins an invoice, the message.
    serializeState: seenState<InvoiceUploadContext>((c) => [c.description !== '', c.merchant !== '', c.files.map((f) => f.state), c.invoiceId !== null, c.message]),
    labels: {
      'upload.fieldChanged': 'Type the Invoice Name or the Location',
      'upload.filesAdded': 'Drop images on the box (or pick them)',
      'upload.send': 'Press Send Images',
      'upload.progress': 'A file is partly sent (its bar grows)',
      'upload.fileDone': 'The server takes a file',
      'upload.fileFailed': 'A file fails (server error or 30 s without an answer)',
      'upload.retry': 'Press Retry',
      'upload.cleared': 'Press Clear Images',
      'upload.closed': 'Close the modal (its X or Escape); a file still being sent is abandoned',
      'xstate.done.actor.locations': "The user's locations arrive as the Location field's suggestions",
      'xstate.error.actor.locations': 'Loading the locations fails (the field still takes a typed name)',
    },
    checks: {
      idle: "The form and the chosen files; 'Name and location are required.', 'Max file size is 10mb' or 'You have already uploaded…' when a rule is broken",
      uploading: 'Send Images spins; each file has its progress bar',
      success: "'Successfully Uploaded Invoice!', every bar green",
      partialSuccess: "'Some Of Your Images Failed to Upload.' and Retry; failed bars red",
      failure: "'Failed to upload {file}' and Retry",
      closed: 'The modal is gone; the page shows what was sent',
    },
  },
  {
    name: 'invoice-list',
    description: "The invoice list: loaded (or 'No Invoices'), searched, followed while an invoice is read; Upload Invoice opens its modal and a new upload shows 'InProcess'; delete asks first and fails silently.",
    machine: invoiceListMachine,
    views: { list: selectInvoiceListView },
    events: invoiceListEvents,
    variants: [{ label: 'page opened' }],
    // What a user sees: rows or none, one 'InProcess', the search typed, the delete dialog, the upload modal.
    serializeState: seenState<InvoiceListContext>((c) => [
      c.invoices.length > 0, c.invoices.some((i) => i.status === 'InProcess'), c.search !== '', c.confirming !== null, c.upload !== null,
    ]),
    labels: {
      'invoices.loaded': 'The invoices arrive (again every 3 s while one is being read)',
      'xstate.error.actor.watch': 'Loading the invoices fails',
      'invoices.retry': 'Press Retry',
      'invoices.searchChanged': 'Type in Search (rows whose name, location and status hold it stay)',
      'invoices.uploadOpened': 'Press Upload Invoice (a fresh modal opens)',
      'xstate.done.actor.upload': "Close the Upload Invoice modal, opened with Upload Invoice (after an upload, the new invoice shows 'InProcess')",
      'invoices.deleteAsked': 'Press delete on a row (Delete Invoice asks about it)',
      'invoices.deleteCancelled': 'Press Cancel in Delete Invoice',
      'invoices.deleteConfirmed': 'Press Delete in Delete Invoice',
      'xstate.done.actor.deleteInvoice': 'The server deletes the invoice',
      'xstate.error.actor.deleteInvoice': 'Deleting fails (silently)',
    },
    checks: {
      loading: 'The table shows its loader',
      loaded: "The invoices the search keeps, with coloured statuses, or 'No Invoices'; the Upload Invoice modal or Delete Invoice dialog if open",
      deleting: 'The row is gone from the table',
      failed: "'Failed To Fetch Your Invoices.' with Retry",
    },
  },
  {
    name: 'invoice-detail',
    description: 'One invoice and its items page: loaded and followed while read; items searched; an image enlarged or deleted, images added, the invoice deleted after asking (back to the list).',
    machine: invoiceDetailMachine,
    views: { detail: selectInvoiceDetailView, items: selectInvoiceItemsView, deleted: selectDetailDeleted },
    events: invoiceDetailEvents,
    variants: [{ label: 'invoice 7 opened', input: () => ({ id: 7 }) }, { label: 'a malformed invoice address opened', input: () => ({ id: 0 }) }],
    // What a user sees: the status, the message, the items' search typed, the enlarged image, the delete dialog, the Add Images modal.
    serializeState: seenState<InvoiceDetailContext>((c) => [
      c.invoice?.status ?? null, c.message, c.search !== '', c.enlarged !== null, c.confirmingDelete, c.upload !== null,
    ]),
    labels: {
      'invoice.loaded': 'The invoice arrives (again every 3 s while it is being read)',
      'xstate.error.actor.follow': 'Loading the invoice fails',
      'invoice.retry': 'Press Retry',
      'invoice.imageFailed': 'An image does not load',
      'invoice.searchChanged': 'On the items page, type in Search (items whose description, brand and item code hold it stay)',
      'invoice.imageEnlarged': 'Click an image (it opens enlarged)',
      'invoice.imageClosed': 'Close the enlarged image',
      'invoice.deleteImage': 'Press delete on an image',
      'xstate.done.actor.deleteImage': 'The server deletes the image',
      'xstate.error.actor.deleteImage': 'Deleting the image fails',
      'invoice.addImagesOpened': 'Press Add Images (a fresh modal opens)',
      'xstate.done.actor.upload': 'Close the Add Images modal, opened with Add Images (the invoice is asked for again)',
      'invoice.deleteAsked': 'Press Delete Invoice (it asks first)',
      'invoice.deleteCancelled': 'Press Cancel in Delete Invoice',
      'invoice.deleteConfirmed': 'Press Delete in Delete Invoice',
      'xstate.done.actor.deleteInvoice': 'The server deletes the invoice',
      'xstate.error.actor.deleteInvoice': 'Deleting the invoice fails (silently)',
    },
    checks: {
      loading: "'Loading…'",
      loaded: 'General Info, Status with its reason, the images, the total paid above deviated prices (items page: the items the search keeps); the enlarged image, Add Images or Delete Invoice if open',
      deletingImage: 'The invoice as it was while the image is deleted',
      deletingInvoice: 'The invoice as it was while it is deleted',
      deleted: 'Back on the invoice list',
      malformed: 'Back on the invoice list',
      failed: "'Failed To Fetch Invoice' with Retry",
    },
  },
  {
    name: 'invoice-review',
    description: "Reviewing the lines read from an invoice, on its page: a line selected shows where it was read on the image; a line edited, typed in or deleted (after asking) is saved and the invoice's checks redone; a failed save keeps the draft for Retry or Cancel.",
    machine: invoiceReviewMachine,
    views: { review: selectReviewView, lines: selectReviewLinesView, lineForm: selectLineForm, form: selectLineFormView, deleteLine: selectDeleteLineView, image: selectReviewImageView },
    events: invoiceReviewEvents,
    variants: [{ label: 'invoice 7 opened', input: () => ({ invoiceId: 7 }) }],
    // What a user sees: the status, a line selected, the form (a line's or a new one) and whether its numbers read, the delete dialog, the error.
    serializeState: seenState<InvoiceReviewContext>((c) => [
      c.invoice?.status ?? null, c.invoice?.items[0]?.correctedBy ?? null, c.selected !== null,
      c.editing === 'new' ? 'new' : c.editing !== null, readDraft(c.draft).correction !== null, c.deleting !== null, c.error !== null,
    ]),
    labels: {
      'review.invoice': 'The invoice arrives on the page (again every 3 s while it is being read)',
      'review.select': 'Click a line (its box is highlighted on the image)',
      'review.edit': "Press Edit on a line (its form opens, filled)",
      'review.add': 'Press Add line (an empty form opens)',
      'review.change': 'Type in a field of the form (a bad number is named under it)',
      'review.save': 'Press Save, or Enter in the form',
      'review.cancel': 'Press Cancel, or Escape',
      'review.delete': 'Press Delete on a line (it asks first)',
      'review.deleteConfirmed': 'Press Delete in Delete line',
      'review.retry': 'Press Retry',
      'xstate.done.actor.save': 'The server saves the change (the invoice comes back with its checks redone)',
      'xstate.error.actor.save': 'Saving fails',
    },
    checks: {
      reading: "'The images are being read…' and the lines read so far",
      ready: "The image beside the lines, doubtful ones first marked Check; the selected line highlighted on the image (or 'not recorded' / 'Typed in'); 'Corrected by … on …' under corrected lines",
      editing: 'The line form, with what is wrong with each bad number',
      confirmingDelete: 'Delete line asks about the line',
      saving: 'Save (or Delete) spins',
      failed: "'Could not save the line.' with Retry and Cancel; the draft as typed",
    },
  },
  {
    name: 'invoice-csv',
    description: 'On phones, the CSV of a done invoice in the list: its items are fetched, then saved as invoiceItems.csv.',
    machine: invoiceCsvMachine,
    views: { fetching: selectCsvFetching, message: selectCsvMessage },
    events: invoiceCsvEvents,
    variants: [{ label: 'list opened on a phone' }],
    serializeState: seenState<InvoiceCsvContext>((c) => [c.message !== null]),
    labels: {
      'csv.requested': 'Press CSV on a done invoice',
      'xstate.done.actor.loadItems': 'The items arrive (invoiceItems.csv is saved)',
      'xstate.error.actor.loadItems': 'Loading the items fails',
    },
    checks: {
      idle: "The list; after a failure, 'Failed To Fetch Invoice'",
      fetching: 'The CSV button spins',
    },
  },
  {
    name: 'invoice-image',
    description: "One invoice image (thumbnail or enlarged): loaded through the API, shown, or 'Failed To Load Images'.",
    machine: invoiceImageMachine,
    views: { url: selectImageUrl },
    events: invoiceImageEvents,
    variants: [{ label: 'thumbnail 31 in the grid', input: () => ({ attachmentId: 31, thumbnail: true }) }],
    labels: { 'image.ready': 'The image arrives', 'image.failed': 'The image cannot be loaded' },
    checks: { loading: 'A grey placeholder', shown: 'The image', failed: "A placeholder, and 'Failed To Load Images' on the page" },
  },
];
