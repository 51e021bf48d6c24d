// The dashboard's numbers straight from purchase_lines: what a BI tool pointed at the table
// would run. Never used by the API; the tests compare the rollups with it and the benchmark
// times it. Rebates and deviations in force come from the same views as the rollups.
import type pg from 'pg';
import { LINE_REBATE, LINE_VOLUME } from '../rollups/rollups.ts';
import type { Selection } from '../scope/visible-merchants.ts';
import { LOST_LIMIT, type LocationMonths, type LostRow, type MerchantVolume, type SellerMonth } from './dashboard.ts';

const MERCHANTS = (s: Selection) =>
  s.all ? 'l.merchant_id in (select merchant_id from merchant_accounts where distributor_id = $1)' : 'l.merchant_id = any($4::int[])';
// Every query binds $1..$4; the casts type them even where a path leaves one unused.
const BIND = '$1::int is not null and $4::int[] is not null';
const DEVIATION_JOIN = `left join deviation_in_force dv on dv.item_id = l.item_id and dv.distributor_id = $1
    and l.invoice_date between dv.starts_on and dv.ends_on`;
const LINES = (s: Selection, join = '') => `
  from purchase_lines l
  join items i on i.id = l.item_id
  left join rebate_in_force r on r.item_id = l.item_id and l.invoice_date between r.starts_on and r.ends_on
  ${join}
  where ${MERCHANTS(s)} and l.invoice_date between $2::date and $3::date and ${BIND}`;

export function rawDashboardRepository(db: pg.Pool) {
  const args = (s: Selection, from: string, to: string, extra: unknown[] = []) => [s.distributorId, from, to, s.merchantIds, ...extra];
  return {
    async bySellerMonth(s: Selection, from: string, to: string): Promise<SellerMonth[]> {
      const { rows } = await db.query(
        `select l.distributor_id as seller_id, to_char(l.invoice_date, 'YYYY-MM') as month,
                sum(${LINE_VOLUME}) as volume, sum(${LINE_REBATE}) as rebate ${LINES(s)}
          group by 1, 2`,
        args(s, from, to),
      );
      return rows.map((x) => ({ sellerId: x.seller_id, month: x.month, volume: x.volume, rebate: x.rebate }));
    },

    async lost(s: Selection, from: string, to: string): Promise<{ categories: LostRow[]; items: LostRow[] }> {
      const { rows } = await db.query(
        `with lost as (
           select l.item_id, l.category_id, ${LINE_VOLUME} as volume, ${LINE_REBATE} as rebate,
                  case when dv.id is null then 0 else ${LINE_VOLUME} - dv.deviated_price * l.quantity end as deviation
           ${LINES(s, DEVIATION_JOIN)} and l.distributor_id <> all($5::int[]))
         select 'category' as kind, c.name as key, null as min, sum(volume) as volume, sum(rebate) as rebate,
                greatest(sum(deviation), 0) as deviation
           from lost join categories c on c.id = lost.category_id group by c.name
         union all
         select 'item', it.description, it.min, sum(volume), sum(rebate), greatest(sum(deviation), 0)
           from lost join items it on it.id = lost.item_id group by it.id`,
        args(s, from, to, [s.familyIds]),
      );
      const pick = (kind: string) =>
        rows.filter((x) => x.kind === kind)
          .sort((a, b) => b.volume - a.volume || (kind === 'item' ? String(a.min).localeCompare(b.min) : String(a.key).localeCompare(b.key)))
          .slice(0, LOST_LIMIT)
          .map((x) => ({ key: x.key, ...(x.min ? { min: x.min } : {}), volume: x.volume, rebate: x.rebate, deviation: x.deviation }));
      return { categories: pick('category'), items: pick('item') };
    },

    async byMerchant(s: Selection, from: string, to: string): Promise<MerchantVolume[]> {
      const { rows } = await db.query(
        `select m.platform_id, v.volume from (
           select l.merchant_id, sum(${LINE_VOLUME}) as volume
             from purchase_lines l
            where ${MERCHANTS(s)} and l.invoice_date between $2::date and $3::date and ${BIND}
            group by l.merchant_id) v
           join merchants m on m.id = v.merchant_id
          order by v.volume desc, m.platform_id`,
        args(s, from, to),
      );
      return rows.map((x) => ({ platformId: x.platform_id, volume: x.volume }));
    },

    async ownVolumeByLocation(s: Selection, lastMonth: string, previousMonth: string): Promise<LocationMonths[]> {
      const { rows } = await db.query(
        `select m.name, v.last, v.previous from (
           select l.merchant_id,
                  sum(${LINE_VOLUME}) filter (where l.invoice_date >= $2::date) as last,
                  sum(${LINE_VOLUME}) filter (where l.invoice_date < $2::date) as previous
             from purchase_lines l
            where ${MERCHANTS(s)} and ${BIND} and l.distributor_id = any($5::int[])
              and l.invoice_date >= $3::date and l.invoice_date < ($2::date + interval '1 month')
            group by l.merchant_id) v
           join merchants m on m.id = v.merchant_id`,
        [s.distributorId, lastMonth, previousMonth, s.merchantIds, s.familyIds],
      );
      return rows.map((x) => ({ locationName: x.name, last: x.last ?? 0, previous: x.previous ?? 0 }));
    },
  };
}
export type RawDashboardRepository = ReturnType<typeof rawDashboardRepository>;
