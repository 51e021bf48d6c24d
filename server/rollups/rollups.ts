// Rebuilds the dashboard rollups (migration 002) from purchase_lines. The seed and the loader run
// it after every bulk load; the dashboard reads only these tables, never the raw lines.
import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
// Competitive insights' rollups (spec: analytics-and-rebates.md §Competitive insights), refreshed with the others.
import { INSIGHTS_ROLLUPS, insightsInserts } from './insights-rollups.ts';
import { ALL_HOUSES, REAL_TABLES, type HouseScope, type RollupTables } from './rollup-tables.ts';

// Volume and rebate of one line, exactly as the domain guide defines them.
export const LINE_VOLUME = 'l.quantity * coalesce(l.unit_price, (l.start_guidance + l.end_guidance) / 2)';
export const LINE_REBATE = `case r.type
    when 'FIXED_AMOUNT_PER_QTY' then r.value * l.quantity
    when 'FIXED_AMOUNT_PER_WEIGHT' then r.value * l.quantity * coalesce(i.weight, 0)
    when 'PERCENT_OF_COST' then r.value / 100 * ${LINE_VOLUME}
    when 'PERCENT_OF_PRICE' then r.value / 100 * ${LINE_VOLUME}
    else 0 end`;

// Per-merchant rollups first, then the house-wide ones built from them.
export const MERCHANT_ROLLUPS = [['rollup_merchant_item_day', 'day'], ['rollup_merchant_day', 'day'], ['rollup_merchant_month', 'month']] as const;
export const ACCOUNT_ROLLUPS = [['rollup_account_day', 'day'], ['rollup_account_merchant_month', 'month'],
  ['rollup_merchant_lost_day', 'day'], ['rollup_merchant_lost_month', 'month'],
  ['rollup_account_lost_day', 'day'], ['rollup_account_lost_month', 'month']] as const;
export const RUNNING_ROLLUPS = ['rollup_account_merchant_running', 'rollup_account_lost_running'] as const;

export const ROLLUPS_ACCOUNTS = `insert into rollup_accounts (distributor_id)
   select channel_partner_id from users where channel_partner_id is not null
   union select active_distributor_id from users where active_distributor_id is not null
   union select distributor_id from user_houses`;

/** The inserts that fill the per-merchant and house-wide rollups, in dependency order. */
export function rollupInserts(t: RollupTables = REAL_TABLES): string[] {
  return [
    `insert into ${t('rollup_merchant_item_day')} (merchant_id, seller_id, item_id, category_id, day, quantity, volume, rebate)
     select l.merchant_id, l.distributor_id, l.item_id, l.category_id, l.invoice_date,
            sum(l.quantity), sum(${LINE_VOLUME}), sum(${LINE_REBATE})
       from ${t('purchase_lines')} l
       join items i on i.id = l.item_id
       left join rebate_in_force r on r.item_id = l.item_id and l.invoice_date between r.starts_on and r.ends_on
      group by l.merchant_id, l.invoice_date, l.distributor_id, l.item_id, l.category_id`,
    `insert into ${t('rollup_merchant_day')} (merchant_id, seller_id, day, volume, rebate)
     select x.merchant_id, x.seller_id, x.day, sum(x.volume), sum(x.rebate)
       from ${t('rollup_merchant_item_day')} x
      group by x.merchant_id, x.day, x.seller_id`,
    `insert into ${t('rollup_merchant_month')} (merchant_id, seller_id, month, volume, rebate)
     select x.merchant_id, x.seller_id, date_trunc('month', x.day)::date, sum(x.volume), sum(x.rebate)
       from ${t('rollup_merchant_day')} x
      group by 1, 2, 3`,
    `insert into ${t('rollup_account_day')} (distributor_id, seller_id, day, volume, rebate)
     select a.distributor_id, x.seller_id, x.day, sum(x.volume), sum(x.rebate)
       from ${t('rollup_merchant_day')} x
       join merchant_accounts a on a.merchant_id = x.merchant_id
       join rollup_accounts ra on ra.distributor_id = a.distributor_id
      group by 1, 2, 3`,
    `insert into ${t('rollup_account_merchant_month')} (distributor_id, merchant_id, month, volume)
     select a.distributor_id, x.merchant_id, x.month, sum(x.volume)
       from ${t('rollup_merchant_month')} x
       join merchant_accounts a on a.merchant_id = x.merchant_id
       join rollup_accounts ra on ra.distributor_id = a.distributor_id
      group by 1, 2, 3`,
    // Competitor lines only: the seller's family differs from the account distributor's.
    `insert into ${t('rollup_merchant_lost_day')} (distributor_id, merchant_id, item_id, category_id, day, volume, rebate, deviation)
     select a.distributor_id, x.merchant_id, x.item_id, x.category_id, x.day, sum(x.volume), sum(x.rebate),
            sum(case when dv.id is null then 0 else x.volume - dv.deviated_price * x.quantity end)
       from ${t('rollup_merchant_item_day')} x
       join merchant_accounts a on a.merchant_id = x.merchant_id
       join rollup_accounts ra on ra.distributor_id = a.distributor_id
       join distributors da on da.id = a.distributor_id
       join distributors ds on ds.id = x.seller_id
       left join deviation_in_force dv
         on dv.item_id = x.item_id and dv.distributor_id = a.distributor_id and x.day between dv.starts_on and dv.ends_on
      where coalesce(ds.parent_id, ds.id) <> coalesce(da.parent_id, da.id)
      group by 1, 2, 3, 4, 5
      -- In key order: a subset's rows then lie together on disk (in hash order, each on its own page).
      order by 1, 2, 5, 3`,
    `insert into ${t('rollup_merchant_lost_month')} (distributor_id, merchant_id, item_id, category_id, month, volume, rebate, deviation)
     select x.distributor_id, x.merchant_id, x.item_id, x.category_id, date_trunc('month', x.day)::date, sum(x.volume), sum(x.rebate), sum(x.deviation)
       from ${t('rollup_merchant_lost_day')} x
      group by 1, 2, 3, 4, 5
      order by 1, 2, 5, 3`,
    // The house-wide lost rows are the per-merchant ones summed over the house's merchants.
    `insert into ${t('rollup_account_lost_day')} (distributor_id, item_id, category_id, day, volume, rebate, deviation)
     select x.distributor_id, x.item_id, x.category_id, x.day, sum(x.volume), sum(x.rebate), sum(x.deviation)
       from ${t('rollup_merchant_lost_day')} x
      group by 1, 2, 3, 4`,
    `insert into ${t('rollup_account_lost_month')} (distributor_id, item_id, category_id, month, volume, rebate, deviation)
     select x.distributor_id, x.item_id, x.category_id, date_trunc('month', x.day)::date, sum(x.volume), sum(x.rebate), sum(x.deviation)
       from ${t('rollup_account_lost_day')} x
      group by 1, 2, 3, 4`,
  ];
}

/**
 * Running totals (migration 004) of the houses in `houses`, from the monthly house-wide rollups.
 * The month grid is always the whole data's (dense from the first month to the last).
 */
export function runningInserts(houses: HouseScope): string[] {
  return [
    `insert into rollup_account_merchant_running (distributor_id, merchant_id, month, volume_to_date)
     select k.distributor_id, k.merchant_id, g.month,
            sum(coalesce(x.volume, 0)) over (partition by k.distributor_id, k.merchant_id order by g.month)
       from (select distinct distributor_id, merchant_id from rollup_account_merchant_month
              where ${houses('distributor_id')}) k
      cross join (select generate_series(min(month), max(month), interval '1 month')::date as month
                    from rollup_account_merchant_month) g
       left join rollup_account_merchant_month x
         on x.distributor_id = k.distributor_id and x.merchant_id = k.merchant_id and x.month = g.month`,
    `insert into rollup_account_lost_running (distributor_id, item_id, category_id, month, volume_to_date, rebate_to_date, deviation_to_date)
     select k.distributor_id, k.item_id, k.category_id, g.month,
            sum(coalesce(x.volume, 0)) over w, sum(coalesce(x.rebate, 0)) over w, sum(coalesce(x.deviation, 0)) over w
       from (select distinct distributor_id, item_id, category_id from rollup_account_lost_month
              where ${houses('distributor_id')}) k
      cross join (select generate_series(min(month), max(month), interval '1 month')::date as month
                    from rollup_account_merchant_month) g
       left join rollup_account_lost_month x
         on x.distributor_id = k.distributor_id and x.item_id = k.item_id and x.month = g.month
     window w as (partition by k.distributor_id, k.item_id order by g.month)`,
  ];
}

// Cached dashboard answers of the old data are stale from this commit on (server/dashboard/answer-cache.ts).
export const BUMP_DATA_VERSION = 'update data_version set version = version + 1';

/**
 * The tables a full rebuild empties, in the order its TRUNCATE locks them. A reader that holds
 * some of them across statements locks them in this order first (dashboard-index-load.ts), or
 * the two can deadlock: each holding a table the other waits for.
 */
export const TRUNCATE_ORDER = [...[...MERCHANT_ROLLUPS, ...ACCOUNT_ROLLUPS].map(([t]) => t), 'rollup_accounts'];

const STEPS = [
  BUMP_DATA_VERSION,
  `truncate ${TRUNCATE_ORDER.join(', ')}`,
  // Distributors people act for get the all-locations rollups; any other active distributor
  // falls back to the per-merchant rollups (same numbers, a little slower).
  ROLLUPS_ACCOUNTS,
  ...rollupInserts(),
  // Competitive insights' rollups, built from rollup_merchant_item_day.
  `truncate ${INSIGHTS_ROLLUPS.map(([t]) => t).join(', ')}`,
  ...insightsInserts(),
];

export const RUNNING_STEPS = [BUMP_DATA_VERSION, `truncate ${RUNNING_ROLLUPS.join(', ')}`, ...runningInserts(ALL_HOUSES)];

export async function refreshRollups(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    // Big sorts and hashes: give this one transaction room.
    await client.query(`set local work_mem = '256MB'`);
    for (const step of [...STEPS, ...RUNNING_STEPS]) await client.query(step);
  });
  for (const table of [...[...MERCHANT_ROLLUPS, ...ACCOUNT_ROLLUPS, ...INSIGHTS_ROLLUPS].map(([t]) => t), ...RUNNING_ROLLUPS]) {
    await pool.query(`analyze ${table}`);
  }
}

/** Only the running totals, for a database whose other rollups were built before migration 004. */
export async function refreshRunningTotals(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    for (const step of RUNNING_STEPS) await client.query(step);
  });
  await pool.query('analyze rollup_account_merchant_running');
  await pool.query('analyze rollup_account_lost_running');
}

/**
 * Fills the per-merchant lost rollups (migration 120) of a database whose other rollups were
 * built before them, from rollup_merchant_item_day: the statements of the full rebuild, once.
 */
export async function refreshMerchantLostIfEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows: [r] } = await pool.query<{ filled: boolean; lost: boolean }>(
    `select exists (select 1 from rollup_merchant_lost_day) as filled, exists (select 1 from rollup_account_lost_day) as lost`);
  if (r!.filled || !r!.lost) return false;
  const targets = ['rollup_merchant_lost_day', 'rollup_merchant_lost_month'];
  await inTransaction(pool, async (client) => {
    await client.query(`set local work_mem = '256MB'`);
    await client.query(BUMP_DATA_VERSION);
    for (const step of rollupInserts().filter((sql) => targets.some((t) => sql.startsWith(`insert into ${t} `)))) await client.query(step);
  });
  for (const table of targets) await pool.query(`analyze ${table}`);
  return true;
}

/** Which rollups a database with purchase lines still lacks: all of them, the running totals, or none. */
export async function missingRollups(pool: pg.Pool): Promise<'all' | 'running' | null> {
  const { rows: [r] } = await pool.query<{ lines: boolean; daily: boolean; running: boolean }>(
    `select exists (select 1 from purchase_lines) as lines, exists (select 1 from rollup_merchant_day) as daily,
            exists (select 1 from rollup_account_merchant_running) as running`);
  if (!r!.lines) return null;
  if (!r!.daily) return 'all';
  return r!.running || !(await pool.query('select 1 from rollup_account_merchant_month limit 1')).rows.length ? null : 'running';
}
