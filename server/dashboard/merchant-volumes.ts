// The dashboard's volume per merchant (every seller) in memory for one data version: per merchant
// a running total by day, dense, so any range is two reads per merchant. A whole house's
// dashboard read ~10,000 running-total rows and ~50,000 daily rows at the edges of its range in
// SQL (50–450 ms on 20 million lines); here it is 5,000 subtractions. Exact as lost-index.ts is.
import type { MerchantVolume } from '../repositories/dashboard.ts';
import { exactDecimals, type Exact } from './exact-decimal.ts';
import { dayNumber } from './lost-index.ts';

/** The running totals being filled: `add` each (merchant, day) sum, then `done`. */
export interface VolumesBuilder {
  add(merchantId: number, day: number, whole: number, part: number): void;
  done(): MerchantVolumes;
}

export interface MerchantVolumes {
  /** Volume per merchant of `merchantIds` over the range, largest first, then by platform id (the SQL's order); merchants without lines left out. */
  byMerchant(merchantIds: readonly number[], from: string, to: string): MerchantVolume[];
}

/**
 * `platformIds` and `platformRank` by merchant id (rank: the place in the database's order of
 * platform ids); days from `firstDay` to `lastDay` (days since 1970-01-01).
 */
export function merchantVolumes(scale: number, firstDay: number, lastDay: number, platformIds: string[], platformRank: Int32Array): VolumesBuilder {
  const { normalised, compare, toNumber } = exactDecimals(scale);
  const days = Math.max(0, lastDay - firstDay + 1);
  const width = days + 1;
  const merchants = platformRank.length;
  // [whole, part, days with lines] before day d of merchant m at m * width + d.
  const running = [new Float64Array(merchants * width), new Float64Array(merchants * width), new Int32Array(merchants * width)] as const;
  const clampDay = (day: number) => Math.max(0, Math.min(days, day - firstDay));

  const volumes: MerchantVolumes = {
    byMerchant(merchantIds, from, to) {
      const [a, b] = [clampDay(dayNumber(from)), clampDay(dayNumber(to) + 1)];
      const found: { id: number; volume: Exact }[] = [];
      for (const m of new Set(merchantIds)) {
        if (m < 0 || m >= merchants) continue;
        const [at, before] = [m * width + b, m * width + a];
        if (running[2][at] === running[2][before]) continue;
        found.push({ id: m, volume: normalised(running[0][at]! - running[0][before]!, running[1][at]! - running[1][before]!) });
      }
      return found.sort((x, y) => compare(y.volume, x.volume) || platformRank[x.id]! - platformRank[y.id]!)
        .map((x) => ({ platformId: platformIds[x.id]!, volume: toNumber(x.volume) }));
    },
  };
  return {
    add(merchantId, day, whole, part) {
      const at = merchantId * width + (day - firstDay) + 1;
      running[0][at] += whole;
      running[1][at] += part;
      running[2][at] += 1;
    },
    done() {
      for (const column of running) {
        for (let m = 0; m < merchants; m++) for (let d = 1; d <= days; d++) column[m * width + d] += column[m * width + d - 1]!;
      }
      return volumes;
    },
  };
}
