// Volume and rebate per seller in memory for one data version: every row of rollup_merchant_day
// (merchant, day, seller: about 90 a merchant a year) and of rollup_account_day (a house's
// sellers by day). A dashboard's volume by seller and month, an Intel batch's volume per
// merchant and seller, the line chart's months and the lost volume month over month are sums
// of a few thousand of these rows, where each was a statement in PostgreSQL. Exact as
// lost-index.ts is: whole parts and fractions summed apart, the sum given as pg gives a numeric.
// Compact as it is: once built a row keeps its day from the table's first and its seller (16 bits
// each while they fit) and its four integers (16 bits where the data lets them); the owners
// become ranges of rows, the months a table by day.
import type { MonthVolume, SellerVolume } from '../repositories/intel.ts';
import type { SellerMonth } from '../repositories/dashboard.ts';
import { exactDecimals, idColumn } from './exact-decimal.ts';
import { dayNumber } from './lost-index.ts';

type Column = Int16Array | Int32Array;
/** Rows of one table as read, sorted by owner (merchant or house), day and seller. */
export interface DayRows {
  owner: Int32Array;
  /** Days since 1970-01-01. */
  day: Int32Array;
  seller: Int32Array;
  /** volume whole, volume fraction × 10^scale, rebate whole, rebate fraction × 10^scale (dashboard-index-load.ts makes them). */
  figures: [Column, Column, Column, Column];
  length: number;
}

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

type Decimals = ReturnType<typeof exactDecimals>;
const DAY_MS = 86_400_000;
/** Months since 1970-01 of a day number, and its 'YYYY-MM'. */
const monthNumber = (day: number) => {
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

/** One table's rows as kept: its owners and where their rows are, and per row its day (from `firstDay`), seller and figures. */
interface TableState {
  owners: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  firstDay: number;
  day: Uint16Array | Int32Array;
  seller: Uint16Array | Int32Array;
  figures: [Column, Column, Column, Column];
  /** The month (months since 1970-01) of each day from the first. */
  monthOfDay: Int32Array;
  largestSeller: number;
}
type Table = TableState & { ranges: Map<number, [number, number]> };

/** What the index holds once built: typed arrays and small lists (index-file.ts), answered from by `sellerVolumesOf`. */
export interface SellerVolumesState { merchants: TableState; houses: TableState; scales: [number, number] }

/** The compact form of `rows`; their days span fewer than 65,536 (dashboard-index-load.ts checks). */
function tableState(rows: DayRows): TableState {
  const ranges = new Map<number, [number, number]>();
  let [firstDay, lastDay, largestSeller] = [Infinity, -Infinity, 0];
  for (let r = 0; r < rows.length; r++) {
    const range = ranges.get(rows.owner[r]!);
    if (range) range[1] = r + 1;
    else ranges.set(rows.owner[r]!, [r, r + 1]);
    [firstDay, lastDay] = [Math.min(firstDay, rows.day[r]!), Math.max(lastDay, rows.day[r]!)];
    largestSeller = Math.max(largestSeller, rows.seller[r]!);
  }
  if (rows.length === 0) [firstDay, lastDay] = [0, -1];
  const [day, seller] = [idColumn(rows.length, lastDay - firstDay + 1), idColumn(rows.length, largestSeller + 1)];
  for (let r = 0; r < rows.length; r++) [day[r], seller[r]] = [rows.day[r]! - firstDay, rows.seller[r]!];
  const monthOfDay = Int32Array.from({ length: lastDay - firstDay + 1 }, (_, d) => monthNumber(firstDay + d));
  const owners = [...ranges];
  return {
    owners: Int32Array.from(owners, ([o]) => o), starts: Int32Array.from(owners, ([, [a]]) => a), ends: Int32Array.from(owners, ([, [, b]]) => b),
    firstDay, day, seller, figures: rows.figures, monthOfDay, largestSeller,
  };
}

const table = (state: TableState): Table => {
  const ranges = new Map<number, [number, number]>();
  state.owners.forEach((o, i) => ranges.set(o, [state.starts[i]!, state.ends[i]!]));
  return { ...state, ranges };
};

/**
 * `merchants` and `houses` hold every row of their tables; `scales` are the largest numbers of
 * decimals of their volumes and rebates.
 */
export const sellerVolumesState = (merchantRows: DayRows, houseRows: DayRows, scales: readonly [number, number]): SellerVolumesState =>
  ({ merchants: tableState(merchantRows), houses: tableState(houseRows), scales: [...scales] });

/** The answers of the volumes per seller, from their state (built here, or mapped from the file another process wrote). */
export function sellerVolumesOf(state: SellerVolumesState): SellerVolumes {
  const [volume, rebate] = state.scales.map(exactDecimals) as [Decimals, Decimals];
  const [merchants, houses] = [table(state.merchants), table(state.houses)];
  const bySeller = sellerSums(state.merchants.largestSeller);
  const volumeOf = (whole: number, part: number) => volume.toNumber(volume.normalised(whole, part));

  /** The rows of `owner` whose day lies in [from, to] (days since 1970): [first, after the last]. */
  const rowsIn = (rows: Table, owner: number, from: number, to: number): [number, number] => {
    const range = rows.ranges.get(owner);
    if (!range) return [0, 0];
    const [first, last] = [from - rows.firstDay, to - rows.firstDay];
    let [lo, hi] = range;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows.day[mid]! < first) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < range[1] && rows.day[end]! <= last) end++;
    return [lo, end];
  };

  /** Sums of rows grouped by a key, each group's volume and rebate exact. */
  const groups = (rows: Table) => {
    const sums = new Map<number, number[]>();
    return {
      add(key: number, r: number) {
        const s = sums.get(key) ?? sums.set(key, [0, 0, 0, 0]).get(key)!;
        for (let c = 0; c < 4; c++) s[c]! += rows.figures[c][r]!;
      },
      *done(): Generator<[number, number, number]> {
        for (const [key, s] of sums) yield [key, volumeOf(s[0]!, s[1]!), rebate.toNumber(rebate.normalised(s[2]!, s[3]!))];
      },
    };
  };

  const sellerMonths = (rows: Table, owners: Iterable<number>, from: string, to: string): SellerMonth[] => {
    const sums = groups(rows);
    // Key: seller × 2^16 + month (months since 1970 stay far below 2^16).
    for (const owner of owners) {
      const [first, end] = rowsIn(rows, owner, dayNumber(from), dayNumber(to));
      for (let r = first; r < end; r++) sums.add(rows.seller[r]! * 65536 + rows.monthOfDay[rows.day[r]!]!, r);
    }
    return [...sums.done()].map(([key, volume, rebate]) => ({ sellerId: Math.floor(key / 65536), month: monthText(key % 65536), volume, rebate }));
  };

  /** The volume of the month summed at `at` of `sums` ([whole, fraction, rows]); 0 without rows. */
  const monthVolume = (sums: number[], at: number) => (sums[at + 2] ? volumeOf(sums[at]!, sums[at + 1]!) : 0);

  return {
    bySellerMonth: (merchantIds, from, to) => sellerMonths(merchants, new Set(merchantIds), from, to),
    houseBySellerMonth: (houseId, from, to) => (houses.ranges.has(houseId) ? sellerMonths(houses, [houseId], from, to) : null),

    byMerchantSeller(merchantIds, from, to) {
      const out: SellerVolume[] = [];
      const [first, last] = [dayNumber(from), dayNumber(to)];
      for (const m of new Set(merchantIds)) {
        // A merchant's rows of a day are few sellers: summed per seller in scratch arrays.
        const [start, end] = rowsIn(merchants, m, first, last);
        for (let r = start; r < end; r++) bySeller.add(merchants.seller[r]!, merchants.figures[0][r]!, merchants.figures[1][r]!);
        bySeller.drain((sellerId, whole, part) => out.push({ merchantId: m, sellerId, volume: volumeOf(whole, part) }));
      }
      return out;
    },

    monthly(merchantIds, fromMonth, toMonth) {
      const out: MonthVolume[] = [];
      for (const m of new Set(merchantIds)) {
        const sums = groups(merchants);
        const [start, end] = rowsIn(merchants, m, dayNumber(fromMonth), monthEnd(toMonth));
        for (let r = start; r < end; r++) sums.add(merchants.seller[r]! * 65536 + merchants.monthOfDay[merchants.day[r]!]!, r);
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
          const [start, end] = rowsIn(merchants, m, from, to);
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
