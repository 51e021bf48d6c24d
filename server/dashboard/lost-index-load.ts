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

const EXACT_BELOW = 2 ** 53;

interface HouseStats { distributor_id: number; rows: number; scale: number; volume: string; rebate: string; deviation: string }

/**
 * Builds the index from `pool`; without houses when the figures cannot be held exactly (more
 * decimals or larger sums than a double holds as an integer): the SQL then answers everything.
 */
export async function loadLostIndex(pool: pg.Pool): Promise<LostIndex> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const version = (await client.query<{ version: string }>('select version::text as version from data_version')).rows[0]!.version;
    const { rows: stats } = await client.query<HouseStats>(
      `select distributor_id, count(*)::int as rows,
              coalesce(max(greatest(min_scale(volume), min_scale(rebate), min_scale(deviation))), 0) as scale,
              sum(abs(volume))::text as volume, sum(abs(rebate))::text as rebate, sum(abs(deviation))::text as deviation
         from rollup_merchant_lost_day group by distributor_id`);
    const scale = Math.max(0, ...stats.map((s) => s.scale));
    // Exact when every figure's magnitudes, scaled, sum below 2^53 (checked on the decimal text, with a margin of 1).
    const exact = stats.every((s) => [s.volume, s.rebate, s.deviation].every((sum) => (Number(sum) + 1) * 10 ** scale < EXACT_BELOW));
    if (!exact || !Number.isInteger(scale)) return { version, houses: new Map() };
    const names = await readNames(client);
    const houses = new Map<number, HouseLost>();
    const byHouse = await readRows(client, scale, stats);
    for (const [house, rows] of byHouse) houses.set(house, houseLost(rows, scale, names));
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

const COLUMNS = ['distributor', 'merchant', 'day', 'item', 'category', 'volume', 'rebate', 'deviation'] as const;

/** Every row, as integers (figures × 10^scale, exact: scale is their largest number of decimals), into each house's arrays. */
async function readRows(client: pg.PoolClient, scale: number, stats: HouseStats[]): Promise<Map<number, HouseRows>> {
  const houses = new Map(stats.map((s) => [s.distributor_id, {
    merchant: new Int32Array(s.rows), day: new Int32Array(s.rows), item: new Int32Array(s.rows), category: new Int32Array(s.rows),
    volume: new Float64Array(s.rows), rebate: new Float64Array(s.rows), deviation: new Float64Array(s.rows), length: 0,
  } satisfies HouseRows]));
  const factor = `1${'0'.repeat(scale)}`;
  const copy = client.query(copyTo(
    `copy (select distributor_id, merchant_id, day - date '1970-01-01', item_id, category_id,
                  (volume * ${factor})::int8, (rebate * ${factor})::int8, (deviation * ${factor})::int8
             from rollup_merchant_lost_day order by distributor_id, merchant_id, day, item_id) to stdout`));
  // COPY's text format, parsed byte by byte: integers separated by tabs, rows by newlines.
  const values = new Array<number>(COLUMNS.length).fill(0);
  let [column, value, negative] = [0, 0, false];
  const endRow = () => {
    const house = houses.get(values[0]!)!;
    const r = house.length++;
    house.merchant[r] = values[1]!;
    house.day[r] = values[2]!;
    house.item[r] = values[3]!;
    house.category[r] = values[4]!;
    house.volume[r] = values[5]!;
    house.rebate[r] = values[6]!;
    house.deviation[r] = values[7]!;
  };
  await pipeline(copy, new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk[i]!;
        if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
        else if (c === 45) negative = true;
        else {
          values[column++] = negative ? -value : value;
          [value, negative] = [0, false];
          if (c === 10) (endRow(), (column = 0));
        }
      }
      done();
    },
  }));
  return houses;
}
