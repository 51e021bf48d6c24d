// The invoice pages of tests/fixtures/invoices and their true contents, for the invoice tests.
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { PageWords } from '../invoices/layout/words.ts';
import type { OcrReading } from '../invoices/ocr.ts';

export const INVOICE_FIXTURES = path.resolve('tests/fixtures/invoices');
export type TrueLine = { itemCode: string; description: string; brand: string; pack: string; uom: string; quantity: number; unitPrice: number; totalPrice: number };
export type TruePage = { file: string; merchant: string; distributor: string; invoiceDate: string; deliveryDate: string; taxAmount: number; lines: TrueLine[] };
export const truePages = JSON.parse(fs.readFileSync(path.join(INVOICE_FIXTURES, 'truth.json'), 'utf8')) as TruePage[];

/** The seed gives the demo houses deals on catalogue items like the pages' products: a test that sets its own starts from none. */
export async function dropFixtureDeals(pool: pg.Pool): Promise<void> {
  await pool.query(
    `delete from deviations d using items i where i.id = d.item_id and exists (select 1 from unnest($1::text[]) x where similarity(i.description, x) >= 0.3)`,
    [truePages.flatMap((t) => t.lines.map((l) => l.description))]);
}

/** What the OCR read from a fixture page (its text and word boxes, written by scripts/make-invoice-texts.ts). */
export function fixtureReading(file: string): OcrReading {
  const base = path.join(INVOICE_FIXTURES, file.replace(/\.(png|jpg)$/, ''));
  return { text: fs.readFileSync(`${base}.txt`, 'utf8'), page: JSON.parse(fs.readFileSync(`${base}.words.json`, 'utf8')) as PageWords };
}
