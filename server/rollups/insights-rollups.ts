// Competitive insights' rollups (migration 020): the quantity and volume of every item the
// merchants of a house bought from competitors, per house, item and day / month, for the
// house-wide win-back list. Built from rollup_merchant_item_day, so they run after
// rollupInserts; refreshRollups and the import's additive refresh both call these, with the
// same RollupTables (server/rollups/rollup-tables.ts), and both bump the data version first.
import type pg from 'pg';
import { REAL_TABLES, type RollupTables } from './rollup-tables.ts';

export const INSIGHTS_ROLLUPS = [['rollup_account_lost_qty_day', 'day'], ['rollup_account_lost_qty_month', 'month']] as const;

export function insightsInserts(t: RollupTables = REAL_TABLES): string[] {
  return [
    // Competitor lines only: the seller's family differs from the account distributor's.
    `insert into ${t('rollup_account_lost_qty_day')} (distributor_id, item_id, day, quantity, volume)
     select a.distributor_id, x.item_id, x.day, sum(x.quantity), sum(x.volume)
       from ${t('rollup_merchant_item_day')} x
       join merchant_accounts a on a.merchant_id = x.merchant_id
       join rollup_accounts ra on ra.distributor_id = a.distributor_id
       join distributors da on da.id = a.distributor_id
       join distributors ds on ds.id = x.seller_id
      where coalesce(ds.parent_id, ds.id) <> coalesce(da.parent_id, da.id)
      group by 1, 2, 3`,
    `insert into ${t('rollup_account_lost_qty_month')} (distributor_id, item_id, month, quantity, volume)
     select x.distributor_id, x.item_id, date_trunc('month', x.day)::date, sum(x.quantity), sum(x.volume)
       from ${t('rollup_account_lost_qty_day')} x
      group by 1, 2, 3`,
  ];
}

/** Fills the insights rollups of a database whose other rollups were built before migration 020 (the benchmark's). */
export async function refreshInsightsRollupsIfEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(`select exists (select 1 from rollup_account_lost_qty_day) as filled,
                                            exists (select 1 from rollup_account_lost_day) as lost`);
  if (rows[0].filled || !rows[0].lost) return false;
  for (const step of insightsInserts()) await pool.query(step);
  for (const [table] of INSIGHTS_ROLLUPS) await pool.query(`analyze ${table}`);
  return true;
}
