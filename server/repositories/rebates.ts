import type { Queryable } from '../db/queryable.ts';
import {
  REBATE_PAGE_SIZE,
  type RebateCriteria,
  type RebateFilters,
  type RebatePage,
  type RebateRow,
  type RebateSortColumn,
  type RebateType,
} from '../../src/model/rebates.ts';

/**
 * "In force today": starts_on <= today <= ends_on, today being the UTC calendar date (the
 * seed and the rest of the portal count days in UTC). Rebates outside that window are history.
 */
export const TODAY = `(now() at time zone 'UTC')::date`;

// Whitelisted sort expressions; the order then falls back to the rebate id, which is unique,
// so every page boundary is exact (no duplicates, no gaps).
const SORT_SQL: Record<RebateSortColumn, string> = {
  din: 'di.din',
  min: 'i.min',
  description: 'i.description',
  manufacturer: 'm.name',
  rebateType: 'r.type',
  rebateValue: 'r.value',
  deviationValue: 'dv.deviated_price',
};

type Row = {
  rebate_id: number;
  din: string | null;
  min: string;
  description: string;
  manufacturer: string;
  manufacturer_platform_id: string;
  type: RebateType;
  value: string;
  deviated_price: string | null;
  product_id: number;
  location_platform_id: string | null;
};

const toRow = (r: Row): RebateRow => ({
  rebateId: r.rebate_id,
  din: r.din,
  min: r.min,
  description: r.description,
  manufacturer: r.manufacturer,
  manufacturerPlatformId: r.manufacturer_platform_id,
  rebateType: r.type,
  rebateValue: Number(r.value),
  deviationValue: r.deviated_price === null ? null : Number(r.deviated_price),
  product_id: r.product_id,
  locationPlatformId: r.location_platform_id,
});

/** `%text%` for ILIKE with the user's own % _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface RebateListRequest {
  /** The caller's active distributor: gives DIN and deviated price, and scopes "yours". */
  distributorId: number | null;
  /** true: only items the distributor carries (your rebates); false: the whole program. */
  carriedOnly: boolean;
  criteria: RebateCriteria;
  /** null: every row at once. */
  page: number | null;
}

/**
 * A search text lower-cased as ILIKE lower-cases it: PostgreSQL's lower() in the database's
 * collation, which folds É, Ñ, Ü as the locale says (and only A–Z in the C locale), where
 * JavaScript's toLowerCase follows Unicode (İ becomes two characters). The rebate catalogue in
 * memory folds its texts and the user's search with it, so both paths find the same rows.
 */
export async function foldCase(db: Queryable, text: string): Promise<string> {
  if (text === '') return '';
  const { rows } = await db.query<{ folded: string }>({ name: 'fold-case', text: 'select lower($1::text) as folded', values: [text] });
  return rows[0]!.folded;
}

export function rebatesRepository(db: Queryable) {
  return {
    /** The search as ILIKE folds it (foldCase): what the rebate catalogue in memory matches. */
    foldCase: (text: string) => foldCase(db, text),

    async list({ distributorId, carriedOnly, criteria, page }: RebateListRequest): Promise<RebatePage> {
      if (carriedOnly && distributorId === null) return { rows: [], hasMore: false };
      const params: unknown[] = [distributorId];
      const where = [`${TODAY} between r.starts_on and r.ends_on`];
      if (carriedOnly) where.push('di.din is not null');
      if (criteria.search !== '') {
        params.push(containsPattern(criteria.search));
        const p = `$${params.length}`;
        where.push(`(i.min ilike ${p} or i.description ilike ${p} or m.name ilike ${p})`);
      }
      if (criteria.manufacturers.length > 0) {
        params.push(criteria.manufacturers);
        where.push(`i.manufacturer_id = any($${params.length}::int[])`);
      }
      if (criteria.categories.length > 0) {
        params.push(criteria.categories);
        where.push(`i.category_id = any($${params.length}::int[])`);
      }
      const direction = criteria.order === 'desc' ? 'desc' : 'asc';
      let limit = '';
      if (page !== null) {
        // One row more than a page tells whether another page follows.
        params.push(REBATE_PAGE_SIZE + 1, (page - 1) * REBATE_PAGE_SIZE);
        limit = `limit $${params.length - 1} offset $${params.length}`;
      }
      const { rows } = await db.query<Row>(
        `select r.id as rebate_id, di.din, i.min, i.description, m.name as manufacturer,
                m.platform_id as manufacturer_platform_id, r.type, r.value, dv.deviated_price,
                i.id as product_id, d.platform_id as location_platform_id
           from rebates r
           join items i on i.id = r.item_id
           join manufacturers m on m.id = i.manufacturer_id
           left join distributors d on d.id = $1::int
           left join distributor_items di on di.item_id = i.id and di.distributor_id = $1::int
           left join lateral (
             select v.deviated_price from deviations v
              where v.item_id = i.id and v.distributor_id = $1::int and ${TODAY} between v.starts_on and v.ends_on
              order by v.starts_on desc, v.id desc limit 1
           ) dv on true
          where ${where.join(' and ')}
          order by ${SORT_SQL[criteria.sort]} ${direction} nulls last, r.id
          ${limit}`,
        params,
      );
      const hasMore = page !== null && rows.length > REBATE_PAGE_SIZE;
      return { rows: (hasMore ? rows.slice(0, REBATE_PAGE_SIZE) : rows).map(toRow), hasMore };
    },

    /** Manufacturers and categories that have a rebate in force today: the filter checklists. */
    async filters(): Promise<RebateFilters> {
      const entries = (column: 'manufacturer_id' | 'category_id', table: 'manufacturers' | 'categories') =>
        db.query<{ id: number; name: string }>(
          `select t.id, t.name from ${table} t
            where exists (select 1 from items i join rebates r on r.item_id = i.id
                           where i.${column} = t.id and ${TODAY} between r.starts_on and r.ends_on)
            order by t.name, t.id`,
        );
      const [manufacturers, categories] = await Promise.all([
        entries('manufacturer_id', 'manufacturers'),
        entries('category_id', 'categories'),
      ]);
      const label = (r: { id: number; name: string }) => ({ id: r.id, name: r.name, label: r.name });
      return { manufacturers: manufacturers.rows.map(label), categories: categories.rows.map(label) };
    },
  };
}
export type RebatesRepository = ReturnType<typeof rebatesRepository>;
