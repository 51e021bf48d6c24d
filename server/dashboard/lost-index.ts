// The lost figures (lines bought from competitors) of the houses with rollups, in memory for one
// data version: every row of rollup_merchant_lost_day as typed arrays, and per house a running
// total of each item by day. A subset's dashboard sums its merchants' rows of the range (about
// 2,000 a merchant a year: 100,000 for 50 merchants, well under a millisecond) and a whole house
// reads two running totals per item, where PostgreSQL summed ~78,000 numeric rows per request.
//
// The numbers are exactly PostgreSQL's: every figure is held as an integer count of 10^-scale
// (the data's largest number of decimals), and a house is indexed only when the sum of all its
// figures' magnitudes stays below 2^53, so every sum of them is exact. An integer divided by a
// power of ten gives the same double as the decimal's text, which is what pg returns.
import type { LostRow } from '../repositories/dashboard.ts';
import { LOST_LIMIT } from '../repositories/dashboard.ts';

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

/** One house's rows, sorted by merchant, day and item; figures scaled to integers. */
export interface HouseRows {
  merchant: Int32Array;
  day: Int32Array;
  item: Int32Array;
  category: Int32Array;
  volume: Float64Array;
  rebate: Float64Array;
  deviation: Float64Array;
  length: number;
}

const FIGURES = ['volume', 'rebate', 'deviation'] as const;

/** An item's or category's sums while a request adds them up. */
interface Sums { id: number; volume: number; rebate: number; deviation: number }

export interface HouseLost {
  /** The lost categories and items of `merchantIds` (or every merchant of the house) over the range, as the SQL ranks them. */
  lost(merchantIds: readonly number[] | 'all', from: string, to: string): { categories: LostRow[]; items: LostRow[] };
}

/**
 * Indexes one house's rows. `scale` is the power of ten the figures were multiplied by; the
 * caller has checked that the magnitudes of each figure sum below 2^53.
 */
export function houseLost(rows: HouseRows, scale: number, names: Names): HouseLost {
  const unit = 10 ** scale;
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
  const slot = new Map(items.map((id, k) => [id, k]));

  // Running totals per item by day: running[f][k * (days + 1) + d] is item k's figure f over the
  // days before firstDay + d; rowsBefore counts its rows the same way (an item with rows in a
  // range is in the answer even when they sum to 0, as in SQL).
  let [firstDay, lastDay] = [Infinity, -Infinity];
  for (let r = 0; r < rows.length; r++) [firstDay, lastDay] = [Math.min(firstDay, rows.day[r]!), Math.max(lastDay, rows.day[r]!)];
  const days = rows.length ? lastDay - firstDay + 1 : 0;
  const running = FIGURES.map(() => new Float64Array(items.length * (days + 1)));
  const rowsBefore = new Int32Array(items.length * (days + 1));
  for (let r = 0; r < rows.length; r++) {
    const at = slot.get(rows.item[r]!)! * (days + 1) + (rows.day[r]! - firstDay) + 1;
    FIGURES.forEach((f, i) => (running[i]![at] += rows[f][r]!));
    rowsBefore[at]++;
  }
  for (const column of [...running, rowsBefore]) {
    for (let k = 0; k < items.length; k++) for (let d = 1; d <= days; d++) column[k * (days + 1) + d] += column[k * (days + 1) + d - 1]!;
  }
  /** Days before firstDay + d, clamped into the indexed days. */
  const clampDay = (day: number) => Math.max(0, Math.min(days, day - firstDay));

  // Per-request sums by item slot, reused (a request runs to its end without yielding).
  const sums = FIGURES.map(() => new Float64Array(items.length));
  const touched = new Uint8Array(items.length);

  /** First row at or after `r0` whose day is ≥ `day` (rows of one merchant, sorted by day). */
  const firstRowFrom = (r0: number, r1: number, day: number) => {
    let [lo, hi] = [r0, r1];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows.day[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  function itemSums(merchantIds: readonly number[] | 'all', from: number, to: number): Sums[] {
    const out: Sums[] = [];
    if (merchantIds === 'all') {
      const [a, b] = [clampDay(from), clampDay(to + 1)];
      for (let k = 0; k < items.length; k++) {
        const [at, before] = [k * (days + 1) + b, k * (days + 1) + a];
        if (rowsBefore[at] === rowsBefore[before]) continue;
        const [volume, rebate, deviation] = running.map((c) => c[at]! - c[before]!) as [number, number, number];
        out.push({ id: items[k]!, volume, rebate, deviation });
      }
      return out;
    }
    const [volume, rebate, deviation] = sums as [Float64Array, Float64Array, Float64Array];
    const seen: number[] = [];
    for (const m of new Set(merchantIds)) {
      const range = merchantRows.get(m);
      if (!range) continue;
      for (let r = firstRowFrom(range[0], range[1], from); r < range[1] && rows.day[r]! <= to; r++) {
        const k = slot.get(rows.item[r]!)!;
        if (!touched[k]) (touched[k] = 1), seen.push(k);
        volume[k] += rows.volume[r]!;
        rebate[k] += rows.rebate[r]!;
        deviation[k] += rows.deviation[r]!;
      }
    }
    for (const k of seen) {
      out.push({ id: items[k]!, volume: volume[k]!, rebate: rebate[k]!, deviation: deviation[k]! });
      volume[k] = rebate[k] = deviation[k] = touched[k] = 0;
    }
    return out;
  }

  /** The SQL's top rows: largest exact volume first, then by name (MIN for items) in the database's order. */
  const top = (all: Sums[], rank: Int32Array) =>
    all.sort((a, b) => b.volume - a.volume || rank[a.id]! - rank[b.id]!).slice(0, LOST_LIMIT);
  // A negative saving (the competitor was cheaper than the deviated price) shows as none.
  const figures = (s: Sums) => ({ volume: s.volume / unit, rebate: s.rebate / unit, deviation: Math.max(s.deviation, 0) / unit });

  return {
    lost(merchantIds, from, to) {
      const byItem = itemSums(merchantIds, dayNumber(from), dayNumber(to));
      const byCategory = new Map<number, Sums>();
      for (const s of byItem) {
        const c = itemCategory.get(s.id)!;
        const sum = byCategory.get(c) ?? byCategory.set(c, { id: c, volume: 0, rebate: 0, deviation: 0 }).get(c)!;
        sum.volume += s.volume;
        sum.rebate += s.rebate;
        sum.deviation += s.deviation;
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
