// Demo invoices in every status, with the invoice pictures made by scripts/make-invoice-fixtures.ts
// (tests/fixtures/invoices) and the line items they hold. No OCR runs while seeding: the seed
// stores the true items, each where the reader found it on the page (from the word boxes the OCR
// read, kept beside each picture), and runs the same price check as the pipeline. Per house: 'done'
// invoices, one 'problem' (a blurred, shrunken photo of a real page, which is what such an upload
// looks like) and, in Boston, one 'inprocessing' whose image the worker reads when the server starts.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';
import type pg from 'pg';
import sharp from 'sharp';
import { checkImage, type CheckedImage } from '../invoices/images.ts';
import { parseLayout } from '../invoices/layout/parse-layout.ts';
import type { PageWords } from '../invoices/layout/words.ts';
import type { OcrReading } from '../invoices/ocr.ts';
import { checkPrices } from '../invoices/price-check.ts';
import type { LineBox } from '../../src/model/invoice-parser.ts';
import { MIN_DESCRIPTION_SIMILARITY, settleStatus } from '../repositories/invoices.ts';
import { randomFor } from './random.ts';
import type { World } from './world.ts';

const FIXTURES = path.join(REPO_ROOT, 'tests/fixtures/invoices');
export const PROBLEM_REASON = 'No line items were found on the image. Please upload a clearer photo of the whole page.';
type Fixture = { file: string; merchant: string; distributor: string; invoiceDate: string; deliveryDate: string; taxAmount: number;
  lines: { itemCode: string; description: string; brand: string; pack: string; uom: string; quantity: number; unitPrice: number; totalPrice: number }[] };
type Picture = { filename: string; data: Buffer; checked: CheckedImage };

/** What the OCR read from a fixture page: its text and word boxes (written by scripts/make-invoice-texts.ts). */
export function fixtureReading(file: string): OcrReading {
  const base = path.join(FIXTURES, file.replace(/\.(png|jpg)$/, ''));
  return { text: fs.readFileSync(`${base}.txt`, 'utf8'), page: JSON.parse(fs.readFileSync(`${base}.words.json`, 'utf8')) as PageWords };
}

/** Where the reader finds each item code on the page. */
function boxesOf(file: string): Map<string, LineBox> {
  return new Map((parseLayout(fixtureReading(file).page)?.lines ?? []).flatMap((l) => (l.box ? [[l.itemCode, l.box] as const] : [])));
}

async function picture(filename: string, data: Buffer): Promise<Picture> {
  return { filename, data, checked: await checkImage(data) };
}

/**
 * The fixture pages print their own item codes, so the price check finds their products by
 * description (trigrams). So that it has something to show, each house gets a deviated price for
 * the catalogue item closest to each product where it has none: a third of them below what the
 * pages charge (those lines are flagged as paid above it), the rest at or above.
 */
async function dealsForFixtures(client: pg.PoolClient, houseId: number, fixtures: Fixture[], r: ReturnType<typeof randomFor>) {
  const products = new Map(fixtures.flatMap((f) => f.lines.map((l) => [l.description, { price: l.unitPrice, year: f.invoiceDate.slice(0, 4) }] as const)));
  for (const [description, { price, year }] of products) {
    const { rows } = await client.query(
      `select i.id from items i where i.description % $1 and similarity(i.description, $1) >= $4
          and not exists (select 1 from deviations d where d.item_id = i.id and d.distributor_id = $2 and d.ends_on >= $3::date)
        order by similarity(i.description, $1) desc limit 1`, [description, houseId, `${year}-12-31`, MIN_DESCRIPTION_SIMILARITY]);
    if (!rows[0]) continue;
    const factor = r.pick([0.9, 0.95, 1, 1, 1.03, 1.05]);
    await client.query(`insert into deviations (item_id, distributor_id, deviated_price, starts_on, ends_on) values ($1, $2, $3, $4, $5)`,
      [rows[0].id, houseId, Math.round(price * factor * 100) / 100, `${year}-01-01`, `${year}-12-31`]);
  }
}

export async function seedInvoices(client: pg.PoolClient, world: World, today: Date): Promise<void> {
  const r = randomFor('invoices');
  const fixtures = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'truth.json'), 'utf8')) as Fixture[];
  const pictures = new Map<string, Picture>();
  for (const f of fixtures) pictures.set(f.file, await picture(f.file, fs.readFileSync(path.join(FIXTURES, f.file))));
  const page = pictures.get(fixtures[0]!.file)!.data;
  const blurry = await picture('blurry-photo.jpg', await sharp(page).resize({ width: 360 }).blur(2.5).jpeg({ quality: 35 }).toBuffer());

  let id = 0;
  for (const house of world.distributors.filter((d) => d.house)) {
    const merchants = world.merchants.filter((m) => m.houseId === house.id);
    if (!merchants.length) continue;
    const count = house.key === 'boston' ? 8 : 3;
    await dealsForFixtures(client, house.id, fixtures, r);
    for (let n = 0; n < count; n++) {
      const m = r.pick(merchants);
      const fixture = fixtures[(id * 5) % fixtures.length]!;
      const created = new Date(today.getTime() - r.int(1, 90) * 86_400_000);
      const status = n === 1 ? 'problem' : n === 2 && house.key === 'boston' ? 'inprocessing' : 'done';
      const done = status === 'done';
      const pic = status === 'problem' ? blurry : pictures.get(fixture.file)!;
      id++;
      await client.query(
        `insert into invoices (id, attachment_grouping_id, distributor_id, merchant_id, uploaded_by, description, merchant_name,
           brand, status, reason, invoice_date, delivery_date, tax_amount, created_at)
         values ($1, $2, $3, $4, null, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [id, `AG-${String(id).padStart(5, '0')}-${r.int(1000, 9999)}`, house.id, m.id, `Delivery ${fixture.invoiceDate}`, m.name,
          done ? fixture.distributor : null, status, status === 'problem' ? PROBLEM_REASON : null,
          done ? fixture.invoiceDate : null, done ? fixture.deliveryDate : null, done ? fixture.taxAmount : null, created.toISOString()],
      );
      const { rows } = await client.query(
        `insert into invoice_images (invoice_id, filename, content_type, data, thumbnail, width, height, byte_size, ocr_status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [id, pic.filename, pic.checked.contentType, pic.data, pic.checked.thumbnail, pic.checked.width, pic.checked.height, pic.data.length,
          status === 'inprocessing' ? 'pending' : status],
      );
      if (!done) continue;
      const boxes = boxesOf(fixture.file);
      const lines = fixture.lines.map((l) => ({ ...l, doubtful: false }));
      for (const c of await checkPrices(client, house.id, lines, fixture.invoiceDate)) {
        const l = c.line;
        await client.query(
          `insert into invoice_items (invoice_id, image_id, description, brand, pack, total_price, quantity, item_code, uom, unit_price,
             matched_item_id, deviated_price, overpaid, box) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [id, rows[0].id, l.description, l.brand, l.pack, l.totalPrice, l.quantity, l.itemCode, l.uom, l.unitPrice, c.matchedItemId, c.deviatedPrice, c.overpaid,
            boxes.get(l.itemCode) ?? null],
        );
      }
      await settleStatus(client, id, null);
    }
  }
}
