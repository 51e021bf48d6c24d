// The dashboard's volume per merchant (every seller) in memory for one data version: per merchant
// a running total by day, dense, so any range is two reads per merchant. A whole house's
// dashboard read ~10,000 running-total rows and ~50,000 daily rows at the edges of its range in
// SQL (50–450 ms on 20 million lines); here it is 5,000 subtractions. Exact as lost-index.ts is.
import type { MerchantVolume } from '../repositories/dashboard.ts';
import { EXACT_BELOW, exactDecimals } from './exact-decimal.ts';
import { dayNumber } from './lost-index.ts';
import { largestFirst } from './radix-order.ts';

/** The running totals being filled: `add` each (merchant, day) sum, then `done`. */
export interface VolumesBuilder {
  add(merchantId: number, day: number, whole: number, part: number): void;
  done(): MerchantVolumesState;
}

/** What the index holds once built: typed arrays and small lists (index-file.ts), answered from by `merchantVolumesOf`. */
export interface MerchantVolumesState {
  scale: number;
  firstDay: number;
  days: number;
  platformIds: (string | null)[];
  platformRank: Int32Array;
  /** [whole, part, days with lines] before day d of merchant m at d * merchants + m. */
  running: [Float64Array, Float64Array, Int32Array];
  /** Whether any range's volume of a merchant, in units of 10^-scale, is an integer below 2^53 (one number to compare). */
  inUnits: boolean;
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
  const days = Math.max(0, lastDay - firstDay + 1);
  const merchants = platformRank.length;
  // Day by day, so a whole house's range reads two stretches of memory in order, not two places per merchant.
  const cells = (days + 1) * merchants;
  const running = [new Float64Array(cells), new Float64Array(cells), new Int32Array(cells)] as [Float64Array, Float64Array, Int32Array];
  const unit = 10 ** scale;
  return {
    add(merchantId, day, whole, part) {
      const at = (day - firstDay + 1) * merchants + merchantId;
      running[0][at] += whole;
      running[1][at] += part;
      running[2][at] += 1;
    },
    done() {
      for (const column of running) {
        for (let d = 1; d <= days; d++) for (let m = 0; m < merchants; m++) column[d * merchants + m] += column[(d - 1) * merchants + m]!;
      }
      // A range's sum is a difference of two running totals: at most twice the largest in size.
      let largest = 0;
      for (const total of running[0]) largest = Math.max(largest, Math.abs(total));
      // Ids without a merchant are holes: null, as JSON keeps them.
      return { scale, firstDay, days, platformIds: Array.from(platformIds, (id) => id ?? null), platformRank, running, inUnits: (2 * largest + 2) * unit < EXACT_BELOW };
    },
  };
}

/** The answers of the volumes per merchant, from their state (built here, or mapped from the file another process wrote). */
export function merchantVolumesOf({ scale, firstDay, days, platformIds, platformRank, running, inUnits }: MerchantVolumesState): MerchantVolumes {
  const { toNumber } = exactDecimals(scale);
  const merchants = platformRank.length;
  const clampDay = (day: number) => Math.max(0, Math.min(days, day - firstDay));
  const unit = 10 ** scale;
  // Every merchant id in the database's order of platform ids: the tie-break, walked in order.
  const byPlatform = platformIds.flatMap((id, m) => (id === null ? [] : [m])).sort((x, y) => platformRank[x]! - platformRank[y]!);
  const asked = new Uint8Array(merchants);

  const volumes: MerchantVolumes = {
    byMerchant(merchantIds, from, to) {
      const [a, b] = [clampDay(dayNumber(from)), clampDay(dayNumber(to) + 1)];
      // The merchants asked, in platform id order (the ties' order), once each.
      for (const m of merchantIds) if (m >= 0 && m < merchants) asked[m] = 1;
      const listed = merchantIds.length > 64 ? byPlatform.filter((m) => asked[m] === 1) : [...new Set(merchantIds)].filter((m) => asked[m] === 1).sort((x, y) => platformRank[x]! - platformRank[y]!);
      for (const m of merchantIds) if (m >= 0 && m < merchants) asked[m] = 0;
      const ids = new Int32Array(listed.length);
      const wholes = new Float64Array(listed.length);
      const parts = new Float64Array(listed.length);
      let n = 0;
      for (let k = 0; k < listed.length; k++) {
        const m = listed[k]!;
        const [at, before] = [b * merchants + m, a * merchants + m];
        if (running[2][at] === running[2][before]) continue;
        // Normalised in place: 0 ≤ fraction < 1 unit.
        const part = running[1][at]! - running[1][before]!;
        const carry = Math.floor(part / unit);
        ids[n] = m;
        wholes[n] = running[0][at]! - running[0][before]! + carry;
        parts[n] = part - carry * unit;
        n++;
      }
      // Largest first; equal volumes keep their platform id order (the SQL's order).
      const out: MerchantVolume[] = new Array(n);
      if (inUnits) {
        const units = new Float64Array(n);
        for (let i = 0; i < n; i++) units[i] = wholes[i]! * unit + parts[i]!;
        const order = largestFirst(units);
        // In units below 2^53, one division gives the double of the decimal (as toNumber does).
        for (let k = 0; k < n; k++) out[k] = { platformId: platformIds[ids[order[k]!]!]!, volume: units[order[k]!]! / unit };
      } else {
        const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => wholes[y]! - wholes[x]! || parts[y]! - parts[x]! || x - y);
        for (let k = 0; k < n; k++) out[k] = { platformId: platformIds[ids[order[k]!]!]!, volume: toNumber({ whole: wholes[order[k]!]!, part: parts[order[k]!]! }) };
      }
      return out;
    },
  };
  return volumes;
}
