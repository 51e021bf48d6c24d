import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RebateSortColumn, type RebateCriteria } from '../../src/model/rebates.ts';
import { foldCase, rebatesRepository, type RebateListRequest } from '../repositories/rebates.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { loadRebateCatalogue, type RebateCatalogue } from './rebate-catalogue.ts';

const SORTS = Object.keys(RebateSortColumn.keys) as (keyof typeof RebateSortColumn.keys)[];

describe.each(testTargets())('the rebate catalogue in memory on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let catalogue: RebateCatalogue;
  let houses: number[];
  let someMaker: number;
  let someCategory: number;
  const q = async <T>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 20, months: 2 });
    // A second deviation on an item, starting later: the list shows the latest in force.
    await q(`insert into deviations (item_id, distributor_id, deviated_price, starts_on, ends_on)
             select item_id, distributor_id, deviated_price - 0.25, starts_on + 1, ends_on from deviations
              where (now() at time zone 'UTC')::date - 1 between starts_on and ends_on limit 3`);
    catalogue = await loadRebateCatalogue(db.pool);
    houses = (await q<{ id: number }>(`select distinct distributor_id as id from deviations order by 1`)).map((r) => r.id);
    [{ id: someMaker }] = await q<{ id: number }>(`select i.manufacturer_id as id from rebates r join items i on i.id = r.item_id group by 1 order by count(*) desc limit 1`) as [{ id: number }];
    [{ id: someCategory }] = await q<{ id: number }>(`select i.category_id as id from rebates r join items i on i.id = r.item_id group by 1 order by count(*) desc limit 1`) as [{ id: number }];
  }, 120_000);
  afterAll(() => db?.drop());

  const criteria = (over: Partial<RebateCriteria> = {}): RebateCriteria =>
    ({ search: '', manufacturers: [], categories: [], sort: 'manufacturer', order: 'asc', ...over });
  /** The catalogue's page (the search folded as the route folds it) is the SQL's. */
  const same = async (request: RebateListRequest, from = catalogue) => {
    const got = from.list(request, await foldCase(db.pool, request.criteria.search));
    expect(got, JSON.stringify(request)).toEqual(await rebatesRepository(db.pool).list(request));
    return got;
  };

  it('holds rebates in force, DINs and deviated prices of the houses', async () => {
    expect(houses.length).toBeGreaterThan(0);
    const all = await same({ distributorId: houses[0]!, carriedOnly: false, criteria: criteria(), page: null });
    expect(all.rows.length).toBeGreaterThan(50);
    expect(all.rows.some((r) => r.din !== null)).toBe(true);
    expect(all.rows.some((r) => r.deviationValue !== null)).toBe(true);
  });

  it.each(SORTS)('pages sorted by %s, both ways, your rebates and all, as the SQL pages them', async (sort) => {
    for (const distributorId of [houses[0]!, houses.at(-1)!, null]) {
      for (const order of ['asc', 'desc'] as const) {
        for (const carriedOnly of [true, false]) {
          for (const page of [1, 2, 7, null]) await same({ distributorId, carriedOnly, criteria: criteria({ sort, order }), page });
        }
      }
    }
  });

  it('searches MIN, description and manufacturer without regard to case, the user\'s % and _ taken literally, and filters', async () => {
    const distributorId = houses[0]!;
    for (const search of ['chick', 'CHICK', 'Oil', '00', '1', '%', '_', 'a_b', 'zzzz-nothing']) {
      for (const page of [1, 2, null]) await same({ distributorId, carriedOnly: false, criteria: criteria({ search, sort: 'description' }), page });
    }
    const made = await same({ distributorId, carriedOnly: false, criteria: criteria({ manufacturers: [someMaker] }), page: null });
    expect(made.rows.length).toBeGreaterThan(0);
    await same({ distributorId, carriedOnly: true, criteria: criteria({ categories: [someCategory], sort: 'din', order: 'desc' }), page: 1 });
    await same({ distributorId, carriedOnly: false, criteria: criteria({ manufacturers: [someMaker], categories: [someCategory], search: 'e' }), page: 1 });
    expect(catalogue.list({ distributorId: null, carriedOnly: true, criteria: criteria(), page: 1 }, '')).toEqual({ rows: [], hasMore: false });
  });

  it('finds names with accents (é, ñ, ü) as the database does, whatever the case typed (issue 39)', async () => {
    const [{ collation }] = await q<{ collation: string }>(`select datctype as collation from pg_database where datname = current_database()`) as [{ collation: string }];
    // Items and makers with accented names, each with a rebate in force today.
    const [{ id: maker }] = await q<{ id: number }>(
      `insert into manufacturers (platform_id, name) values ('MF-ACCENT-1', 'Müller Frères Dairy') returning id`) as [{ id: number }];
    const names = ['CRÈME FRAÎCHE ÉPAISSE', 'crème brûlée base', 'JALAPEÑO SLICED NACHO', 'jalapeño relish', 'PÂTÉ DE CAMPAGNE', 'KÜMMEL KÄSE', 'İSTANBUL SPICE'];
    for (const [n, name] of names.entries()) {
      await q(`with i as (insert into items (min, description, manufacturer_id, category_id) values ($1, $2, $3, $4) returning id)
               insert into rebates (item_id, type, value, starts_on, ends_on)
               select id, 'PERCENT_OF_PRICE', 3, (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + 30 from i`,
        [`ACC${n}`, name, maker, someCategory]);
    }
    const fresh = await loadRebateCatalogue(db.pool);
    const found: Record<string, number> = {};
    for (const search of ['é', 'É', 'crème', 'CRÈME', 'Crème', 'ñ', 'Ñ', 'jalapeño', 'JALAPEÑO', 'ü', 'Ü', 'müller', 'MÜLLER', 'frères', 'pâté', 'i̇', 'istanbul']) {
      for (const carriedOnly of [false, true]) {
        const page = await same({ distributorId: houses[0]!, carriedOnly, criteria: criteria({ search, sort: 'description' }), page: null }, fresh);
        if (!carriedOnly) found[search] = page.rows.length;
      }
    }
    // What any collation finds: the text as it is written.
    expect(found['crème'], collation).toBeGreaterThanOrEqual(1);
    expect(found['jalapeño'], collation).toBeGreaterThanOrEqual(1);
    expect(found['müller'], collation).toBe(names.length);
  });
});
