import * as t from 'io-ts';
import { describedAs, IdText } from './codec.ts';
import type { LineBox as LineBoxType } from './invoice-parser.ts';

// Accounts spec §5, §8, §9: the invoice upload's rules and messages.
export const MAX_INVOICE_FILE_BYTES = 10_000_000;
export const INVOICE_UPLOAD_TIMEOUT_MS = 30_000;
export const INVOICE_ACCEPTED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;
export const INVOICE_MESSAGES = {
  maxSize: 'Max file size is 10mb',
  nameAndLocation: 'Name and location are required.',
  duplicates: (names: string[]) => `You have already uploaded the following files: ${names.join(', ')}`,
  wrongType: 'Only png, jpg and gif images are accepted.',
  uploaded: 'Successfully Uploaded Invoice!',
  partial: 'Some Of Your Images Failed to Upload.',
  failed: (file: string) => `Failed to upload ${file}`,
  fetchList: 'Failed To Fetch Your Invoices.',
  fetchOne: 'Failed To Fetch Invoice',
  noItems: 'No Items',
  noInvoices: 'No Invoices',
  loadImages: 'Failed To Load Images',
  deleteImage: 'Could Not Delete Image.',
} as const;

export type InvoiceStatus = 'InProcess' | 'inprocessing' | 'done' | 'problem' | string;
/** §4: yellow while being read, green when done, red for a problem or anything else. */
export function statusColor(status: InvoiceStatus): 'yellow' | 'green' | 'red' {
  if (beingRead(status)) return 'yellow';
  return status === 'done' ? 'green' : 'red';
}

/** Still being read: the server's 'inprocessing', or 'InProcess' shown locally right after an upload. */
export const beingRead = (status: InvoiceStatus) => status === 'inprocessing' || status === 'InProcess';

/** §4: the row a just-uploaded invoice shows ('InProcess') until the server's own status arrives. */
export function inProcessRow(invoice: { id: number; description: string; merchantName: string }, nowIso: string): InvoiceSummary {
  return { ...invoice, attachmentGroupingId: '', status: 'InProcess', reason: null, createdAt: nowIso };
}

/**
 * The invoice pages' search boxes: the rows whose searched fields, read as one line, hold the
 * search (trimmed, case aside), so 'grill done' finds a done invoice of Blue Anchor Grill.
 * A blank search keeps the very same list.
 */
function searchRows<R>(rows: R[], search: string, fields: (row: R) => readonly string[]): R[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? rows : rows.filter((row) => fields(row).join(' ').toLowerCase().includes(needle));
}
/** The invoice list's search (§2.6): name, location and status. */
export const searchInvoices = (invoices: InvoiceSummary[], search: string) => searchRows(invoices, search, (i) => [i.description, i.merchantName, i.status]);
/** An invoice's items' search (§2.6): description, brand and item code. */
export const searchInvoiceItems = (items: InvoiceItem[], search: string) => searchRows(items, search, (i) => [i.description, i.brand, i.itemCode]);

export type FileFacts = { name: string; size: number };
/**
 * Splits chosen files into those that may be sent and a message naming each refused one with its
 * reason (too large, not an image, already chosen); one wrong file never drops the good ones.
 */
export function screenFiles<F extends FileFacts>(files: readonly F[], alreadyChosen: readonly string[]): { accepted: F[]; problem: string | null } {
  const ext = (n: string) => n.toLowerCase().split('.').pop() ?? '';
  const seen = new Set(alreadyChosen);
  const refused = { maxSize: [] as string[], wrongType: [] as string[], duplicates: [] as string[] };
  const accepted: F[] = [];
  for (const f of files) {
    if (f.size > MAX_INVOICE_FILE_BYTES) refused.maxSize.push(f.name);
    else if (!(INVOICE_ACCEPTED_EXTENSIONS as readonly string[]).includes(ext(f.name))) refused.wrongType.push(f.name);
    else if (seen.has(f.name)) refused.duplicates.push(f.name);
    else {
      seen.add(f.name);
      accepted.push(f);
    }
  }
  const problem = [
    refused.maxSize.length ? `${INVOICE_MESSAGES.maxSize}: ${refused.maxSize.join(', ')}` : '',
    refused.wrongType.length ? `${INVOICE_MESSAGES.wrongType.replace(/\.$/, '')}: ${refused.wrongType.join(', ')}` : '',
    refused.duplicates.length ? INVOICE_MESSAGES.duplicates([...new Set(refused.duplicates)]) : '',
  ].filter(Boolean).join('. ');
  return { accepted, problem: problem || null };
}

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
export const InvoiceSummary = t.type({
  id: t.number, attachmentGroupingId: t.string, description: t.string, merchantName: t.string,
  status: t.string, reason: nullable(t.string), createdAt: t.string,
});
export type InvoiceSummary = t.TypeOf<typeof InvoiceSummary>;
export const InvoiceList = t.array(InvoiceSummary);
/** Where a line was read on its image (invoice-parser.ts), in fractions of the image's width and height. */
export const LineBox: t.Type<LineBoxType> = t.type({ x: t.number, y: t.number, w: t.number, h: t.number });
export const InvoiceItem = t.type({
  id: t.number, description: t.string, brand: t.string, pack: t.string, uom: t.string, itemCode: t.string,
  quantity: nullable(t.number), unitPrice: nullable(t.number), totalPrice: nullable(t.number), doubtful: t.boolean,
  deviatedPrice: nullable(t.number), overpaid: nullable(t.number),
  /** Null when unknown (typed in, or read without word boxes). */
  box: nullable(LineBox),
  /** The image it was read from; null for a line a reviewer typed in (`added`). */
  imageId: nullable(t.number), added: t.boolean,
  /** Who last corrected it (name, else email) and when; null while it is as read. */
  correctedBy: nullable(t.string), correctedAt: nullable(t.string),
});
export type InvoiceItem = t.TypeOf<typeof InvoiceItem>;
export const InvoiceImage = t.type({ attachmentId: t.number, filename: t.string, src: t.string, width: nullable(t.number), height: nullable(t.number) });
export type InvoiceImage = t.TypeOf<typeof InvoiceImage>;
/** One invoice; its items doubtful first, then in reading order (image by image, typed-in lines last). */
export const InvoiceDetail = t.intersection([InvoiceSummary, t.type({
  brand: nullable(t.string), invoiceDate: nullable(t.string), deliveryDate: nullable(t.string), taxAmount: nullable(t.number),
  overpaidTotal: t.number, images: t.array(InvoiceImage), items: t.array(InvoiceItem),
})]);
export type InvoiceDetail = t.TypeOf<typeof InvoiceDetail>;
export const UploadAnswer = t.type({ id: t.number, imageId: t.number });
export type UploadAnswer = t.TypeOf<typeof UploadAnswer>;

export const InvoiceIdParams = t.type({ id: IdText });
export const InvoiceImageParams = t.type({ id: IdText, imageId: IdText });
export const AttachmentParams = t.type({ attachmentId: IdText });
export const ImageQuery = t.partial({ thumbnail: t.union([t.literal('1'), t.literal('true')]) });
const Text = (max: number) => describedAs(new t.Type<string, string, unknown>('text', (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' && u.trim() !== '' && u.length <= max ? t.success(u.trim()) : t.failure(u, c, INVOICE_MESSAGES.nameAndLocation)), t.identity), { type: 'string', minLength: 1, maxLength: max });
/** The multipart form's text fields: description (the invoice's name) and merchant (its location). */
export const UploadFields = t.type({ description: Text(200), merchant: Text(200) });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** §9: 'MMM Do YYYY' ('Oct 1st 2026'), from an ISO date or timestamp (its UTC calendar day). */
export function invoiceDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
  return `${MONTHS[m - 1]} ${d}${suffix} ${y}`;
}
/** invoiceItems.csv (§2.6): item description, brand, packsize, totalPrice, quantity, itemCode, uom. */
export const INVOICE_ITEMS_CSV_HEADER = ['item description', 'brand', 'packsize', 'totalPrice', 'quantity', 'itemCode', 'uom'] as const;
export const invoiceItemsCsvRows = (items: InvoiceItem[]) =>
  items.map((i) => [i.description, i.brand, i.pack, i.totalPrice === null ? '' : i.totalPrice.toFixed(2), i.quantity ?? '', i.itemCode, i.uom]);
/** invoiceItems.csv of the given items, one record per item under the spec's column names. */
export const invoiceItemsCsv = (items: InvoiceItem[]) => ({
  fileName: 'invoiceItems.csv',
  rows: invoiceItemsCsvRows(items).map((r) => Object.fromEntries(INVOICE_ITEMS_CSV_HEADER.map((h, k) => [h, r[k]!]))),
});
