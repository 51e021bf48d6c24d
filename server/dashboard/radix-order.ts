// Orders thousands of numbers without a comparator: a whole house's volume per merchant is 5,000
// values to rank on every all-locations dashboard, and Array#sort with a comparator took 1–2 ms
// of the event loop for them. A double's bits, read as an unsigned integer with the sign handled,
// order as the double does, so a stable LSD radix sort over its eight bytes ranks them exactly.

const bytes = new Uint8Array(8);
const asDouble = new Float64Array(bytes.buffer);

/**
 * The positions 0..n-1 of `values` ordered largest first; equal values keep their order in
 * `values` (stable), so a caller that lists its values in tie-break order gets ties in that order.
 */
export function largestFirst(values: Float64Array): Int32Array {
  const n = values.length;
  // Each value's key bytes, least significant first, inverted so that larger values sort first.
  const keys = new Uint8Array(n * 8);
  for (let i = 0; i < n; i++) {
    asDouble[0] = values[i] === 0 ? 0 : values[i]!; // -0 as 0
    // Little-endian: byte 7 holds the sign. Positive: set the sign bit; negative: invert all bits.
    const negative = (bytes[7]! & 0x80) !== 0;
    for (let b = 0; b < 8; b++) {
      let key = negative ? ~bytes[b]! & 0xff : b === 7 ? bytes[b]! | 0x80 : bytes[b]!;
      key = 0xff - key; // descending
      keys[i * 8 + b] = key;
    }
  }
  let order = new Int32Array(n);
  let next = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const counts = new Int32Array(257);
  for (let b = 0; b < 8; b++) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[keys[order[i]! * 8 + b]! + 1]!++;
    if (counts[keys[order[0]! * 8 + b]! + 1] === n) continue; // every key has this byte: nothing moves
    for (let k = 1; k <= 256; k++) counts[k]! += counts[k - 1]!;
    for (let i = 0; i < n; i++) next[counts[keys[order[i]! * 8 + b]!]!++] = order[i]!;
    [order, next] = [next, order];
  }
  return order;
}

/**
 * The first `k` of `list` in `compare`'s order (largest first), given each element's value as a
 * double (`approx`, in the same order but for near-equal values): the k-th largest double is
 * found without sorting, and only the elements at or above it are sorted exactly.
 */
export function topByValue<T>(list: T[], k: number, approx: (x: T) => number, compare: (a: T, b: T) => number): T[] {
  if (list.length <= k) return [...list].sort(compare);
  const values = Float64Array.from(list, approx);
  const threshold = kthLargest(Float64Array.from(values), k);
  return list.filter((_, i) => values[i]! >= threshold).sort(compare).slice(0, k);
}

/** The k-th largest of `values` (which it reorders): quickselect. */
function kthLargest(values: Float64Array, k: number): number {
  let [lo, hi] = [0, values.length - 1];
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    let [i, j] = [lo, hi];
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        [values[i], values[j]] = [values[j]!, values[i]!];
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return values[target]!;
  }
  return values[target]!;
}
