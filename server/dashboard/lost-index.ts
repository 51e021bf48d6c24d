// The lost figures (lines bought from competitors) of the houses with rollups, in memory for one
// data version: every row of rollup_merchant_lost_day as typed arrays, and per house a running
// total of each item by day. A subset's dashboard sums its merchants' rows of the range (about
// 2,000 a merchant a year: 100,000 for 50 merchants, a millisecond or two) and a whole house
// reads two running totals per item, where PostgreSQL summed ~78,000 numeric rows per request.
//
// The numbers are exactly PostgreSQL's. Each figure is held as two integers, its whole part and
// its fraction in units of 10^-scale (the figure's largest number of decimals), and they are summed
// separately: dashboard-index-load.ts indexes a house only when every such sum stays below 2^53, where
// doubles add integers exactly. A sum goes out as the double of its decimal text, as pg gives it.
//
// Compact: a row keeps its day from the house's first and its item's slot (16 bits each while they
// fit) and its six integers, each in 16 bits where the data lets it (exact-decimal.ts): 18 bytes a
// row on the benchmark data (volume and deviation with 3 decimals, rebate with 7), where it was 32.
import { LOST_LIMIT, type LostRow } from '../repositories/dashboard.ts';
import { EXACT_BELOW, exactDecimals, idColumn, type Exact } from './exact-decimal.ts';
import { topByValue } from './radix-order.ts';
/** A day as a number: days since 1970-01-01. */
export const dayNumber = (isoDay: string) => Math.round(Date.parse(`${isoDay}T00:00:00Z`) / 86_400_000);

/** The catalogue as the dashboard names it, indexed by item id and category id. */
export interface Names {
  itemMin: string[];
  itemDescription: string[];
  /** An item's place when items are ordered by MIN in the database's collation (the SQL's tie-break). */
  itemRank: Int32Array;
  categoryName: string[];
  categoryRank: Int32Array;
}

/** One house's rows as read, sorted by merchant, day and item. */
export interface HouseRows {
  merchant: Int32Array;
  /** Days since 1970-01-01. */
  day: Int32Array;
  item: Int32Array;
  category: Int32Array;
  /** Per figure (volume, rebate, deviation) its whole parts, then its fractions × 10^scale: six columns. */
  figures: (Int16Array | Int32Array)[];
  length: number;
}

/** volume, rebate, deviation: two columns each (whole, fraction). */
const COLUMNS = 6;

type Decimals = ReturnType<typeof exactDecimals>;
/** An item's or category's sums while a request adds them up. */
interface Sums { id: number; volume: Exact; rebate: Exact; deviation: Exact }

export interface HouseLost {
  /** The lost categories and items of `merchantIds` (or every merchant of the house) over the range, as the SQL ranks them. */
  lost(merchantIds: readonly number[] | 'all', from: string, to: string): { categories: LostRow[]; items: LostRow[] };
}

/**
 * What a house's index holds once built: typed arrays and small lists only, so it can be written
 * to a file every API process maps (index-file.ts), and answered from by `houseLostOf`.
 */
export interface HouseLostState {
  scales: [number, number, number];
  firstDay: number;
  days: number;
  /** Each item slot's item id and category id. */
  items: Int32Array;
  categoryOf: Int32Array;
  /** The merchants and where their rows start and end. */
  merchantIds: Int32Array;
  merchantStarts: Int32Array;
  merchantEnds: Int32Array;
  /** Per row: its day from the first, its item's slot, its six figure columns. */
  day: Uint16Array | Int32Array;
  slot: Uint16Array | Int32Array;
  columns: (Int16Array | Int32Array)[];
  /** Running totals by day and item slot (see below), and the rows counted the same way. */
  running: (Float64Array | null)[];
  rowsBefore: Int32Array;
}

/**
 * Indexes one house's rows, whose figures have `scales` decimals at most (volume, rebate,
 * deviation); the caller has checked that every sum of their columns stays below 2^53 and that
 * their days span fewer than 65,536.
 */
export const houseLost = (rows: HouseRows, scales: readonly [number, number, number], names: Names): HouseLost => houseLostOf(houseLostState(rows, scales), names);

export function houseLostState(rows: HouseRows, scales: readonly [number, number, number]): HouseLostState {
  // Only the figures, each row's day from the first and its item's slot are kept after the build.
  const columns = rows.figures;
  const units = scales.map((scale) => 10 ** scale);

  // Where each merchant's rows start and end.
  const merchantRows = new Map<number, [number, number]>();
  for (let r = 0; r < rows.length; r++) {
    const range = merchantRows.get(rows.merchant[r]!);
    if (range) range[1] = r + 1;
    else merchantRows.set(rows.merchant[r]!, [r, r + 1]);
  }
  // The house's items, each with its category (an item has one: the rollup's key leaves no room for two).
  const itemCategory = new Map<number, number>();
  for (let r = 0; r < rows.length; r++) {
    const known = itemCategory.get(rows.item[r]!);
    if (known === undefined) itemCategory.set(rows.item[r]!, rows.category[r]!);
    else if (known !== rows.category[r]) throw new Error(`Item ${rows.item[r]} has two categories in the lost rollup`);
  }
  const items = [...itemCategory.keys()];
  const slotOf = new Map(items.map((id, k) => [id, k]));

  // Running totals per item by day: running[c][d * items + k] is item k's column c over the
  // days before firstDay + d; rowsBefore counts its rows the same way (an item with rows in a
  // range is in the answer even when they sum to 0, as in SQL). A figure whose magnitudes sum
  // below 2^52 in units of 10^-scale is totalled as one column of units (its fraction's column
  // null): 28 bytes a day and item instead of 52 when all three are.
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (let r = 0; r < rows.length; r++) {
    if (rows.day[r]! < firstDay) firstDay = rows.day[r]!;
    if (rows.day[r]! > lastDay) lastDay = rows.day[r]!;
  }
  const days = rows.length ? lastDay - firstDay + 1 : 0;
  if (!rows.length) firstDay = 0;
  // Each row's day from the first, and its item as its slot in `items`.
  const day = idColumn(rows.length, days);
  const slot = idColumn(rows.length, items.length);
  for (let r = 0; r < rows.length; r++) [day[r], slot[r]] = [rows.day[r]! - firstDay, slotOf.get(rows.item[r]!)!];
  // Day by day (item k of day d at d * items + k): a whole house's range reads two stretches of
  // memory in order, not two places per item.
  const cells = (days + 1) * items.length;
  // A loop, not a callback: a closure naming `rows` would keep the columns dropped after the build.
  const inUnits: boolean[] = [];
  for (let f = 0; f < units.length; f++) {
    let [wholes, parts] = [0, 0];
    for (let r = 0; r < rows.length; r++) (wholes += Math.abs(columns[2 * f]![r]!)), (parts += Math.abs(columns[2 * f + 1]![r]!));
    inUnits.push((wholes + 1) * units[f]! + parts < EXACT_BELOW / 2);
  }
  const running = columns.map((_, c) => (c % 2 && inUnits[(c - 1) / 2] ? null : new Float64Array(cells)));
  const rowsBefore = new Int32Array(cells);
  for (let r = 0; r < rows.length; r++) {
    const at = (day[r]! + 1) * items.length + slot[r]!;
    for (let c = 0; c < COLUMNS; c += 2) {
      if (running[c + 1]) (running[c]![at] += columns[c]![r]!), (running[c + 1]![at] += columns[c + 1]![r]!);
      else running[c]![at] += columns[c]![r]! * units[c / 2]! + columns[c + 1]![r]!;
    }
    rowsBefore[at]++;
  }
  for (const column of [...running, rowsBefore]) {
    if (!column) continue;
    for (let d = 1; d <= days; d++) for (let k = 0; k < items.length; k++) column[d * items.length + k] += column[(d - 1) * items.length + k]!;
  }
  const ranges = [...merchantRows];
  return {
    scales: [...scales], firstDay, days,
    items: Int32Array.from(items), categoryOf: Int32Array.from(items, (id) => itemCategory.get(id)!),
    merchantIds: Int32Array.from(ranges, ([m]) => m), merchantStarts: Int32Array.from(ranges, ([, [a]]) => a), merchantEnds: Int32Array.from(ranges, ([, [, b]]) => b),
    day, slot, columns, running, rowsBefore,
  };
}

/** The answers of a house's index, from its state (built here, or mapped from the file another process wrote). */
export function houseLostOf(state: HouseLostState, names: Names): HouseLost {
  const { firstDay, days, items, categoryOf, day, slot, columns, running, rowsBefore } = state;
  const decimals = state.scales.map(exactDecimals);
  const units = state.scales.map((scale) => 10 ** scale);
  const merchantRows = new Map<number, [number, number]>();
  state.merchantIds.forEach((m, i) => merchantRows.set(m, [state.merchantStarts[i]!, state.merchantEnds[i]!]));

  /** Days from the first, clamped into the indexed days. */
  const clampDay = (d: number) => Math.max(0, Math.min(days, d));

  // Per-request sums by item slot, reused (a request runs to its end without yielding): `sums`
  // while a subset's rows are added up, `found` each listed item's three figures normalised
  // (whole part, then fraction), so only the top 100 become objects.
  const sums = columns.map(() => new Float64Array(items.length));
  const found = columns.map(() => new Float64Array(items.length));
  const touched = new Uint8Array(items.length);

  /** First row at or after `r0` whose day is ≥ `from` (rows of one merchant, sorted by day). */
  const firstRowFrom = (r0: number, r1: number, from: number) => {
    let [lo, hi] = [r0, r1];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (day[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /**
   * Item slot k's figures into `found`, from six columns at `at` less those at `before` (−1:
   * none); a figure whose fraction's column is null is held in units in its first.
   */
  const keep = (k: number, c: (Float64Array | null)[], at: number, before: number) => {
    for (let f = 0; f < COLUMNS; f += 2) {
      const unit = units[f / 2]!;
      let whole = c[f]![at]! - (before < 0 ? 0 : c[f]![before]!);
      let part = 0;
      const parts = c[f + 1];
      if (parts) part = parts[at]! - (before < 0 ? 0 : parts[before]!);
      // Units: the division may round to a neighbouring whole part; the carry below sets it right.
      else [whole, part] = [Math.floor(whole / unit), whole - Math.floor(whole / unit) * unit];
      const carry = Math.floor(part / unit);
      found[f]![k] = whole + carry;
      found[f + 1]![k] = part - carry * unit;
    }
  };

  /** The slots of the items with rows in the range (days from the first), their figures in `found`. */
  function itemSlots(merchantIds: readonly number[] | 'all', from: number, to: number): number[] {
    const listed: number[] = [];
    if (merchantIds === 'all') {
      const [a, b] = [clampDay(from), clampDay(to + 1)];
      for (let k = 0; k < items.length; k++) {
        const [at, before] = [b * items.length + k, a * items.length + k];
        if (rowsBefore[at] !== rowsBefore[before]) (keep(k, running, at, before), listed.push(k));
      }
      return listed;
    }
    // The columns by name: a loop over an array of typed arrays ran several times slower.
    type Column = Int16Array | Int32Array;
    const [c0, c1, c2, c3, c4, c5] = columns as [Column, Column, Column, Column, Column, Column];
    const [s0, s1, s2, s3, s4, s5] = sums as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    for (const m of new Set(merchantIds)) {
      const range = merchantRows.get(m);
      if (!range) continue;
      for (let r = firstRowFrom(range[0], range[1], from); r < range[1] && day[r]! <= to; r++) {
        const k = slot[r]!;
        if (!touched[k]) (touched[k] = 1), listed.push(k);
        s0[k] += c0[r]!;
        s1[k] += c1[r]!;
        s2[k] += c2[r]!;
        s3[k] += c3[r]!;
        s4[k] += c4[r]!;
        s5[k] += c5[r]!;
      }
    }
    for (const k of listed) {
      keep(k, sums, k, -1);
      for (const column of sums) column[k] = 0;
      touched[k] = 0;
    }
    return listed;
  }

  /** A figure (0 volume, 2 rebate, 4 deviation) of a listed item as pg gives the decimal; a negative saving shows as none. */
  const figure = (k: number, f: number) => (f === 4 && found[4]![k]! < 0 ? 0 : decimals[f / 2]!.toNumber({ whole: found[f]![k]!, part: found[f + 1]![k]! }));
  /** Largest exact volume first, then by MIN in the database's order (the SQL's top items). */
  const topItems = (listed: number[]) => topByValue(listed, LOST_LIMIT, (k) => found[0]![k]! + found[1]![k]! / units[0]!,
    (a, b) => found[0]![b]! - found[0]![a]! || found[1]![b]! - found[1]![a]! || names.itemRank[items[a]!]! - names.itemRank[items[b]!]!);

  /** The categories' sums of the listed items, ranked as the SQL ranks them (by volume, then name). */
  function categories(listed: number[]): LostRow[] {
    const byCategory = new Map<number, number[]>();
    for (const k of listed) {
      const total = byCategory.get(categoryOf[k]!) ?? byCategory.set(categoryOf[k]!, [0, 0, 0, 0, 0, 0]).get(categoryOf[k]!)!;
      for (let c = 0; c < COLUMNS; c++) total[c]! += found[c]![k]!;
    }
    const [volume, rebate, deviation] = decimals as [Decimals, Decimals, Decimals];
    const rows = [...byCategory].map(([id, t]): Sums => ({ id, volume: volume.normalised(t[0]!, t[1]!), rebate: rebate.normalised(t[2]!, t[3]!), deviation: deviation.normalised(t[4]!, t[5]!) }));
    return rows.sort((a, b) => volume.compare(b.volume, a.volume) || names.categoryRank[a.id]! - names.categoryRank[b.id]!).slice(0, LOST_LIMIT)
      .map((s) => ({ key: names.categoryName[s.id]!, volume: volume.toNumber(s.volume), rebate: rebate.toNumber(s.rebate), deviation: s.deviation.whole < 0 ? 0 : deviation.toNumber(s.deviation) }));
  }

  return {
    lost(merchantIds, from, to) {
      const listed = itemSlots(merchantIds, dayNumber(from) - firstDay, dayNumber(to) - firstDay);
      return {
        categories: categories(listed),
        items: topItems(listed).map((k) => {
          const min = names.itemMin[items[k]!]!;
          return { key: names.itemDescription[items[k]!]!, ...(min ? { min } : {}), volume: figure(k, 0), rebate: figure(k, 2), deviation: figure(k, 4) };
        }),
      };
    },
  };
}
