// Dashboard numbers, read only from the rollups (migration 002, server/rollups/rollups.ts).
// Two paths with the same meaning: a whole house ("all locations") reads the per-distributor
// rollups, any narrower selection the per-merchant ones. Merchant ids always come from a
// Selection made by server/scope/visible-merchants.ts.
import crypto from 'node:crypto';
import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import type { Selection } from '../scope/visible-merchants.ts';
import { freshRead } from '../db/fresh-read.ts';
import { splitRange, type RangeParts } from './dashboard-range.ts';

export const LOST_LIMIT = 100;

export interface SellerMonth { sellerId: number; month: string; volume: number; rebate: number }
export interface LostRow { key: string; min?: string; volume: number; rebate: number; deviation: number }
export interface MerchantVolume { platformId: string; volume: number }
export interface LocationMonths { locationName: string; last: number; previous: number }

// @d distributor, @from/@to the range, @fs first whole month, @fe after the last whole month,
// @ids merchant ids (subset path), @fam the distributor's family.
const values = (s: Selection, r: RangeParts) => ({
  d: s.distributorId, from: r.from, to: r.to, fs: r.fullStart, fe: r.fullEnd, last: r.lastWhole, before: r.beforeWhole,
  ids: s.merchantIds, fam: s.familyIds,
});

// Whole months from running totals: the row of the last whole month minus the row of the month
// before the first, both clamped to the last month the table holds (a missing row counts 0).
const RUNNING = (table: string, cols: string[], key: string) => {
  const maxMonth = `(select max(month) from ${table} where distributor_id = @d)`;
  const at = (m: string) => `least(@${m}::date, ${maxMonth})`;
  const diff = (c: string) =>
    `sum(case when month = ${at('last')} then ${c}_to_date else 0 end) - sum(case when month = ${at('before')} then ${c}_to_date else 0 end) as ${c}`;
  return `select ${key}, ${cols.map(diff).join(', ')} from ${table}
           where distributor_id = @d and month in (${at('last')}, ${at('before')}) and @fs::date < @fe::date
           group by ${key}`;
};

/** Named parameters (@name) to positional ones, binding only the names the text uses. */
export function bind(sql: string, named: Record<string, unknown>): [string, unknown[]] {
  const order: string[] = [];
  const text = sql.replace(/@(\w+)/g, (_, name: string) => {
    if (!(name in named)) throw new Error(`No value for @${name}`);
    const at = order.indexOf(name);
    return `$${at >= 0 ? at + 1 : order.push(name)}`;
  });
  return [text, order.map((n) => named[n])];
}
/**
 * `bind`'s statement as a named (prepared) one: PostgreSQL plans each text once per connection
 * instead of on every call. The name is the text's hash, so each variant of a text is its own.
 */
export function prepared(sql: string, named: Record<string, unknown>): pg.QueryConfig {
  const [text, values] = bind(sql, named);
  return { name: `q${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 20)}`, text, values };
}
/**
 * The range's days outside its whole months, as two ranges (before the first whole month, after
 * the last; without whole months fs = fe = from, so the second is the whole range): an index on
 * the day then reads only the edges, not every day of the range.
 */
export const EDGE_DAYS = (col: string) => `((${col} >= @from::date and ${col} < @fs::date) or (${col} >= @fe::date and ${col} <= @to::date))`;
/** `union all` the daily rows, only when the range has days outside its whole months. */
export const PLUS_EDGES = (r: RangeParts, daily: string) => (r.edges ? `union all ${daily}` : '');
export const WHOLE_MONTHS = (col: string) => `${col} >= @fs::date and ${col} < @fe::date`;

export function dashboardRepository(db: Queryable) {
  /**
   * Whether the house-wide and per-merchant lost rollups hold this distributor (rollup_accounts:
   * the houses people act for); else the per-merchant rollups of every seller answer. Asked
   * once per dashboard and handed to each query as `rolled`.
   */
  async function hasAccountRollups(distributorId: number): Promise<boolean> {
    const { rows } = await db.query({ name: 'has-account-rollups', text: 'select 1 from rollup_accounts where distributor_id = $1', values: [distributorId] });
    return rows.length > 0;
  }
  const houseWide = async (s: Selection, rolled?: boolean) => s.all && (rolled ?? (await hasAccountRollups(s.distributorId)));
  // The per-merchant path for a whole house: its merchants by account.
  const merchantFilter = (s: Selection, col: string) =>
    s.all ? `${col} in (select merchant_id from merchant_accounts where distributor_id = @d)` : `${col} = any(@ids::int[])`;

  return {
    hasAccountRollups,
    /** The purchase data's version (migration 010): cached answers of another version are stale. Every cached answer asks it. */
    dataVersion: freshRead(async (): Promise<string> => {
      const { rows } = await db.query<{ version: string }>({ name: 'data-version', text: 'select version::text as version from data_version' });
      return rows[0]!.version;
    }),
    /** Volume and rebate per seller and month over the range. */
    async bySellerMonth(s: Selection, from: string, to: string, rolled?: boolean): Promise<SellerMonth[]> {
      const r = splitRange(from, to);
      const sql = (await houseWide(s, rolled))
        ? `select seller_id, to_char(day, 'YYYY-MM') as month, sum(volume) as volume, sum(rebate) as rebate
             from rollup_account_day where distributor_id = @d and day between @from::date and @to::date
            group by 1, 2`
        : `select seller_id, to_char(month, 'YYYY-MM') as month, sum(volume) as volume, sum(rebate) as rebate from (
             select seller_id, month, volume, rebate from rollup_merchant_month
              where ${merchantFilter(s, 'merchant_id')} and ${WHOLE_MONTHS('month')}
             ${PLUS_EDGES(r, `select seller_id, day, volume, rebate from rollup_merchant_day
              where ${merchantFilter(s, 'merchant_id')} and ${EDGE_DAYS('day')}`)}
           ) x group by 1, 2`;
      const { rows } = await db.query(prepared(sql, values(s, r)));
      return rows.map((x) => ({ sellerId: x.seller_id, month: x.month, volume: x.volume, rebate: x.rebate }));
    },

    /** Lines bought from competitors, by category and by item, largest volume first. */
    async lost(s: Selection, from: string, to: string, rolled?: boolean): Promise<{ categories: LostRow[]; items: LostRow[] }> {
      const r = splitRange(from, to);
      const hasRollups = rolled ?? (await hasAccountRollups(s.distributorId));
      const lost = s.all && hasRollups
        ? `${RUNNING('rollup_account_lost_running', ['volume', 'rebate', 'deviation'], 'item_id, category_id')}
           ${PLUS_EDGES(r, `select item_id, category_id, volume, rebate, deviation from rollup_account_lost_day
            where distributor_id = @d and ${EDGE_DAYS('day')}`)}`
        : hasRollups
          // A subset: the per-merchant lost rows, monthly for whole months, daily at the edges.
          ? `select item_id, category_id, volume, rebate, deviation from rollup_merchant_lost_month
              where distributor_id = @d and merchant_id = any(@ids::int[]) and ${WHOLE_MONTHS('month')}
             ${PLUS_EDGES(r, `select item_id, category_id, volume, rebate, deviation from rollup_merchant_lost_day
              where distributor_id = @d and merchant_id = any(@ids::int[]) and ${EDGE_DAYS('day')}`)}`
          : `select x.item_id, x.category_id, x.volume, x.rebate,
                    case when dv.id is null then 0 else x.volume - dv.deviated_price * x.quantity end as deviation
               from rollup_merchant_item_day x
               left join deviation_in_force dv
                 on dv.item_id = x.item_id and dv.distributor_id = @d and x.day between dv.starts_on and dv.ends_on
              where ${merchantFilter(s, 'x.merchant_id')} and x.day between @from::date and @to::date
                and x.seller_id <> all(@fam::int[])`;
      // A negative saving (the competitor was cheaper than the deviated price) shows as none.
      const { rows } = await db.query(prepared(
        // Summed per item first (tens of thousands of rows to a few thousand, exact numeric
        // sums), then named and ranked: the joins run on the sums, not on every row.
        `with lost as materialized (
           select item_id, category_id, sum(volume) as volume, sum(rebate) as rebate, sum(deviation) as deviation
             from (${lost}) l group by item_id, category_id),
         by_category as (
           select c.name as key, null as min, sum(volume) as volume, sum(rebate) as rebate,
                  greatest(sum(deviation), 0) as deviation, 'category' as kind
             from lost join categories c on c.id = lost.category_id
            group by c.name order by volume desc, c.name limit ${LOST_LIMIT}),
         by_item as (
           select i.description as key, i.min, sum(volume) as volume, sum(rebate) as rebate,
                  greatest(sum(deviation), 0) as deviation, 'item' as kind
             from lost join items i on i.id = lost.item_id
            group by i.id order by volume desc, i.min limit ${LOST_LIMIT})
         select * from by_category union all select * from by_item`,
        values(s, r),
      ));
      const pick = (kind: string) =>
        rows.filter((x) => x.kind === kind)
          .map((x) => ({ key: x.key, ...(x.min ? { min: x.min } : {}), volume: x.volume, rebate: x.rebate, deviation: x.deviation }))
          .sort((a, b) => b.volume - a.volume);
      return { categories: pick('category'), items: pick('item') };
    },

    /** Volume per merchant over the range (every seller), largest first. */
    async byMerchant(s: Selection, from: string, to: string, rolled?: boolean): Promise<MerchantVolume[]> {
      const r = splitRange(from, to);
      const volumes = (await houseWide(s, rolled))
        ? `${RUNNING('rollup_account_merchant_running', ['volume'], 'merchant_id')}
           ${PLUS_EDGES(r, `select x.merchant_id, x.volume from rollup_merchant_day x
             join merchant_accounts a on a.merchant_id = x.merchant_id and a.distributor_id = @d
            where ${EDGE_DAYS('x.day')}`)}`
        : `select merchant_id, volume from rollup_merchant_month
            where ${merchantFilter(s, 'merchant_id')} and ${WHOLE_MONTHS('month')}
           ${PLUS_EDGES(r, `select merchant_id, volume from rollup_merchant_day
            where ${merchantFilter(s, 'merchant_id')} and ${EDGE_DAYS('day')}`)}`;
      const { rows } = await db.query(prepared(
        `select m.platform_id, v.volume
           from (select merchant_id, sum(volume) as volume from (${volumes}) u group by merchant_id) v
           join merchants m on m.id = v.merchant_id
          order by v.volume desc, m.platform_id`,
        values(s, r),
      ));
      return rows.map((x) => ({ platformId: x.platform_id, volume: x.volume }));
    },

    /** The distributor's own (family) volume per location in two months (first days given). */
    async ownVolumeByLocation(s: Selection, lastMonth: string, previousMonth: string): Promise<LocationMonths[]> {
      const { rows } = await db.query(prepared(
        `select m.name, v.last, v.previous from (
           select merchant_id,
                  sum(volume) filter (where month = @last::date) as last,
                  sum(volume) filter (where month = @previous::date) as previous
             from rollup_merchant_month
            where ${merchantFilter(s, 'merchant_id')} and month in (@last::date, @previous::date) and seller_id = any(@fam::int[])
            group by merchant_id) v
           join merchants m on m.id = v.merchant_id`,
        { d: s.distributorId, ids: s.merchantIds, fam: s.familyIds, last: lastMonth, previous: previousMonth },
      ));
      return rows.map((x) => ({ locationName: x.name, last: x.last ?? 0, previous: x.previous ?? 0 }));
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
