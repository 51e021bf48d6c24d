// Deterministic demo data: the same options and the same `today` give the same rows and ids.
// Big tables go in through COPY; the whole seed is one transaction, so a failure leaves
// the database empty.
import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { withoutConstraints } from './bulk-load.ts';
import { seedRebateChecks } from './checks.ts';
import { copyChunks, copyRows } from '../db/copy.ts';
import { seedAnnouncements, seedMatchFeedback, seedSalesReps } from './extras.ts';
import { seedInvoices } from './invoices.ts';
import { seedDeviations, seedItemMatches, seedRebates } from './programs.ts';
import { PURCHASE_COLUMNS, purchaseChunks } from './purchases.ts';
import { refreshRollups } from '../rollups/rollups.ts';
import { buildShowcase, seedShowcaseChecks, seedShowcasePurchases, seedShowcaseReference } from './showcase.ts';
import { seedUsers } from './users.ts';
import { buildWorld, type World } from './world.ts';

export interface SeedOptions {
  merchants: number;
  months: number;
  today?: Date;
  /** Benchmarks: every merchant's house is this one (a distributor key like 'boston'). */
  house?: string;
  /** Benchmarks: multiplies basket sizes and lines per order (default 1, the demo data). */
  linesScale?: number;
}

export interface SeedSummary {
  merchants: number;
  purchaseLines: number;
  ms: number;
}

export const SMALL: SeedOptions = { merchants: 300, months: 12 };

const DAY = 86_400_000;

export async function isSeeded(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ seeded: boolean }>('select exists (select 1 from distributors) as seeded');
  return rows[0]!.seeded;
}

export async function seed(pool: pg.Pool, opts: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  if (await isSeeded(pool)) throw new Error('The database already holds data; reset it before seeding.');
  const now = opts.today ?? new Date();
  // Work on whole UTC days so the time of day never changes the data.
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - opts.months, today.getUTCDate()));
  const world = buildWorld(opts.merchants, { house: opts.house, linesScale: opts.linesScale });
  const counter = { lines: 0 };
  // The demo's named states (showcase.ts), after everything else; benchmarks go without.
  const showcase = opts.house ? null : buildShowcase(world);

  await inTransaction(pool, async (client) => {
    await loadReference(client, world);
    if (showcase) await seedShowcaseReference(client, showcase);
    await withoutConstraints(client, 'purchase_lines', () =>
      copyChunks(client, 'purchase_lines', PURCHASE_COLUMNS,
        purchaseChunks(world, first.getTime() / DAY, today.getTime() / DAY, counter, opts.linesScale ?? 1)));
    if (showcase) counter.lines += await seedShowcasePurchases(client, world, showcase, first, today);
    await seedRebates(client, world, first.getUTCFullYear(), today.getUTCFullYear());
    await seedDeviations(client, world, iso(first), iso(new Date(today.getTime() + 365 * DAY)));
    await seedItemMatches(client, world);
    await seedUsers(client, world, today, showcase?.users);
    await seedRebateChecks(client, world, today);
    if (showcase) {
      await seedShowcaseChecks(client, world, showcase, today);
      await client.query('refresh materialized view rebate_check_breakdowns');
    }
    await seedInvoices(client, world, today);
    await seedAnnouncements(client, today);
    await seedSalesReps(client, world);
    await seedMatchFeedback(client, world);
    await resetSequences(client);
  });
  // Fresh statistics, so the first analytics queries get good plans.
  await pool.query('analyze');
  // Outside the load's transaction: the dashboard's pre-aggregates (server/rollups/rollups.ts).
  await refreshRollups(pool);
  return { merchants: world.merchants.length, purchaseLines: counter.lines, ms: Date.now() - started };
}

// Empties every data table (keeps schema_migrations, app_settings and the one-row version
// counters, which the emptying and the next seed bump) and restarts ids.
export async function resetData(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables
      where schemaname = 'public' and tablename not in ('schema_migrations', 'app_settings', 'data_version', 'caller_version')`);
  if (rows.length) await pool.query(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
}

async function loadReference(client: pg.PoolClient, world: World): Promise<void> {
  await copyRows(client, 'distributors', ['id', 'platform_id', 'nickname', 'parent_id', 'referred_partner_id'],
    world.distributors.map((d) => [d.id, d.platformId, d.nickname, d.parentId, d.referredPartnerId]));
  await copyRows(client, 'merchants', ['id', 'platform_id', 'name', 'account_name', 'address', 'city', 'state', 'zip'],
    world.merchants.map((m) => [m.id, m.platformId, m.name, m.accountName, m.address, m.city, m.state, m.zip]));
  await copyRows(client, 'merchant_accounts', ['merchant_id', 'distributor_id', 'dcn'],
    world.merchants.flatMap((m) => m.sellers.map((s) => [m.id, s.distributorId, s.dcn])));
  await copyRows(client, 'manufacturers', ['id', 'platform_id', 'group_platform_id', 'name'],
    world.manufacturers.map((m) => [m.id, m.platformId, m.groupPlatformId, m.name]));
  await copyRows(client, 'categories', ['id', 'name'], world.categories.map((c) => [c.id, c.name]));
  await copyRows(client, 'items', ['id', 'min', 'description', 'manufacturer_id', 'category_id', 'pack', 'uom', 'weight'],
    world.items.map((i) => [i.id, i.min, i.description, i.manufacturerId, i.categoryId, i.pack, i.uom, i.weight]));
  await copyRows(client, 'distributor_items', ['distributor_id', 'item_id', 'din'],
    [...world.carried].flatMap(([distributorId, list]) => list.map((c) => [distributorId, c.itemId, c.din])));
}

// Rows were written with explicit ids; move every serial sequence past them.
async function resetSequences(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ table_name: string; seq: string }>(
    `select table_name, pg_get_serial_sequence(quote_ident(table_name), 'id') as seq
       from information_schema.columns
      where table_schema = 'public' and column_name = 'id' and column_default like 'nextval%'`);
  for (const { table_name, seq } of rows) {
    await client.query(`select setval($1, coalesce((select max(id) from ${client.escapeIdentifier(table_name)}), 0) + 1, false)`, [seq]);
  }
}

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}
