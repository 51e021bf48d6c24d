// The invoice pages of tests/fixtures/invoices and their true contents, for the invoice tests.
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export { fixtureReading } from '../seed/invoices.ts';
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

/** The line's product in the catalogue (its code as MIN), with a Boston deviated price `below` under what the page charges (2026). */
export async function cheaperInBoston(pool: pg.Pool, line: TrueLine, below: number): Promise<void> {
  const { rows: [item] } = await pool.query(`insert into items (min, description, manufacturer_id, category_id) values ($1, $2, 1, 1) returning id`,
    [line.itemCode, line.description]);
  await pool.query(`insert into deviations (item_id, distributor_id, deviated_price, starts_on, ends_on)
                    values ($1, (select id from distributors where nickname = 'Harbor Foods Boston'), $2, '2026-01-01', '2026-12-31')`, [item.id, line.unitPrice - below]);
}
