// Intel numbers for one batch of merchants (at most 250, already scoped by server/scope/).
// Volumes come from the per-merchant rollups (migration 002) like the dashboard's; item rows need
// the last order's price and invoice, which no rollup keeps, so they are read from purchase_lines
// through its (merchant_id, invoice_date) index for the batch's merchants and range only — never
// a scan of all lines.
import type { Queryable } from '../db/queryable.ts';
import type { IntelItem } from '../../src/model/intel.ts';
import type { RebateType } from '../../src/model/rebates.ts';
import { EDGE_DAYS, PLUS_EDGES, prepared, WHOLE_MONTHS } from './dashboard.ts';
import { splitRange } from './dashboard-range.ts';

export interface SellerVolume { merchantId: number; sellerId: number; volume: number }
export interface MonthVolume extends SellerVolume { month: string }
export interface ItemRow extends IntelItem { merchantId: number; sellerId: number }
export interface SellerRow { id: number; platformId: string; nickname: string; familyRootId: number }
export interface MerchantRow { id: number; platformId: string; merchant: string; dcn: string | null }

export function intelRepository(db: Queryable) {
  return {
    /** Volume per merchant and seller over the range: whole months from monthly rows, the rest from daily rows. */
    async volumes(merchantIds: number[], from: string, to: string): Promise<SellerVolume[]> {
      const r = splitRange(from, to);
      const { rows } = await db.query(prepared(
        `select merchant_id, seller_id, sum(volume) as volume from (
           select merchant_id, seller_id, volume from rollup_merchant_month
            where merchant_id = any(@ids::int[]) and ${WHOLE_MONTHS('month')}
           ${PLUS_EDGES(r, `select merchant_id, seller_id, volume from rollup_merchant_day
            where merchant_id = any(@ids::int[]) and ${EDGE_DAYS('day')}`)}
         ) u group by 1, 2`,
        { ids: merchantIds, from: r.from, to: r.to, fs: r.fullStart, fe: r.fullEnd },
      ));
      return rows.map((x) => ({ merchantId: x.merchant_id, sellerId: x.seller_id, volume: x.volume }));
    },

    /** Volume per merchant, seller and calendar month, months `fromMonth`..`toMonth` (first days). */
    async monthly(merchantIds: number[], fromMonth: string, toMonth: string): Promise<MonthVolume[]> {
      const { rows } = await db.query(
        `select merchant_id, seller_id, to_char(month, 'YYYY-MM') as month, volume from rollup_merchant_month
          where merchant_id = any($1::int[]) and month between $2::date and $3::date`,
        [merchantIds, fromMonth, toMonth],
      );
      return rows.map((x) => ({ merchantId: x.merchant_id, sellerId: x.seller_id, month: x.month, volume: x.volume }));
    },

    /**
     * Per merchant, seller and item: the quantity bought in the range, and the last order's line
     * (price, Market Index, invoice) with the item's rebate and the house's deviation in force on its date.
     */
    async items(merchantIds: number[], from: string, to: string, houseId: number): Promise<ItemRow[]> {
      const { rows } = await db.query(
        // One pass over the batch's lines (window per merchant, seller and item); the rebates and
        // deviations in force are looked up only for the items the batch bought.
        `with l as materialized (
           select p.*, sum(p.quantity) over w as total_quantity,
                  row_number() over (w order by p.invoice_date desc, p.id desc) as rn
             from purchase_lines p
            where p.merchant_id = any($1::int[]) and p.invoice_date between $2::date and $3::date
           window w as (partition by p.merchant_id, p.distributor_id, p.item_id)),
         last as materialized (select * from l where rn = 1),
         r as materialized (select * from rebate_in_force where item_id in (select item_id from last)),
         dv as materialized (select * from deviation_in_force where distributor_id = $4 and item_id in (select item_id from last))
         select last.merchant_id, last.distributor_id as seller_id, i.description, m.name as manufacturer,
                coalesce(i.pack, '') as packsize, c.name as category, last.total_quantity as quantity, coalesce(i.uom, '') as uom,
                r.value as rebate_value, r.type as rebate_type, dv.deviated_price as deviation_value,
                last.start_guidance, last.end_guidance,
                coalesce(last.unit_price, (last.start_guidance + last.end_guidance) / 2) as purchase,
                i.min, m.platform_id as manufacturer_platform_id, coalesce(m.group_platform_id, '') as manufacturer_group_platform_id,
                to_char(last.invoice_date, 'YYYY-MM-DD') as invoice_date, last.invoice_id
           from last
           join items i on i.id = last.item_id
           join manufacturers m on m.id = i.manufacturer_id
           join categories c on c.id = i.category_id
           left join r on r.item_id = last.item_id and last.invoice_date between r.starts_on and r.ends_on
           left join dv on dv.item_id = last.item_id and last.invoice_date between dv.starts_on and dv.ends_on`,
        [merchantIds, from, to, houseId],
      );
      return rows.map((x) => ({
        merchantId: x.merchant_id,
        sellerId: x.seller_id,
        description: x.description,
        manufacturer: x.manufacturer,
        packsize: x.packsize,
        category: x.category,
        quantity: x.quantity,
        uom: x.uom,
        rebateValue: x.rebate_value,
        rebateType: x.rebate_type as RebateType | null,
        deviationValue: x.deviation_value,
        startGuidanceRange: x.start_guidance,
        endGuidanceRange: x.end_guidance,
        purchase: x.purchase,
        min: x.min,
        manufacturerPlatformId: x.manufacturer_platform_id,
        manufacturerGroupPlatformId: x.manufacturer_group_platform_id,
        invoice_date: x.invoice_date,
        invoice_id: x.invoice_id,
      }));
    },

    async sellers(ids: number[]): Promise<SellerRow[]> {
      const { rows } = await db.query({
        name: 'intel-sellers', text: 'select id, platform_id, nickname, coalesce(parent_id, id) as root from distributors where id = any($1::int[])', values: [ids],
      });
      return rows.map((x) => ({ id: x.id, platformId: x.platform_id, nickname: x.nickname, familyRootId: x.root }));
    },

    /** The merchants with their account number at the house (null without one), in the order asked. */
    async merchants(ids: number[], houseId: number): Promise<MerchantRow[]> {
      const { rows } = await db.query({
        name: 'intel-merchants',
        text: `select m.id, m.platform_id, m.name, a.dcn from merchants m
                 left join merchant_accounts a on a.merchant_id = m.id and a.distributor_id = $2
                where m.id = any($1::int[])`,
        values: [ids, houseId],
      });
      const byId = new Map(rows.map((x) => [x.id as number, { id: x.id, platformId: x.platform_id, merchant: x.name, dcn: x.dcn }]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The merchant's account numbers at each seller (the debug page's dcn column). */
    async accounts(merchantId: number): Promise<Map<number, string>> {
      const { rows } = await db.query('select distributor_id, dcn from merchant_accounts where merchant_id = $1', [merchantId]);
      return new Map(rows.map((x) => [x.distributor_id as number, x.dcn as string]));
    },
  };
}
export type IntelRepository = ReturnType<typeof intelRepository>;
