import type pg from 'pg';
import type { FeedbackPayload } from '../../src/model/feedback.ts';
import { formatMoney } from '../../src/model/format.ts';
import type { ItemMatch } from '../../src/model/match.ts';
import { formatRebate } from '../../src/model/rebate-format.ts';
import type { RebateType } from '../../src/model/rebates.ts';

type Row = {
  min: string;
  description: string;
  manufacturer_name: string;
  manufacturer_platform_id: string;
  pack: string | null;
  uom: string | null;
  type: RebateType | null;
  value: string | null;
  deviated_price: string | null;
  in_catalog: boolean;
  recommended: boolean;
};

const toMatch = (r: Row): ItemMatch => {
  const rebateValue = r.value === null ? null : Number(r.value);
  const deviationValue = r.deviated_price === null ? null : Number(r.deviated_price);
  return {
    min: r.min,
    description: r.description,
    manufacturerName: r.manufacturer_name,
    manufacturerPlatformId: r.manufacturer_platform_id,
    pack: r.pack,
    uom: r.uom,
    rebateType: r.type,
    rebateValue,
    rebateWithSymbol: r.type === null || rebateValue === null ? null : formatRebate(r.type, rebateValue),
    deviationValue,
    deviationDollar: deviationValue === null ? null : formatMoney(deviationValue),
    inCatalog: r.in_catalog ? 'Y' : 'N',
    recommended: r.recommended,
  };
};

/**
 * Feedback counts for a distributor family: the parent house and its children (a family root
 * is a distributor without a parent). A feedback author belongs to the family of their
 * channel partner.
 */
export const familyFeedback = (distributor: string) => `
  select f.* from match_feedback f
    join users u on u.id = f.user_id
    join distributors d on d.id = u.channel_partner_id
   where coalesce(d.parent_id, d.id) = (select coalesce(parent_id, id) from distributors where id = ${distributor}::int)`;
const FAMILY_FEEDBACK = `${familyFeedback('$3')} and f.min = $1`;

export function matchesRepository(db: pg.Pool) {
  return {
    /**
     * Similar items of an item: the catalogue's matches plus items the caller's family
     * recommended, minus the ones it reported as bad matches; rebate and deviation in force
     * on `onDate`; inCatalog = the caller's distributor carries it. null: no such item.
     */
    async similarItems(min: string, manufacturerPlatformId: string, distributorId: number | null, onDate: string): Promise<ItemMatch[] | null> {
      const target = await db.query<{ id: number }>(
        `select i.id from items i join manufacturers m on m.id = i.manufacturer_id where i.min = $1 and m.platform_id = $2`,
        [min, manufacturerPlatformId],
      );
      if (target.rows.length === 0) return null;
      const { rows } = await db.query<Row>(
        `with feedback as (${FAMILY_FEEDBACK}),
              candidates as (
                select im.match_item_id as item_id, im.score, false as recommended from item_matches im where im.item_id = $2
                union all
                select i.id, 1.0, true from feedback f join items i on i.min = f.recommended_min where i.id <> $2
              ),
              ranked as (select item_id, max(score) as score, bool_or(recommended) as recommended from candidates group by item_id)
         select i.min, i.description, m.name as manufacturer_name, m.platform_id as manufacturer_platform_id, i.pack, i.uom,
                rb.type, rb.value, dv.deviated_price,
                exists (select 1 from distributor_items di where di.item_id = i.id and di.distributor_id = $3::int) as in_catalog,
                c.recommended
           from ranked c
           join items i on i.id = c.item_id
           join manufacturers m on m.id = i.manufacturer_id
           left join lateral (select r.type, r.value from rebates r where r.item_id = i.id and $4::date between r.starts_on and r.ends_on
                               order by r.starts_on desc, r.id desc limit 1) rb on true
           left join lateral (select v.deviated_price from deviations v
                               where v.item_id = i.id and v.distributor_id = $3::int and $4::date between v.starts_on and v.ends_on
                               order by v.starts_on desc, v.id desc limit 1) dv on true
          where not exists (select 1 from feedback f where f.bad_match_min = i.min and f.recommended_min is null)
          order by c.recommended desc, c.score desc, i.min`,
        [min, target.rows[0]!.id, distributorId, onDate],
      );
      return rows.map(toMatch);
    },

    /** The MINs of `mins` that name no item. */
    async unknownMins(mins: string[]): Promise<string[]> {
      const { rows } = await db.query<{ min: string }>(
        `select m.min from unnest($1::text[]) as m(min) where not exists (select 1 from items i where i.min = m.min)`,
        [mins],
      );
      return rows.map((r) => r.min);
    },

    async saveFeedback(userId: number, feedback: FeedbackPayload): Promise<number> {
      const bad = 'badMatchMin' in feedback ? feedback : null;
      const { rows } = await db.query<{ id: number }>(
        `insert into match_feedback (user_id, min, bad_match_min, comment, recommended_min) values ($1, $2, $3, $4, $5) returning id`,
        [userId, feedback.min, bad?.badMatchMin ?? null, bad?.comment ?? null, 'recommendedMin' in feedback ? feedback.recommendedMin : null],
      );
      return rows[0]!.id;
    },
  };
}
export type MatchesRepository = ReturnType<typeof matchesRepository>;
