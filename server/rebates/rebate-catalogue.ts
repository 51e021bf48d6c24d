// The rebates in force today in memory, for one data version and one day: a few thousand rows
// (items, manufacturers, each house's DIN and deviated price), so a page of Your or All Rebates
// is a walk through a list already in its sort order, where PostgreSQL joined, filtered and
// sorted them again for every page (5–10 ms of its time each). Rebates, deviations and the
// catalogue change only with the data (seed, import: the data version moves), "in force" with
// the day. Orders are the database's: each sort value's rank is read with the SQL's collation.
import type pg from 'pg';
import { REBATE_PAGE_SIZE, type RebatePage, type RebateRow, type RebateSortColumn, type RebateType } from '../../src/model/rebates.ts';
import type { RebateListRequest } from '../repositories/rebates.ts';
import { TODAY } from '../repositories/rebates.ts';

/** A rebate in force, with its place in each distributor-independent sort. */
interface Rebate {
  id: number;
  itemId: number;
  min: string;
  description: string;
  manufacturer: string;
  manufacturerPlatformId: string;
  manufacturerId: number;
  categoryId: number;
  type: RebateType;
  value: number;
  /** The text searched: MIN, description and manufacturer, lower-cased by the database as ILIKE does (rebates.ts foldCase). */
  search: [string, string, string];
  rank: Record<'min' | 'description' | 'manufacturer' | 'rebateType' | 'rebateValue', number>;
}

/** A house's DINs and deviated prices in force, by item, with their ranks among the house's. */
interface House {
  platformId: string;
  din: Map<number, { din: string; rank: number }>;
  deviation: Map<number, { price: number; rank: number }>;
}

export interface RebateCatalogue {
  readonly version: string;
  readonly day: string;
  /**
   * As rebatesRepository.list: the same rows in the same order. `foldedSearch`: the request's
   * search lower-cased by the database (rebatesRepository.foldCase), as ILIKE compares it.
   */
  list(request: RebateListRequest, foldedSearch: string): RebatePage;
}

/** Reads the catalogue of `day` (today, UTC) in one snapshot with the data version it is of. */
export async function loadRebateCatalogue(pool: pg.Pool): Promise<RebateCatalogue> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows: [{ version, day }] } = await client.query(`select version::text as version, (${TODAY})::text as day from data_version`);
    const { rows: rebates } = await client.query(
      `select r.id, i.id as item_id, i.min, i.description, m.name as manufacturer, m.platform_id as manufacturer_platform_id,
              i.manufacturer_id, i.category_id, r.type, r.value,
              dense_rank() over (order by i.min) as min_rank, dense_rank() over (order by i.description) as description_rank,
              dense_rank() over (order by m.name) as manufacturer_rank, dense_rank() over (order by r.type) as type_rank,
              dense_rank() over (order by r.value) as value_rank,
              lower(i.min) as min_folded, lower(i.description) as description_folded, lower(m.name) as manufacturer_folded
         from rebates r join items i on i.id = r.item_id join manufacturers m on m.id = i.manufacturer_id
        where ${TODAY} between r.starts_on and r.ends_on`);
    const { rows: dins } = await client.query(
      `select distributor_id, item_id, din, dense_rank() over (partition by distributor_id order by din) as rank from distributor_items`);
    // The deviation in force on an item through a house: the latest to start (as the list's lateral join picks it).
    const { rows: deviations } = await client.query(
      `select distributor_id, item_id, deviated_price, dense_rank() over (partition by distributor_id order by deviated_price) as rank
         from (select distinct on (item_id, distributor_id) item_id, distributor_id, deviated_price from deviations
                where ${TODAY} between starts_on and ends_on order by item_id, distributor_id, starts_on desc, id desc) d`);
    const { rows: distributors } = await client.query('select id, platform_id from distributors');
    const houses = new Map<number, House>(distributors.map((d) => [d.id, { platformId: d.platform_id, din: new Map(), deviation: new Map() }]));
    for (const d of dins) houses.get(d.distributor_id)?.din.set(d.item_id, { din: d.din, rank: d.rank });
    for (const d of deviations) houses.get(d.distributor_id)?.deviation.set(d.item_id, { price: d.deviated_price, rank: d.rank });
    return rebateCatalogue(version, day, rebates.map((r): Rebate => ({
      id: r.id, itemId: r.item_id, min: r.min, description: r.description, manufacturer: r.manufacturer,
      manufacturerPlatformId: r.manufacturer_platform_id, manufacturerId: r.manufacturer_id, categoryId: r.category_id,
      type: r.type, value: r.value,
      search: [r.min_folded, r.description_folded, r.manufacturer_folded],
      rank: { min: r.min_rank, description: r.description_rank, manufacturer: r.manufacturer_rank, rebateType: r.type_rank, rebateValue: r.value_rank },
    })), houses);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

export function rebateCatalogue(version: string, day: string, rebates: Rebate[], houses: Map<number, House>): RebateCatalogue {
  // Every order a page can ask, built once: by the column (nulls last either way), then by rebate id.
  const orders = new Map<string, Rebate[]>();
  const orderOf = (sort: RebateSortColumn, desc: boolean, house: House | undefined, houseId: number | null): Rebate[] => {
    const key = `${sort} ${desc} ${sort === 'din' || sort === 'deviationValue' ? houseId : ''}`;
    const known = orders.get(key);
    if (known) return known;
    const rank = (r: Rebate): number | null =>
      sort === 'din' ? (house?.din.get(r.itemId)?.rank ?? null)
        : sort === 'deviationValue' ? (house?.deviation.get(r.itemId)?.rank ?? null)
          : r.rank[sort];
    const sorted = [...rebates].sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      if (x !== y) {
        if (x === null) return 1;
        if (y === null) return -1;
        return desc ? y - x : x - y;
      }
      return a.id - b.id;
    });
    orders.set(key, sorted);
    return sorted;
  };

  return {
    version,
    day,
    list({ distributorId, carriedOnly, criteria, page }, foldedSearch) {
      if (carriedOnly && distributorId === null) return { rows: [], hasMore: false };
      const house = distributorId === null ? undefined : houses.get(distributorId);
      const search = criteria.search === '' ? '' : foldedSearch;
      const makers = criteria.manufacturers.length > 0 ? new Set(criteria.manufacturers) : null;
      const categories = criteria.categories.length > 0 ? new Set(criteria.categories) : null;
      const wanted = (r: Rebate) => (!carriedOnly || house?.din.has(r.itemId) === true)
        && (search === '' || r.search.some((text) => text.includes(search)))
        && (!makers || makers.has(r.manufacturerId)) && (!categories || categories.has(r.categoryId));
      // One row more than a page tells whether another page follows.
      const [skip, take] = page === null ? [0, Infinity] : [(page - 1) * REBATE_PAGE_SIZE, REBATE_PAGE_SIZE + 1];
      const found: Rebate[] = [];
      let matched = 0;
      for (const r of orderOf(criteria.sort, criteria.order === 'desc', house, distributorId)) {
        if (!wanted(r) || matched++ < skip) continue;
        if (found.push(r) === take) break;
      }
      const hasMore = page !== null && found.length > REBATE_PAGE_SIZE;
      return { rows: (hasMore ? found.slice(0, REBATE_PAGE_SIZE) : found).map((r) => toRow(r, house)), hasMore };
    },
  };
}

const toRow = (r: Rebate, house: House | undefined): RebateRow => ({
  rebateId: r.id,
  din: house?.din.get(r.itemId)?.din ?? null,
  min: r.min,
  description: r.description,
  manufacturer: r.manufacturer,
  manufacturerPlatformId: r.manufacturerPlatformId,
  rebateType: r.type,
  rebateValue: r.value,
  deviationValue: house?.deviation.get(r.itemId)?.price ?? null,
  product_id: r.itemId,
  locationPlatformId: house?.platformId ?? null,
});
