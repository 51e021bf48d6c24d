// What reads an uploaded invoice page into lines: in production a reader process of its own
// (./reader-process.ts); in tests and scripts the reading in this process, on a given OCR.
import type { ParsedInvoice } from '../../src/model/invoice-parser.ts';
import type { Ocr } from './ocr.ts';
import { readImage } from './read-invoice.ts';

export type Reading = { text: string; invoice: ParsedInvoice };
export type InvoiceReader = { read(image: Buffer): Promise<Reading>; close(): Promise<void> };
/**
 * The reader itself failed (it stopped, was stopped, or hung), not the page: the job runs again,
 * and a page that stops its reader every run becomes a problem after OCR_RUNS (./queue.ts).
 */
export class ReaderStopped extends Error {}

/** Reads in this process with `ocr` (a stand-in OCR in tests); closing it closes the OCR. */
export const readerOn = (ocr: Ocr): InvoiceReader => ({ read: (image) => readImage(ocr, image), close: () => ocr.close() });
