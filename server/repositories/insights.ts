// Competitive insights' SQL (docs/insights.md). Merchant ids always come from the scope
// (server/scope/visible-merchants.ts). Per-merchant figures read rollup_merchant_item_day (one
// merchant's month is a few hundred rows); the house-wide win-back reads the house's lost-item
// rollups (migration 020); order history reads purchase_lines through (merchant_id, invoice_date).
import type { Queryable } from '../db/queryable.ts';
import type { RebateType } from '../../src/model/rebates.ts';
import { bind, EDGE_DAYS, PLUS_EDGES, WHOLE_MONTHS } from './dashboard.ts';
import { splitRange } from './dashboard-range.ts';
import { familyFeedback } from './matches.ts';

export interface MerchantVolumes { id: number; platformId: string; merchant: string; dcn: string | null; total: number; competitor: number }

export interface LostItem { itemId: number; quantity: number; volume: number }

export interface WinBackDbRow {
  min: string;
  description: string;
  manufacturer: string;
  manufacturerPlatformId: string;
  category: string;
  quantity: number;
  volume: number;
  replacement: null | {
    min: string;
    description: string;
    manufacturerName: string;
    manufacturerPlatformId: string;
    pack: string | null;
    weight: number;
    rebateType: RebateType | null;
    rebateValue: number | null;
    deviationValue: number | null;
    recommended: boolean;
  };
}

export interface OrderLineRow {
  merchantId: number;
  date: string;
  distributor: string;
  distributorPlatformId: string;
  invoiceId: string;
  min: string;
  description: string;
  manufacturer: string;
  manufacturerPlatformId: string;
  category: string;
  packsize: string;
  uom: string;
  quantity: number;
  start: number;
  end: number;
}

/** Competitor lines: the seller is outside the house's family. */
const COMPETITOR = (seller: string) => `${seller} <> all(@fam::int[])`;

export function insightsRepository(db: Queryable) {
  async function query(sql: string, named: Record<string, unknown>) {
    const [text, args] = bind(sql, named);
    return (await db.query(text, args)).rows;
  }

  return {
    /**
     * The merchants table in one statement: each merchant of the house (`ids` null: all with an
     * account there; else those listed) with its account number, total and competitor volume over
     * the range — whole months from rollup_merchant_month, the edge days from rollup_merchant_day.
     */
    async merchantVolumes(houseId: number, ids: number[] | null, from: string, to: string, familyIds: number[]): Promise<MerchantVolumes[]> {
      const r = splitRange(from, to);
      // Plain joins on merchant_accounts (no CTE): the planner then knows the house has thousands of
      // merchants and hashes one month of the rollup instead of probing it merchant by merchant.
      const mine = (a: string) => (ids === null ? `${a}.distributor_id = @d` : `${a}.distributor_id = @d and ${a}.merchant_id = any(@ids::int[])`);
      const rows = await query(
        `with v as (
                select x.merchant_id, x.seller_id, x.volume from rollup_merchant_month x
                  join merchant_accounts a on a.merchant_id = x.merchant_id and ${mine('a')}
                 where ${WHOLE_MONTHS('x.month')}
                ${PLUS_EDGES(r, `select x.merchant_id, x.seller_id, x.volume from rollup_merchant_day x
                  join merchant_accounts a on a.merchant_id = x.merchant_id and ${mine('a')}
                 where ${EDGE_DAYS('x.day')}`)}),
              t as (select merchant_id, sum(volume) as total, coalesce(sum(volume) filter (where ${COMPETITOR('seller_id')}), 0) as competitor
                      from v group by 1)
         select m.id, m.platform_id, m.name, a.dcn, coalesce(t.total, 0) as total, coalesce(t.competitor, 0) as competitor
           from merchant_accounts a join merchants m on m.id = a.merchant_id left join t on t.merchant_id = a.merchant_id
          where ${mine('a')}
          order by m.id`,
        { d: houseId, ids, from: r.from, to: r.to, fs: r.fullStart, fe: r.fullEnd, fam: familyIds },
      );
      return rows.map((x) => ({ id: x.id, platformId: x.platform_id, merchant: x.name, dcn: x.dcn, total: x.total, competitor: x.competitor }));
    },

    /** The merchants among `ids` with competitor volume in the category (by name) or item (by MIN) over the range. */
    async merchantsThatLost(ids: number[], from: string, to: string, familyIds: number[], filter: { category?: string; item?: string }): Promise<Set<number>> {
      const which = filter.item !== undefined
        ? 'x.item_id = (select id from items where min = @key)'
        : 'x.category_id = (select id from categories where name = @key)';
      const rows = await query(
        `select x.merchant_id from rollup_merchant_item_day x
          where x.merchant_id = any(@ids::int[]) and x.day between @from::date and @to::date and ${COMPETITOR('x.seller_id')} and ${which}
          group by 1 having sum(x.volume) > 0`,
        { ids, from, to, fam: familyIds, key: filter.item ?? filter.category },
      );
      return new Set(rows.map((r) => r.merchant_id as number));
    },

    /** Volume per seller and MIN of one merchant over the range (the items page's volumes). */
    async itemVolumes(merchantId: number, from: string, to: string): Promise<Map<string, number>> {
      const rows = await query(
        `select x.seller_id, i.min, sum(x.volume) as volume from rollup_merchant_item_day x join items i on i.id = x.item_id
          where x.merchant_id = @id and x.day between @from::date and @to::date group by 1, 2`,
        { id: merchantId, from, to },
      );
      return new Map(rows.map((r) => [`${r.seller_id}|${r.min}`, r.volume as number]));
    },

    /** Items the merchants bought from competitors over the range, with quantity and volume. */
    async lostItemsOfMerchants(ids: number[], from: string, to: string, familyIds: number[], limit: number | null): Promise<LostItem[]> {
      const rows = await query(
        `select x.item_id, sum(x.quantity) as quantity, sum(x.volume) as volume from rollup_merchant_item_day x
          where x.merchant_id = any(@ids::int[]) and x.day between @from::date and @to::date and ${COMPETITOR('x.seller_id')}
          group by 1 order by 3 desc, 1 ${limit === null ? '' : `limit ${Number(limit)}`}`,
        { ids, from, to, fam: familyIds },
      );
      return rows.map((r) => ({ itemId: r.item_id, quantity: r.quantity, volume: r.volume }));
    },

    /** The same over every merchant of a house with house-wide rollups (null: the house has none). */
    async lostItemsOfHouse(houseId: number, from: string, to: string, limit: number): Promise<LostItem[] | null> {
      const known = await query('select 1 from rollup_accounts where distributor_id = @d', { d: houseId });
      if (known.length === 0) return null;
      const r = splitRange(from, to);
      const rows = await query(
        `select item_id, sum(quantity) as quantity, sum(volume) as volume from (
           select item_id, quantity, volume from rollup_account_lost_qty_month where distributor_id = @d and ${WHOLE_MONTHS('month')}
           ${PLUS_EDGES(r, `select item_id, quantity, volume from rollup_account_lost_qty_day where distributor_id = @d and ${EDGE_DAYS('day')}`)}
         ) u group by 1 order by 3 desc, 1 limit ${Number(limit)}`,
        { d: houseId, from: r.from, to: r.to, fs: r.fullStart, fe: r.fullEnd },
      );
      return rows.map((x) => ({ itemId: x.item_id, quantity: x.quantity, volume: x.volume }));
    },

    /**
     * Each lost item with the house's best similar item it carries, as the similar-items page
     * ranks them (the family's recommendations first, then the match score, then MIN; its
     * reported bad matches left out), with that item's rebate and the house's deviated price in
     * force on `onDate`.
     */
    async withReplacements(lost: LostItem[], houseId: number, onDate: string): Promise<WinBackDbRow[]> {
      if (lost.length === 0) return [];
      const rows = await query(
        `with lost as (select * from unnest(@items::int[], @qty::numeric[], @vol::numeric[]) as t (item_id, quantity, volume)),
              fb as (${familyFeedback('@d')}),
              cand as (
                select im.item_id as lost_id, im.match_item_id as item_id, im.score, false as recommended
                  from item_matches im join lost on lost.item_id = im.item_id
                union all
                select li.id, ri.id, 1.0, true from fb
                  join items li on li.min = fb.min join lost on lost.item_id = li.id
                  join items ri on ri.min = fb.recommended_min where ri.id <> li.id),
              ranked as (select lost_id, item_id, max(score) as score, bool_or(recommended) as recommended from cand group by 1, 2),
              best as (
                select distinct on (r.lost_id) r.lost_id, r.item_id, r.recommended
                  from ranked r join items ri on ri.id = r.item_id join items li on li.id = r.lost_id
                 where exists (select 1 from distributor_items di where di.item_id = r.item_id and di.distributor_id = @d)
                   and not exists (select 1 from fb where fb.min = li.min and fb.bad_match_min = ri.min and fb.recommended_min is null)
                 order by r.lost_id, r.recommended desc, r.score desc, ri.min)
         select li.min, li.description, lm.name as manufacturer, lm.platform_id as manufacturer_platform_id, c.name as category,
                lost.quantity, lost.volume,
                ri.min as r_min, ri.description as r_description, rm.name as r_manufacturer, rm.platform_id as r_platform_id,
                ri.pack as r_pack, coalesce(ri.weight, 0) as r_weight, rb.type as r_type, rb.value as r_value,
                dv.deviated_price as r_deviation, best.recommended
           from lost
           join items li on li.id = lost.item_id
           join manufacturers lm on lm.id = li.manufacturer_id
           join categories c on c.id = li.category_id
           left join best on best.lost_id = lost.item_id
           left join items ri on ri.id = best.item_id
           left join manufacturers rm on rm.id = ri.manufacturer_id
           left join rebate_in_force rb on rb.item_id = ri.id and @on::date between rb.starts_on and rb.ends_on
           left join deviation_in_force dv on dv.item_id = ri.id and dv.distributor_id = @d and @on::date between dv.starts_on and dv.ends_on`,
        { items: lost.map((l) => l.itemId), qty: lost.map((l) => l.quantity), vol: lost.map((l) => l.volume), d: houseId, on: onDate },
      );
      return rows.map((x) => ({
        min: x.min,
        description: x.description,
        manufacturer: x.manufacturer,
        manufacturerPlatformId: x.manufacturer_platform_id,
        category: x.category,
        quantity: x.quantity,
        volume: x.volume,
        replacement: x.r_min === null ? null : {
          min: x.r_min,
          description: x.r_description,
          manufacturerName: x.r_manufacturer,
          manufacturerPlatformId: x.r_platform_id,
          pack: x.r_pack,
          weight: x.r_weight,
          rebateType: x.r_type,
          rebateValue: x.r_value,
          deviationValue: x.r_deviation,
          recommended: x.recommended,
        },
      }));
    },

    /** The merchants' competitor lines over the range, newest first (the order history). */
    async orderLines(ids: number[], from: string, to: string, familyIds: number[]): Promise<OrderLineRow[]> {
      const rows = await query(
        `select p.merchant_id, to_char(p.invoice_date, 'YYYY-MM-DD') as date, d.nickname as distributor, d.platform_id as distributor_platform_id,
                p.invoice_id, i.min, i.description, m.name as manufacturer, m.platform_id as manufacturer_platform_id, c.name as category,
                coalesce(i.pack, '') as packsize, coalesce(i.uom, '') as uom, p.quantity, p.start_guidance, p.end_guidance
           from purchase_lines p
           join distributors d on d.id = p.distributor_id
           join items i on i.id = p.item_id
           join manufacturers m on m.id = i.manufacturer_id
           join categories c on c.id = p.category_id
          where p.merchant_id = any(@ids::int[]) and p.invoice_date between @from::date and @to::date and ${COMPETITOR('p.distributor_id')}
          order by p.merchant_id, p.invoice_date desc, d.nickname, p.invoice_id, i.description, p.id`,
        { ids, from, to, fam: familyIds },
      );
      return rows.map((x) => ({
        merchantId: x.merchant_id,
        date: x.date,
        distributor: x.distributor,
        distributorPlatformId: x.distributor_platform_id,
        invoiceId: x.invoice_id,
        min: x.min,
        description: x.description,
        manufacturer: x.manufacturer,
        manufacturerPlatformId: x.manufacturer_platform_id,
        category: x.category,
        packsize: x.packsize,
        uom: x.uom,
        quantity: x.quantity,
        start: x.start_guidance,
        end: x.end_guidance,
      }));
    },
  };
}
export type InsightsRepository = ReturnType<typeof insightsRepository>;
