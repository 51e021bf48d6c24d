// Adds a batch of new purchase lines to the dashboard rollups without reading the lines already
// there: every rollup column an import changes is a sum, so the rollups of the batch's lines
// alone (built by refreshRollups' own statements into temp delta tables) added row by row to the
// rollup rows give what a full rebuild would. Only the running totals, which are not a sum of one
// month's rows, are rebuilt, for the touched houses. The result equals a full rebuild (tested).
import type pg from 'pg';
import { INSIGHTS_ROLLUPS, insightsInserts } from './insights-rollups.ts';
import type { HouseScope, RollupTables } from './rollup-tables.ts';
import {
  ACCOUNT_ROLLUPS, BUMP_DATA_VERSION, MERCHANT_ROLLUPS, RUNNING_ROLLUPS, RUNNING_STEPS, rollupInserts, runningInserts,
} from './rollups.ts';

// The summed columns of each rollup; the others are the key (its primary key) or, like category_id,
// follow from it. A non-additive column added to a rollup must be handled here (the import test
// compares every rollup with a full rebuild, so it would fail until then).
const SUMS: Record<string, string[]> = {
  rollup_merchant_item_day: ['quantity', 'volume', 'rebate'],
  rollup_merchant_day: ['volume', 'rebate'],
  rollup_merchant_month: ['volume', 'rebate'],
  rollup_account_day: ['volume', 'rebate'],
  rollup_account_merchant_month: ['volume'],
  rollup_merchant_lost_day: ['volume', 'rebate', 'deviation'],
  rollup_merchant_lost_month: ['volume', 'rebate', 'deviation'],
  rollup_account_lost_day: ['volume', 'rebate', 'deviation'],
  rollup_account_lost_month: ['volume', 'rebate', 'deviation'],
  rollup_account_lost_qty_day: ['quantity', 'volume'],
  rollup_account_lost_qty_month: ['quantity', 'volume'],
};
const ADDITIVE = [...MERCHANT_ROLLUPS, ...ACCOUNT_ROLLUPS, ...INSIGHTS_ROLLUPS /* competitive insights */].map(([t]) => t);

const delta = (table: string) => `delta_${table}`;

const TOUCHED_HOUSES: HouseScope = (distributor) => `${distributor} in (select distributor_id from ${delta('rollup_account_merchant_month')})`;

const GRID = 'select min(month)::text as first, max(month)::text as last from rollup_account_merchant_month';

/**
 * Adds the lines of `lines` (a table or view shaped like purchase_lines holding only the new
 * lines, not yet or also in purchase_lines) to every rollup, then rebuilds the touched houses'
 * running totals. Runs on `client` inside the caller's transaction, so the rollups commit (or
 * not) with the lines.
 */
export async function addLinesToRollups(client: pg.PoolClient, lines: string): Promise<void> {
  await client.query(BUMP_DATA_VERSION);
  const tables: RollupTables = (table) => (table === 'purchase_lines' ? lines : delta(table));
  for (const table of ADDITIVE) await client.query(`create temp table ${delta(table)} (like ${table}) on commit drop`);
  for (const step of [...rollupInserts(tables), ...insightsInserts(tables) /* competitive insights */]) {
    const { target } = /^insert into (?<target>\S+)/.exec(step)!.groups!;
    await client.query(step);
    // The next steps join this delta to the accounts; without statistics the planner guesses its size.
    await client.query(`analyze ${target}`);
  }
  const before = (await client.query<{ first: string; last: string }>(GRID)).rows[0]!;
  for (const table of ADDITIVE) {
    const add = SUMS[table]!.map((c) => `${c} = r.${c} + excluded.${c}`).join(', ');
    await client.query(`insert into ${table} as r select * from ${delta(table)} on conflict on constraint ${table}_pkey do update set ${add}`);
  }
  const after = (await client.query<{ first: string; last: string }>(GRID)).rows[0]!;
  if (before.first !== after.first || before.last !== after.last) {
    // A month before the first or after the last: every house's dense running totals gain rows.
    for (const step of RUNNING_STEPS) await client.query(step);
  } else {
    for (const table of RUNNING_ROLLUPS) await client.query(`delete from ${table} where ${TOUCHED_HOUSES('distributor_id')}`);
    for (const step of runningInserts(TOUCHED_HOUSES)) await client.query(step);
  }
  for (const table of ADDITIVE) await client.query(`drop table ${delta(table)}`);
}
