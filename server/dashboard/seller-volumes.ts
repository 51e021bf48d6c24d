// Volume and rebate per seller in memory for one data version: every row of rollup_merchant_day
// (merchant, day, seller: about 90 a merchant a year) and of rollup_account_day (a house's
// sellers by day). A dashboard's volume by seller and month, an Intel batch's volume per
// merchant and seller, the line chart's months and the lost volume month over month are sums
// of a few thousand of these rows, where each was a statement in PostgreSQL. Exact as
// lost-index.ts is: whole parts and fractions summed apart, the sum given as pg gives a numeric.
import type { MonthVolume, SellerVolume } from '../repositories/intel.ts';
import type { SellerMonth } from '../repositories/dashboard.ts';
import { exactDecimals } from './exact-decimal.ts';
import { dayNumber } from './lost-index.ts';

/** Rows of one table, sorted by owner (merchant or house), day and seller. */
export interface DayRows {
  owner: Int32Array;
  day: Int32Array;
  seller: Int32Array;
  /** volume whole, volume fraction × 10^scale, rebate whole, rebate fraction. */
  figures: [Int32Array, Int32Array, Int32Array, Int32Array];
  length: number;
}

export const dayRows = (length: number): DayRows => ({
  owner: new Int32Array(length), day: new Int32Array(length), seller: new Int32Array(length),
  figures: [new Int32Array(length), new Int32Array(length), new Int32Array(length), new Int32Array(length)],
  length: 0,
});

/** A merchant's volume from the house's family in two months (the lost volume month over month). */
export interface OwnMonths { merchantId: number; last: number; previous: number }

export interface SellerVolumes {
  /** Volume and rebate per seller and month of the merchants' lines in the range (the dashboard's subset path). */
  bySellerMonth(merchantIds: readonly number[], from: string, to: string): SellerMonth[];
  /** The same from the house's own rollup (rollup_account_day); null when the house has none. */
  houseBySellerMonth(houseId: number, from: string, to: string): SellerMonth[] | null;
  /** Volume per merchant and seller over the range (an Intel batch). */
  byMerchantSeller(merchantIds: readonly number[], from: string, to: string): SellerVolume[];
  /** Volume per merchant, seller and month, months `fromMonth`..`toMonth` (first days; the line chart). */
  monthly(merchantIds: readonly number[], fromMonth: string, toMonth: string): MonthVolume[];
  /** Per merchant with lines from `family` in either month, their volume in each (months by first day). */
  familyMonths(merchantIds: readonly number[], family: readonly number[], lastMonth: string, previousMonth: string): OwnMonths[];
}

const DAY_MS = 86_400_000;
/** Months since 1970-01 of a day number, and its 'YYYY-MM'. */
const monthOfDay = (day: number) => {
  const d = new Date(day * DAY_MS);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const monthText = (month: number) => `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
/** The last day of the month that starts on `firstDay` (YYYY-MM-01). */
const monthEnd = (firstDay: string) => {
  const d = new Date(`${firstDay}T00:00:00Z`);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS) - 1;
};

/**
 * Sums per seller id in arrays reused by every request (a request runs to its end without
 * yielding): `add` rows, then `drain` each seller's sums (in the order first added) and reset.
 */
function sellerSums(largestId: number) {
  const [wholes, parts] = [new Float64Array(largestId + 1), new Float64Array(largestId + 1)];
  const rows = new Int32Array(largestId + 1);
  const seen: number[] = [];
  return {
    add(sellerId: number, whole: number, part: number) {
      if (rows[sellerId]++ === 0) seen.push(sellerId);
      wholes[sellerId] += whole;
      parts[sellerId] += part;
    },
    drain(each: (sellerId: number, whole: number, part: number) => void) {
      for (const id of seen) {
        each(id, wholes[id]!, parts[id]!);
        [wholes[id], parts[id], rows[id]] = [0, 0, 0];
      }
      seen.length = 0;
    },
  };
}

/** `merchants` and `houses` hold every row of their tables; `scale` is their largest number of decimals. */
export function sellerVolumes(merchants: DayRows, houses: DayRows, scale: number): SellerVolumes {
  const { normalised, toNumber } = exactDecimals(scale);
  const startsOf = (rows: DayRows) => {
    const at = new Map<number, [number, number]>();
    for (let r = 0; r < rows.length; r++) {
      const range = at.get(rows.owner[r]!);
      if (range) range[1] = r + 1;
      else at.set(rows.owner[r]!, [r, r + 1]);
    }
    return at;
  };
  const merchantRows = startsOf(merchants);
  // Each row's month (months since 1970-01), worked out once rather than per request and row.
  const monthsOf = (rows: DayRows) => {
    const byDay = new Map<number, number>();
    return Int32Array.from(rows.day.subarray(0, rows.length), (d) => byDay.get(d) ?? byDay.set(d, monthOfDay(d)).get(d)!);
  };
  const rowMonths = new Map<DayRows, Int32Array>([[merchants, monthsOf(merchants)], [houses, monthsOf(houses)]]);
  const bySeller = sellerSums(merchants.seller.subarray(0, merchants.length).reduce((a, b) => Math.max(a, b), 0));
  const houseRows = startsOf(houses);

  /** The rows of `owner` whose day lies in [from, to]: [first, after the last]. */
  const rowsIn = (rows: DayRows, at: Map<number, [number, number]>, owner: number, from: number, to: number): [number, number] => {
    const range = at.get(owner);
    if (!range) return [0, 0];
    let [lo, hi] = range;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows.day[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < range[1] && rows.day[end]! <= to) end++;
    return [lo, end];
  };

  /** Sums of rows grouped by a key, each group's volume and rebate exact. */
  const groups = (rows: DayRows) => {
    const sums = new Map<number, number[]>();
    return {
      add(key: number, r: number) {
        const s = sums.get(key) ?? sums.set(key, [0, 0, 0, 0]).get(key)!;
        for (let c = 0; c < 4; c++) s[c]! += rows.figures[c][r]!;
      },
      *done(): Generator<[number, number, number]> {
        for (const [key, s] of sums) yield [key, toNumber(normalised(s[0]!, s[1]!)), toNumber(normalised(s[2]!, s[3]!))];
      },
    };
  };

  const sellerMonths = (rows: DayRows, at: Map<number, [number, number]>, owners: Iterable<number>, from: string, to: string): SellerMonth[] => {
    const sums = groups(rows);
    const month = rowMonths.get(rows)!;
    // Key: seller × 2^16 + month (months since 1970 stay far below 2^16).
    for (const owner of owners) {
      const [first, end] = rowsIn(rows, at, owner, dayNumber(from), dayNumber(to));
      for (let r = first; r < end; r++) sums.add(rows.seller[r]! * 65536 + month[r]!, r);
    }
    return [...sums.done()].map(([key, volume, rebate]) => ({ sellerId: Math.floor(key / 65536), month: monthText(key % 65536), volume, rebate }));
  };

  /** The volume of the month summed at `at` of `sums` ([whole, fraction, rows]); 0 without rows. */
  const monthVolume = (sums: number[], at: number) => (sums[at + 2] ? toNumber(normalised(sums[at]!, sums[at + 1]!)) : 0);

  return {
    bySellerMonth: (merchantIds, from, to) => sellerMonths(merchants, merchantRows, new Set(merchantIds), from, to),
    houseBySellerMonth: (houseId, from, to) => (houseRows.has(houseId) ? sellerMonths(houses, houseRows, [houseId], from, to) : null),

    byMerchantSeller(merchantIds, from, to) {
      const out: SellerVolume[] = [];
      const [first, last] = [dayNumber(from), dayNumber(to)];
      for (const m of new Set(merchantIds)) {
        // A merchant's rows of a day are few sellers: summed per seller in scratch arrays.
        const [start, end] = rowsIn(merchants, merchantRows, m, first, last);
        for (let r = start; r < end; r++) bySeller.add(merchants.seller[r]!, merchants.figures[0][r]!, merchants.figures[1][r]!);
        bySeller.drain((sellerId, whole, part) => out.push({ merchantId: m, sellerId, volume: toNumber(normalised(whole, part)) }));
      }
      return out;
    },

    monthly(merchantIds, fromMonth, toMonth) {
      const out: MonthVolume[] = [];
      for (const m of new Set(merchantIds)) {
        const sums = groups(merchants);
        const [start, end] = rowsIn(merchants, merchantRows, m, dayNumber(fromMonth), monthEnd(toMonth));
        for (let r = start; r < end; r++) sums.add(merchants.seller[r]! * 65536 + rowMonths.get(merchants)![r]!, r);
        for (const [key, volume] of sums.done()) out.push({ merchantId: m, sellerId: Math.floor(key / 65536), month: monthText(key % 65536), volume });
      }
      return out;
    },

    familyMonths(merchantIds, family, lastMonth, previousMonth) {
      const own = new Set(family);
      const [lastDays, previousDays] = [[dayNumber(lastMonth), monthEnd(lastMonth)], [dayNumber(previousMonth), monthEnd(previousMonth)]] as const;
      const out: OwnMonths[] = [];
      for (const m of new Set(merchantIds)) {
        // [whole, fraction, rows] of last month, then of the month before.
        const sums = [0, 0, 0, 0, 0, 0];
        for (const [at, [from, to]] of [[0, lastDays], [3, previousDays]] as const) {
          const [start, end] = rowsIn(merchants, merchantRows, m, from, to);
          for (let r = start; r < end; r++) {
            if (!own.has(merchants.seller[r]!)) continue;
            sums[at]! += merchants.figures[0][r]!;
            sums[at + 1]! += merchants.figures[1][r]!;
            sums[at + 2]!++;
          }
        }
        if (sums[2]! + sums[5]! === 0) continue;
        out.push({ merchantId: m, last: monthVolume(sums, 0), previous: monthVolume(sums, 3) });
      }
      return out;
    },
  };
}
