// What each corpus image really shows: one JSON per image, beside it in tests/fixtures/ocr-corpus/,
// and index.json listing them. A field is what the page prints: '' (or null) when it does not.
import fs from 'node:fs';
import path from 'node:path';

export type TrueLine = {
  /** '' when the layout prints no item codes (the description then identifies the line). */
  itemCode: string;
  /** The full text; a name wrapped onto two printed lines is joined with one space. */
  description: string;
  brand: string; pack: string; uom: string;
  quantity: number; unitPrice: number; totalPrice: number;
};

export type ImageTruth = {
  file: string;
  layout: string;
  heldOut: boolean;
  condition: 'clean' | 'degraded';
  /** What the degraded image went through (absent on clean images). */
  effects?: string[];
  page: number;
  pages: number;
  invoiceNumber: string;
  /** YYYY-MM-DD, whatever the printed format. */
  invoiceDate: string;
  /** null on a page that does not print it (page 2 prints only the seller, number and date). */
  deliveryDate: string | null;
  seller: string;
  billTo: string | null;
  /** Only on the page that prints the totals block. */
  subtotal: number | null;
  tax: number | null;
  lines: TrueLine[];
};

export type CorpusIndex = { version: string; truths: string[] };

export const CORPUS_DIR = path.resolve('tests/fixtures/ocr-corpus');
export const INDEX_FILE = path.join(CORPUS_DIR, 'index.json');

export const truthFileOf = (imageFile: string) => imageFile.replace(/\.(png|jpg)$/, '.json');

export function readIndex(): CorpusIndex | null {
  try {
    return JSON.parse(fs.readFileSync(INDEX_FILE, 'utf8')) as CorpusIndex;
  } catch {
    return null;
  }
}

export function readTruths(index: CorpusIndex): ImageTruth[] {
  return index.truths.map((f) => JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, f), 'utf8')) as ImageTruth);
}
