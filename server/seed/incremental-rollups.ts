// Refreshes the dashboard rollups for part of the data only: the merchants and months a batch of
// new purchase lines touched, so a weekly import does not rebuild a year. The statements are
// refreshRollups' own (rollups.ts), restricted by a scope; the result equals a full rebuild.
import type pg from 'pg';
import {
  BUMP_DATA_VERSION,
  ACCOUNT_ROLLUPS, MERCHANT_ROLLUPS, RUNNING_ROLLUPS, RUNNING_STEPS, rollupInserts, runningInserts, type RollupScope,
} from './rollups.ts';
// --- competitive insights (issue 12) ---
import { INSIGHTS_ROLLUPS, insightsInserts } from './insights-rollups.ts';
// --- end competitive insights ---

/** Merchant and month pairs (parallel arrays; months as the first day, YYYY-MM-01). */
export interface TouchedMonths {
  merchantIds: number[];
  months: string[];
}

// Each touched month of a merchant, then each month of a house whose merchants were touched
// (only houses with house-wide rollups), then those houses: the three grains the rollups use.
const SCOPE_TABLES = [
  `create temp table rollup_scope_merchant_months (merchant_id int, month date, month_end date, primary key (merchant_id, month))
     on commit drop`,
  `insert into rollup_scope_merchant_months (merchant_id, month, month_end)
   select distinct m, mo, (mo + interval '1 month')::date from unnest($1::int[], $2::date[]) as t (m, mo)`,
  `create temp table rollup_scope_account_months on commit drop as
   select distinct a.distributor_id, s.month, s.month_end
     from rollup_scope_merchant_months s
     join merchant_accounts a on a.merchant_id = s.merchant_id
     join rollup_accounts ra on ra.distributor_id = a.distributor_id`,
  `create temp table rollup_scope_distributors on commit drop as
   select distinct distributor_id from rollup_scope_account_months`,
  // Fresh statistics so the planner joins the big rollups through their keys, not a full scan.
  'analyze rollup_scope_merchant_months, rollup_scope_account_months, rollup_scope_distributors',
];

const TOUCHED: RollupScope = {
  merchants: (merchant, date) => `exists (select 1 from rollup_scope_merchant_months s
      where s.merchant_id = ${merchant} and ${date} >= s.month and ${date} < s.month_end)`,
  accounts: (distributor, date) => `exists (select 1 from rollup_scope_account_months s
      where s.distributor_id = ${distributor} and ${date} >= s.month and ${date} < s.month_end)`,
  running: (distributor) => `${distributor} in (select distributor_id from rollup_scope_distributors)`,
};

const deletes = (s: RollupScope) => [
  ...MERCHANT_ROLLUPS.map(([table, date]) => `delete from ${table} x where ${s.merchants('x.merchant_id', `x.${date}`)}`),
  ...ACCOUNT_ROLLUPS.map(([table, date]) => `delete from ${table} x where ${s.accounts('x.distributor_id', `x.${date}`)}`),
  // competitive insights (issue 12)
  ...INSIGHTS_ROLLUPS.map(([table, date]) => `delete from ${table} x where ${s.accounts('x.distributor_id', `x.${date}`)}`),
];

const GRID = 'select min(month)::text as first, max(month)::text as last from rollup_account_merchant_month';

/**
 * Deletes and rebuilds the rollup rows of the touched merchants and months, the house-wide rows
 * of their houses for those months, and those houses' running totals. Runs on `client` inside the
 * caller's transaction, so the refresh commits (or not) with the lines that caused it.
 */
export async function refreshTouchedRollups(client: pg.PoolClient, touched: TouchedMonths): Promise<void> {
  if (!touched.merchantIds.length) return;
  await client.query(BUMP_DATA_VERSION);
  for (const table of ['rollup_scope_merchant_months', 'rollup_scope_account_months', 'rollup_scope_distributors']) {
    await client.query(`drop table if exists ${table}`);
  }
  for (const [i, step] of SCOPE_TABLES.entries()) await client.query(step, i === 1 ? [touched.merchantIds, touched.months] : []);
  const before = (await client.query<{ first: string; last: string }>(GRID)).rows[0]!;
  for (const step of [...deletes(TOUCHED), ...rollupInserts(TOUCHED), ...insightsInserts(TOUCHED) /* competitive insights */]) await client.query(step);
  const after = (await client.query<{ first: string; last: string }>(GRID)).rows[0]!;
  if (before.first !== after.first || before.last !== after.last) {
    // A month before the first or after the last: every house's dense running totals gain rows.
    for (const step of RUNNING_STEPS) await client.query(step);
    return;
  }
  for (const table of RUNNING_ROLLUPS) await client.query(`delete from ${table} where ${TOUCHED.running('distributor_id')}`);
  for (const step of runningInserts(TOUCHED)) await client.query(step);
}
