// Small tables for the remaining screens: announcements, sales reps, match feedback (invoices: invoices.ts).
import type pg from 'pg';
import { ANNOUNCEMENTS } from './catalog.ts';
import type { World } from './world.ts';

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
