// Reads rollup_merchant_lost_day into memory (lost-index.ts) in one snapshot with the data
// version it is of and the catalogue's names, so the index answers exactly for that version.
import type pg from 'pg';
import { copyOut } from '../db/copy.ts';
import { TRUNCATE_ORDER } from '../rollups/rollups.ts';
import { EXACT_BELOW, figureColumns, figureStats, figureStatsSql, holdsExactly, integerRows, splitDecimal, type FigureStats } from './exact-decimal.ts';
import { directory, type Directory, type DirectoryRows } from './directory.ts';
import { merchantVolumes, merchantVolumesOf, type MerchantVolumes, type MerchantVolumesState } from './merchant-volumes.ts';
import { houseLostOf, houseLostState, type HouseLost, type HouseLostState, type HouseRows, type Names } from './lost-index.ts';
import { sellerVolumesOf, sellerVolumesState, type DayRows, type SellerVolumes, type SellerVolumesState } from './seller-volumes.ts';

export interface DashboardIndex {
  version: string;
  /** Each indexed house's lost figures; a house missing here is answered by SQL. */
  houses: Map<number, HouseLost>;
  /** Volume per merchant; null when it cannot be held exactly (SQL answers). */
  volumes: MerchantVolumes | null;
  /** Volume and rebate per seller; null when they cannot be held exactly (SQL answers). */
  sellers: SellerVolumes | null;
  /** Merchants, accounts, distributors and the houses with their own rollups. */
  directory: Directory;
  /** The heads of the families whose figures are held (INDEX_FAMILIES); null: every family. */
  families: ReadonlySet<number> | null;
}

/**
 * What the index holds, as built from SQL: typed arrays and small lists only, so one process can
 * write it to the file the others map (index-file.ts, shared-index.ts).
 */
export interface DashboardIndexState {
  version: string;
  families: number[] | null;
  /** The catalogue's names, when any house's lost figures are held. */
  names: Names | null;
  houses: [number, HouseLostState][];
  volumes: MerchantVolumesState | null;
  sellers: SellerVolumesState | null;
  directory: DirectoryRows;
}

/** The index answering from `state`. */
export function dashboardIndexOf(state: DashboardIndexState): DashboardIndex {
  const { names } = state;
  return {
    version: state.version,
    houses: new Map(names ? state.houses.map(([house, lost]) => [house, houseLostOf(lost, names)]) : []),
    volumes: state.volumes && merchantVolumesOf(state.volumes),
    sellers: state.sellers && sellerVolumesOf(state.sellers),
    directory: directory(state.directory),
    families: state.families && new Set(state.families),
  };
}

/** The index built from `pool` in this process alone (tests, benchmarks): buildDashboardIndexState's. */
export const loadDashboardIndex = async (pool: pg.Pool, families: readonly number[] | null = null): Promise<DashboardIndex> =>
  dashboardIndexOf(await buildDashboardIndexState(pool, families));

/** The index when it holds the figures of `houseId`'s family, else null (SQL answers that house). */
export function indexServing(index: DashboardIndex | null, houseId: number): DashboardIndex | null {
  if (!index || index.families === null) return index;
  const root = index.directory.familyRoot(houseId);
  return root !== undefined && index.families.has(root) ? index : null;
}

/**
 * The rows of the families held: a WHERE clause on a house or merchant column, empty for all.
 * A merchant is held when it has an account at a house held, so every merchant a held house sees.
 */
interface Held { houses(column: string): string; merchants(column: string): string }

const EVERY_FAMILY: Held = { houses: () => '', merchants: () => '' };

async function heldRows(client: pg.PoolClient, families: readonly number[] | null): Promise<Held> {
  if (families === null) return EVERY_FAMILY;
  const { rows } = await client.query<{ id: number }>('select id from distributors where coalesce(parent_id, id) = any($1::int[])', [families]);
  // Ids read from the database, inlined: COPY takes no parameters.
  const houses = `'{${rows.map((r) => r.id).join(',')}}'::int[]`;
  return {
    houses: (column) => `where ${column} = any(${houses})`,
    merchants: (column) => `where ${column} in (select merchant_id from merchant_accounts where distributor_id = any(${houses}))`,
  };
}

/** The rollups a full rebuild truncates that the build reads. */
const INDEX_READS: readonly string[] = ['rollup_merchant_lost_day', 'rollup_merchant_day', 'rollup_account_day', 'rollup_accounts'];

/** Days are kept from a table's (or house's) first, in 16 bits. */
const DAYS_BELOW = 65_536;
/** The figures of the lost rollup. */
const LOST_FIGURES = ['volume', 'rebate', 'deviation'] as const;

interface HouseStats { distributor_id: number; rows: number; days: number; figures: FigureStats[] }

/**
 * Builds the index from `pool`, of `families` (their heads' ids) or of every family (null);
 * without houses when the figures cannot be held exactly (more decimals or larger sums than the
 * integers of exact-decimal.ts hold) or their days span 179 years or more: the SQL then answers
 * everything.
 */
export async function buildDashboardIndexState(pool: pg.Pool, families: readonly number[] | null = null): Promise<DashboardIndexState> {
  const client = await pool.connect();
  // A connection lost between queries is an 'error' event with no query to fail: heard here, it
  // fails the build (tried again later), and the client is not given back to the pool.
  let lost: Error | undefined;
  const onLost = (error: Error) => void (lost = error);
  client.on('error', onLost);
  try {
    await client.query('begin isolation level repeatable read read only');
    // A full rollup rebuild truncates the rollups read here. They are locked before the first
    // read, so the snapshot is taken after any rebuild that held them, and in the order the
    // rebuild's TRUNCATE locks them, so neither can hold one the other waits for: read in the
    // opposite order, the two deadlocked and PostgreSQL cancelled the rebuild. While a rebuild
    // holds them the build gives way after 500 ms and is tried again later (dashboard-memory.ts).
    await client.query(`set local lock_timeout = '500ms'`);
    await client.query(`lock table ${TRUNCATE_ORDER.filter((t) => INDEX_READS.includes(t)).join(', ')} in access share mode`);
    const version = (await client.query<{ version: string }>('select version::text as version from data_version')).rows[0]!.version;
    const held = await heldRows(client, families);
    const stats = (await client.query<Record<string, number | string>>(
      `select distributor_id, count(*)::int as rows, max(day) - min(day) + 1 as days, ${LOST_FIGURES.map((f) => figureStatsSql(f)).join(', ')}
         from rollup_merchant_lost_day ${held.houses('distributor_id')} group by distributor_id`)).rows.map((row): HouseStats => ({
      distributor_id: Number(row.distributor_id), rows: Number(row.rows), days: Number(row.days), figures: LOST_FIGURES.map((f) => figureStats(row, f)),
    }));
    // Each figure's fractions in units of its largest number of decimals in any house.
    const scales = LOST_FIGURES.map((_, f) => Math.max(0, ...stats.map((s) => s.figures[f]!.scale))) as [number, number, number];
    for (const s of stats) s.figures.forEach((figure, f) => (figure.scale = scales[f]!));
    const exact = stats.every((s) => s.days < DAYS_BELOW && s.figures.every((figure) => holdsExactly(figure, s.rows)));
    const houses: [number, HouseLostState][] = [];
    const names = exact ? await readNames(client) : null;
    if (exact) for (const [house, rows] of await readRows(client, scales, stats, held)) houses.push([house, houseLostState(rows, scales)]);
    return {
      version, names, houses, volumes: await readVolumes(client, held), sellers: await readSellers(client, held), directory: await readDirectory(client),
      families: families && [...families],
    };
  } finally {
    await client.query('rollback').catch(() => undefined);
    // A lost connection may still report its end: it keeps its listener until it is destroyed.
    if (!lost) client.off('error', onLost);
    client.release(lost);
  }
}

/** Volume per merchant and day, every seller (rollup_merchant_day), into running totals; null when not exact. */
async function readVolumes(client: pg.PoolClient, held: Held): Promise<MerchantVolumesState | null> {
  const { rows: [stats] } = await client.query<{ rows: number; scale: number; total: string; first: number; last: number }>(
    `select count(*)::int as rows, coalesce(max(min_scale(volume)), 0) as scale, coalesce(sum(abs(volume)), 0)::text as total,
            min(day) - date '1970-01-01' as first, max(day) - date '1970-01-01' as last
       from rollup_merchant_day ${held.merchants('merchant_id')}`);
  const { rows, scale, total, first, last } = stats!;
  if (rows * 10 ** scale >= EXACT_BELOW || Number(total) + rows >= EXACT_BELOW) return null;
  const { rows: merchants } = await client.query<{ id: number; platform_id: string }>('select id, platform_id from merchants order by platform_id');
  const builder = merchantVolumes(scale, first ?? 0, last ?? -1, byId(merchants, (m) => m.platform_id), ranked(merchants));
  await copyOut(client,
    `copy (select merchant_id, day - date '1970-01-01', ${splitDecimal('sum(volume)', scale)} from rollup_merchant_day ${held.merchants('merchant_id')} group by merchant_id, day) to stdout`,
    integerRows(4, (v) => builder.add(v[0]!, v[1]!, v[2]!, v[3]!)));
  return builder.done();
}

/** rollup_merchant_day and rollup_account_day, every row, into SellerVolumes; null when not exact. */
async function readSellers(client: pg.PoolClient, held: Held): Promise<SellerVolumesState | null> {
  const tables = {
    merchants: ['rollup_merchant_day', 'merchant_id', held.merchants('merchant_id')],
    houses: ['rollup_account_day', 'distributor_id', held.houses('distributor_id')],
  } as const;
  const stats = async ([table, , where]: readonly [string, string, string]) => {
    const row = (await client.query<Record<string, number | string>>(
      `select count(*)::int as rows, coalesce(max(day) - min(day) + 1, 0) as days, ${figureStatsSql('volume')}, ${figureStatsSql('rebate')} from ${table} ${where}`)).rows[0]!;
    return { rows: Number(row.rows), days: Number(row.days), figures: [figureStats(row, 'volume'), figureStats(row, 'rebate')] };
  };
  const [merchants, houses] = [await stats(tables.merchants), await stats(tables.houses)];
  // Each figure's fractions in units of its largest number of decimals in either table.
  const scales = [0, 1].map((f) => Math.max(merchants.figures[f]!.scale, houses.figures[f]!.scale)) as [number, number];
  for (const s of [merchants, houses]) s.figures.forEach((figure, f) => (figure.scale = scales[f]!));
  if (![merchants, houses].every((s) => s.days < DAYS_BELOW && s.figures.every((figure) => holdsExactly(figure, s.rows)))) return null;
  const read = async ([table, owner, where]: readonly [string, string, string], { rows: length, figures: [volume, rebate] }: typeof merchants) => {
    const rows: DayRows = {
      owner: new Int32Array(length), day: new Int32Array(length), seller: new Int32Array(length),
      figures: [...figureColumns(volume!, length), ...figureColumns(rebate!, length)], length: 0,
    };
    const parse = integerRows(7, (v) => {
      const r = rows.length++;
      [rows.owner[r], rows.day[r], rows.seller[r]] = [v[0]!, v[1]!, v[2]!];
      for (let c = 0; c < 4; c++) rows.figures[c]![r] = v[3 + c]!;
    });
    await copyOut(client,
      `copy (select ${owner}, day - date '1970-01-01', seller_id, ${splitDecimal('volume', scales[0])}, ${splitDecimal('rebate', scales[1])}
               from ${table} ${where} order by ${owner}, day, seller_id) to stdout`, parse);
    return rows;
  };
  const [byMerchant, byHouse] = [await read(tables.merchants, merchants), await read(tables.houses, houses)];
  return sellerVolumesState(byMerchant, byHouse, scales);
}

/** Merchants (with their places in the SQL's orders), accounts, distributors, houses with rollups. */
async function readDirectory(client: pg.PoolClient): Promise<DirectoryRows> {
  const { rows: merchants } = await client.query<{ id: number; platform_id: string; name: string; by_name: number; by_account: number }>(
    `select id, platform_id, name, row_number() over (order by name, id)::int as by_name,
            row_number() over (order by account_name, name, id)::int as by_account from merchants`);
  const { rows: accounts } = await client.query<{ distributor_id: number; merchant_id: number; dcn: string }>(
    'select distributor_id, merchant_id, dcn from merchant_accounts');
  const { rows: distributors } = await client.query<{ id: number; platform_id: string; nickname: string; root: number }>(
    'select id, platform_id, nickname, coalesce(parent_id, id) as root from distributors');
  const { rows: rolled } = await client.query<{ distributor_id: number }>('select distributor_id from rollup_accounts');
  return {
    merchants: merchants.map((m) => ({ id: m.id, platformId: m.platform_id, name: m.name, byName: m.by_name, byAccount: m.by_account })),
    accounts: accounts.map((a) => ({ houseId: a.distributor_id, merchantId: a.merchant_id, dcn: a.dcn })),
    distributors: distributors.map((d) => ({ id: d.id, platformId: d.platform_id, nickname: d.nickname, familyRootId: d.root })),
    rolledHouses: rolled.map((r) => r.distributor_id),
  };
}

/** Each row's place in `list` (as the query ordered it), by id. */
function ranked<T extends { id: number }>(list: T[]) {
  const rank = new Int32Array(Math.max(0, ...list.map((x) => x.id)) + 1);
  list.forEach((x, i) => (rank[x.id] = i));
  return rank;
}

/** A value of each row, by id. */
function byId<T extends { id: number }>(list: T[], value: (x: T) => string) {
  const out: string[] = [];
  for (const x of list) out[x.id] = value(x);
  return out;
}

async function readNames(client: pg.PoolClient): Promise<Names> {
  const { rows: items } = await client.query<{ id: number; min: string; description: string }>('select id, min, description from items order by min');
  const { rows: categories } = await client.query<{ id: number; name: string }>('select id, name from categories order by name');
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

/** Every row, as integers (fractions × 10^scale, exact: scale is each figure's largest number of decimals), into each house's arrays. */
async function readRows(client: pg.PoolClient, scales: readonly number[], stats: HouseStats[], held: Held): Promise<Map<number, HouseRows>> {
  const houses = new Map(stats.map((s) => [s.distributor_id, {
    merchant: new Int32Array(s.rows), day: new Int32Array(s.rows), item: new Int32Array(s.rows), category: new Int32Array(s.rows),
    figures: s.figures.flatMap((figure) => figureColumns(figure, s.rows)), length: 0,
  } satisfies HouseRows]));
  const split = (figure: (typeof LOST_FIGURES)[number]) => splitDecimal(figure, scales[LOST_FIGURES.indexOf(figure)]!);
  const sql =
    `copy (select distributor_id, merchant_id, day - date '1970-01-01', item_id, category_id,
                  ${split('volume')}, ${split('rebate')}, ${split('deviation')}
             from rollup_merchant_lost_day ${held.houses('distributor_id')} order by distributor_id, merchant_id, day, item_id) to stdout`;
  const parse = integerRows(FIELDS, (values) => {
    const house = houses.get(values[0]!)!;
    const r = house.length++;
    house.merchant[r] = values[1]!;
    house.day[r] = values[2]!;
    house.item[r] = values[3]!;
    house.category[r] = values[4]!;
    for (let c = 0; c < 6; c++) house.figures[c]![r] = values[5 + c]!;
  });
  await copyOut(client, sql, parse);
  return houses;
}
