// Small tables for the remaining screens: invoices, announcements, sales reps, match feedback.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { ANNOUNCEMENTS } from './catalog.ts';
import { tinyPng } from './png.ts';
import { randomFor } from './random.ts';
import type { World } from './world.ts';

// Invoice pictures made by scripts/make-invoice-fixtures.ts, with the line items they hold: the
// seed stores those (no OCR runs while seeding). One invoice per house family is still
// 'inprocessing' (its image is read by the worker when the server starts), one is a 'problem'.
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/invoices');
type Fixture = { file: string; merchant: string; distributor: string; invoiceDate: string; deliveryDate: string; taxAmount: number;
  lines: { itemCode: string; description: string; brand: string; pack: string; uom: string; quantity: number; unitPrice: number; totalPrice: number }[] };

export async function seedInvoices(client: pg.PoolClient, world: World, today: Date): Promise<void> {
  const r = randomFor('invoices');
  const fixtures = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'truth.json'), 'utf8')) as Fixture[];
  const bytes = new Map(fixtures.map((f) => [f.file, fs.readFileSync(path.join(FIXTURES, f.file))]));
  const houses = world.distributors.filter((d) => d.house);
  let id = 0;
  for (const house of houses) {
    const merchants = world.merchants.filter((m) => m.houseId === house.id);
    if (!merchants.length) continue;
    const count = house.key === 'boston' ? 8 : 3;
    for (let n = 0; n < count; n++) {
      const m = r.pick(merchants);
      const fixture = fixtures[(id * 5) % fixtures.length]!;
      const created = new Date(today.getTime() - r.int(1, 90) * 86_400_000);
      const status = n === 1 ? 'problem' : n === 2 && house.key === 'boston' ? 'inprocessing' : 'done';
      id++;
      await client.query(
        `insert into invoices (id, attachment_grouping_id, distributor_id, merchant_id, uploaded_by, description, merchant_name,
           brand, status, reason, invoice_date, delivery_date, tax_amount, created_at)
         values ($1, $2, $3, $4, null, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [id, `AG-${String(id).padStart(5, '0')}-${r.int(1000, 9999)}`, house.id, m.id, `Delivery ${fixture.invoiceDate}`, m.name,
          status === 'done' ? fixture.distributor : null, status,
          status === 'problem' ? 'No line items were found on the image. Please upload a clearer photo of the whole page.' : null,
          status === 'done' ? fixture.invoiceDate : null, status === 'done' ? fixture.deliveryDate : null,
          status === 'done' ? fixture.taxAmount : null, created.toISOString()],
      );
      const data = status === 'problem' ? tinyPng(32, 40, r.int(0, 255)) : bytes.get(fixture.file)!;
      const { rows } = await client.query(
        `insert into invoice_images (invoice_id, filename, content_type, data, byte_size, ocr_status) values ($1, $2, $3, $4, $5, $6) returning id`,
        [id, status === 'problem' ? 'blurry.png' : fixture.file, fixture.file.endsWith('.jpg') && status !== 'problem' ? 'image/jpeg' : 'image/png',
          data, data.length, status === 'inprocessing' ? 'pending' : status],
      );
      if (status !== 'done') continue;
      for (const l of fixture.lines) {
        await client.query(
          `insert into invoice_items (invoice_id, image_id, description, brand, pack, total_price, quantity, item_code, uom, unit_price)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [id, rows[0].id, l.description, l.brand, l.pack, l.totalPrice, l.quantity, l.itemCode, l.uom, l.unitPrice],
        );
      }
    }
  }
}

export async function seedAnnouncements(client: pg.PoolClient, today: Date): Promise<void> {
  for (const [i, text] of ANNOUNCEMENTS.entries()) {
    await client.query('insert into announcements (text, created_at) values ($1, $2)',
      [text, new Date(today.getTime() - (ANNOUNCEMENTS.length - i) * 7 * 86_400_000).toISOString()]);
  }
}

export async function seedSalesReps(client: pg.PoolClient, world: World): Promise<void> {
  const d = (key: string) => world.byKey.get(key)!.id;
  const reps: [string, string, string, number[]][] = [
    ['dana.director@gpo.test', 'Dana Director', 'director', [d('boston'), d('portland'), d('hartford'), d('providence')]],
    ['mark.manager@gpo.test', 'Mark Manager', 'manager', [d('boston'), d('portland')]],
    ['alex.auditor@gpo.test', 'Alex Auditor', 'auditor', [d('hartford')]],
  ];
  for (const [email, name, role, ids] of reps) {
    await client.query('insert into sales_reps (email, name, role) values ($1, $2, $3)', [email, name, role]);
    await client.query('insert into sales_rep_distributors (email, distributor_id) select $1, unnest($2::int[])', [email, ids]);
  }
}

export async function seedMatchFeedback(client: pg.PoolClient, world: World): Promise<void> {
  const [a, b, c] = world.items;
  await client.query(
    `insert into match_feedback (user_id, min, bad_match_min, comment, recommended_min) values
       (2, $1, $2, 'Different pack size, not a substitute', null),
       (3, $1, null, null, $3)`,
    [a!.min, b!.min, c!.min],
  );
}
