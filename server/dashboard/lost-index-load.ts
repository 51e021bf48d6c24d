// Reads rollup_merchant_lost_day into memory (lost-index.ts) in one snapshot with the data
// version it is of and the catalogue's names, so the index answers exactly for that version.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { houseLost, type HouseLost, type HouseRows, type Names } from './lost-index.ts';

export interface LostIndex {
  version: string;
  /** Each indexed house's lost figures; a house missing here is answered by SQL. */
  houses: Map<number, HouseLost>;
}

/** Below this, doubles hold and add integers exactly. */
const EXACT_BELOW = 2 ** 53;
/** A row's whole part and fraction are kept in 32-bit integers. */
const INT32_BELOW = 2 ** 31;

interface HouseStats { distributor_id: number; rows: number; scale: number; largest: string; volume: string; rebate: string; deviation: string }

/**
 * Builds the index from `pool`; without houses when the figures cannot be held exactly (more
 * decimals or larger sums than the integers of lost-index.ts hold): the SQL then answers everything.
 */
export async function loadLostIndex(pool: pg.Pool): Promise<LostIndex> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const version = (await client.query<{ version: string }>('select version::text as version from data_version')).rows[0]!.version;
    const { rows: stats } = await client.query<HouseStats>(
      `select distributor_id, count(*)::int as rows,
              coalesce(max(greatest(min_scale(volume), min_scale(rebate), min_scale(deviation))), 0) as scale,
              max(greatest(abs(volume), abs(rebate), abs(deviation)))::text as largest,
              sum(abs(volume))::text as volume, sum(abs(rebate))::text as rebate, sum(abs(deviation))::text as deviation
         from rollup_merchant_lost_day group by distributor_id`);
    const scale = Math.max(0, ...stats.map((s) => s.scale));
    // Whole parts: each row's below 2^31, their magnitudes' sum below 2^53 (checked on the decimal text, with a margin);
    // fractions: below 10^scale each, so a house's rows × 10^scale below 2^53.
    const exact = 10 ** scale < INT32_BELOW && stats.every((s) => Number(s.largest) + 1 < INT32_BELOW && s.rows * 10 ** scale < EXACT_BELOW
      && [s.volume, s.rebate, s.deviation].every((sum) => Number(sum) + s.rows < EXACT_BELOW));
    if (!exact) return { version, houses: new Map() };
    const names = await readNames(client);
    const houses = new Map<number, HouseLost>();
    for (const [house, rows] of await readRows(client, scale, stats)) houses.set(house, houseLost(rows, scale, names));
    return { version, houses };
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

async function readNames(client: pg.PoolClient): Promise<Names> {
  const { rows: items } = await client.query<{ id: number; min: string; description: string }>('select id, min, description from items order by min');
  const { rows: categories } = await client.query<{ id: number; name: string }>('select id, name from categories order by name');
  const ranked = <T extends { id: number }>(list: T[]) => {
    const rank = new Int32Array(Math.max(0, ...list.map((x) => x.id)) + 1);
    list.forEach((x, i) => (rank[x.id] = i));
    return rank;
  };
  const byId = <T extends { id: number }>(list: T[], value: (x: T) => string) => {
    const out: string[] = [];
    for (const x of list) out[x.id] = value(x);
    return out;
  };
  return {
    itemMin: byId(items, (i) => i.min),
    itemDescription: byId(items, (i) => i.description),
    itemRank: ranked(items),
    categoryName: byId(categories, (c) => c.name),
    categoryRank: ranked(categories),
  };
}

/** distributor, merchant, day, item, category, then each figure's whole part and fraction. */
const FIELDS = 11;

/** Every row, as integers (fractions × 10^scale, exact: scale is their largest number of decimals), into each house's arrays. */
async function readRows(client: pg.PoolClient, scale: number, stats: HouseStats[]): Promise<Map<number, HouseRows>> {
  const houses = new Map(stats.map((s) => [s.distributor_id, {
    merchant: new Int32Array(s.rows), day: new Int32Array(s.rows), item: new Int32Array(s.rows), category: new Int32Array(s.rows),
    figures: Array.from({ length: 6 }, () => new Int32Array(s.rows)), length: 0,
  } satisfies HouseRows]));
  const split = (figure: string) => `trunc(${figure})::int8, ((${figure} - trunc(${figure})) * 1${'0'.repeat(scale)})::int8`;
  const copy = client.query(copyTo(
    `copy (select distributor_id, merchant_id, day - date '1970-01-01', item_id, category_id,
                  ${split('volume')}, ${split('rebate')}, ${split('deviation')}
             from rollup_merchant_lost_day order by distributor_id, merchant_id, day, item_id) to stdout`));
  // COPY's text format, parsed byte by byte: integers separated by tabs, rows by newlines.
  const values = new Array<number>(FIELDS).fill(0);
  let [field, value, negative] = [0, 0, false];
  const endRow = () => {
    const house = houses.get(values[0]!)!;
    const r = house.length++;
    house.merchant[r] = values[1]!;
    house.day[r] = values[2]!;
    house.item[r] = values[3]!;
    house.category[r] = values[4]!;
    for (let c = 0; c < 6; c++) house.figures[c]![r] = values[5 + c]!;
  };
  await pipeline(copy, new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk[i]!;
        if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
        else if (c === 45) negative = true;
        else {
          values[field++] = negative ? -value : value;
          [value, negative] = [0, false];
          if (c === 10) (endRow(), (field = 0));
        }
      }
      done();
    },
  }));
  return houses;
}
