// Small tables for the remaining screens: invoices, announcements, sales reps, match feedback.
import type pg from 'pg';
import { ANNOUNCEMENTS } from './catalog.ts';
import { tinyPng } from './png.ts';
import { randomFor } from './random.ts';
import { round2, type World } from './world.ts';

const STATUSES = ['Processed', 'Processed', 'Processed', 'Pending', 'Rejected'];

export async function seedInvoices(client: pg.PoolClient, world: World, today: Date): Promise<void> {
  const r = randomFor('invoices');
  const houses = world.distributors.filter((d) => d.house);
  let id = 0;
  for (const house of houses) {
    const merchants = world.merchants.filter((m) => m.houseId === house.id);
    if (!merchants.length) continue;
    for (let n = 0; n < (house.key === 'boston' ? 10 : 3); n++) {
      const m = r.pick(merchants);
      const created = new Date(today.getTime() - r.int(1, 90) * 86_400_000);
      const status = r.pick(STATUSES);
      const items = r.sample(world.items, r.int(3, 8));
      const brand = world.manufacturers[items[0]!.manufacturerId - 1]!.name;
      id++;
      await client.query(
        `insert into invoices (id, attachment_grouping_id, distributor_id, merchant_id, uploaded_by, description,
           brand, status, reason, delivery_date, tax_amount, created_at)
         values ($1, $2, $3, $4, null, $5, $6, $7, $8, $9, $10, $11)`,
        [id, `AG-${String(id).padStart(5, '0')}-${r.int(1000, 9999)}`, house.id, m.id, `Invoice from ${m.name}`, brand,
          status, status === 'Rejected' ? 'Image unreadable, please rescan' : null,
          created.toISOString().slice(0, 10), round2(r.float(0, 40)), created.toISOString()],
      );
      await client.query(
        'insert into invoice_images (invoice_id, filename, content_type, data) values ($1, $2, $3, $4)',
        [id, `invoice-${id}.png`, 'image/png', tinyPng(32, 40, r.int(0, 255))],
      );
      for (const item of items) {
        const quantity = r.int(1, 6);
        await client.query(
          `insert into invoice_items (invoice_id, description, brand, pack, total_price, quantity, item_code, uom)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, item.description, world.manufacturers[item.manufacturerId - 1]!.name, item.pack,
            round2(item.price * quantity), quantity, item.min, item.uom],
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
