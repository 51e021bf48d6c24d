// The lost figures (lines bought from competitors) of the houses with rollups, in memory for one
// data version: every row of rollup_merchant_lost_day as typed arrays, and per house a running
// total of each item by day. A subset's dashboard sums its merchants' rows of the range (about
// 2,000 a merchant a year: 100,000 for 50 merchants, a millisecond or two) and a whole house
// reads two running totals per item, where PostgreSQL summed ~78,000 numeric rows per request.
//
// The numbers are exactly PostgreSQL's. Each figure is held as two integers, its whole part and
// its fraction in units of 10^-scale (the data's largest number of decimals), and they are summed
// separately: dashboard-index-load.ts indexes a house only when every such sum stays below 2^53, where
// doubles add integers exactly. A sum goes out as the double of its decimal text, as pg gives it.
import { LOST_LIMIT, type LostRow } from '../repositories/dashboard.ts';
import { exactDecimals, ZERO, type Exact } from './exact-decimal.ts';
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

/** One house's rows, sorted by merchant, day and item. */
export interface HouseRows {
  merchant: Int32Array;
  day: Int32Array;
  item: Int32Array;
  category: Int32Array;
  /** Per figure (volume, rebate, deviation) its whole parts, then its fractions × 10^scale: six columns. */
  figures: Int32Array[];
  length: number;
}

/** volume, rebate, deviation: two columns each (whole, fraction). */
const COLUMNS = 6;

/** An item's or category's sums while a request adds them up. */
interface Sums { id: number; volume: Exact; rebate: Exact; deviation: Exact }

export interface HouseLost {
  /** The lost categories and items of `merchantIds` (or every merchant of the house) over the range, as the SQL ranks them. */
  lost(merchantIds: readonly number[] | 'all', from: string, to: string): { categories: LostRow[]; items: LostRow[] };
}

/** Indexes one house's rows; the caller has checked that every sum of their columns stays below 2^53. */
export function houseLost(rows: HouseRows, scale: number, names: Names): HouseLost {
  // Only these columns are kept after the build: the merchant, item and category columns are dropped.
  const { day, figures: columns } = rows;
  const { normalised, add, compare, toNumber } = exactDecimals(scale);

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
  // Each row's item as its slot in `items`.
  const slot = rows.item.map((id) => slotOf.get(id) ?? 0);

  // Running totals per item by day: running[c][k * (days + 1) + d] is item k's column c over the
  // days before firstDay + d; rowsBefore counts its rows the same way (an item with rows in a
  // range is in the answer even when they sum to 0, as in SQL).
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (let r = 0; r < rows.length; r++) {
    if (day[r]! < firstDay) firstDay = day[r]!;
    if (day[r]! > lastDay) lastDay = day[r]!;
  }
  const days = rows.length ? lastDay - firstDay + 1 : 0;
  const width = days + 1;
  const running = rows.figures.map(() => new Float64Array(items.length * width));
  const rowsBefore = new Int32Array(items.length * width);
  for (let r = 0; r < rows.length; r++) {
    const at = slot[r]! * width + (day[r]! - firstDay) + 1;
    for (let c = 0; c < COLUMNS; c++) running[c]![at] += columns[c]![r]!;
    rowsBefore[at]++;
  }
  for (const column of [...running, rowsBefore]) {
    for (let k = 0; k < items.length; k++) for (let d = 1; d <= days; d++) column[k * width + d] += column[k * width + d - 1]!;
  }
  /** Days before firstDay + d, clamped into the indexed days. */
  const clampDay = (d: number) => Math.max(0, Math.min(days, d - firstDay));

  // Per-request sums by item slot, reused (a request runs to its end without yielding).
  const sums = rows.figures.map(() => new Float64Array(items.length));
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

  /** An item's sums from its six columns (no closure per item: this runs for every item of a house). */
  const sumsOf = (id: number, c: ArrayLike<number>[], at: number, before: number): Sums => ({
    id,
    volume: normalised(c[0]![at]! - (before < 0 ? 0 : c[0]![before]!), c[1]![at]! - (before < 0 ? 0 : c[1]![before]!)),
    rebate: normalised(c[2]![at]! - (before < 0 ? 0 : c[2]![before]!), c[3]![at]! - (before < 0 ? 0 : c[3]![before]!)),
    deviation: normalised(c[4]![at]! - (before < 0 ? 0 : c[4]![before]!), c[5]![at]! - (before < 0 ? 0 : c[5]![before]!)),
  });

  function itemSums(merchantIds: readonly number[] | 'all', from: number, to: number): Sums[] {
    const out: Sums[] = [];
    if (merchantIds === 'all') {
      const [a, b] = [clampDay(from), clampDay(to + 1)];
      for (let k = 0; k < items.length; k++) {
        const [at, before] = [k * width + b, k * width + a];
        if (rowsBefore[at] !== rowsBefore[before]) out.push(sumsOf(items[k]!, running, at, before));
      }
      return out;
    }
    const seen: number[] = [];
    for (const m of new Set(merchantIds)) {
      const range = merchantRows.get(m);
      if (!range) continue;
      for (let r = firstRowFrom(range[0], range[1], from); r < range[1] && day[r]! <= to; r++) {
        const k = slot[r]!;
        if (!touched[k]) (touched[k] = 1), seen.push(k);
        for (let c = 0; c < COLUMNS; c++) sums[c]![k] += columns[c]![r]!;
      }
    }
    for (const k of seen) {
      out.push(sumsOf(items[k]!, sums, k, -1));
      for (const column of sums) column[k] = 0;
      touched[k] = 0;
    }
    return out;
  }

  /** The SQL's top rows: largest exact volume first, then by name (MIN for items) in the database's order. */
  const top = (all: Sums[], rank: Int32Array) =>
    all.sort((a, b) => compare(b.volume, a.volume) || rank[a.id]! - rank[b.id]!).slice(0, LOST_LIMIT);
  // A negative saving (the competitor was cheaper than the deviated price) shows as none.
  const figures = (s: Sums) => ({
    volume: toNumber(s.volume), rebate: toNumber(s.rebate), deviation: s.deviation.whole < 0 ? 0 : toNumber(s.deviation),
  });

  return {
    lost(merchantIds, from, to) {
      const byItem = itemSums(merchantIds, dayNumber(from), dayNumber(to));
      const byCategory = new Map<number, Sums>();
      for (const s of byItem) {
        const c = itemCategory.get(s.id)!;
        const sum = byCategory.get(c) ?? { id: c, volume: ZERO, rebate: ZERO, deviation: ZERO };
        byCategory.set(c, { id: c, volume: add(sum.volume, s.volume), rebate: add(sum.rebate, s.rebate), deviation: add(sum.deviation, s.deviation) });
      }
      return {
        categories: top([...byCategory.values()], names.categoryRank).map((s) => ({ key: names.categoryName[s.id]!, ...figures(s) })),
        items: top(byItem, names.itemRank).map((s) => {
          const min = names.itemMin[s.id]!;
          return { key: names.itemDescription[s.id]!, ...(min ? { min } : {}), ...figures(s) };
        }),
      };
    },
  };
}
