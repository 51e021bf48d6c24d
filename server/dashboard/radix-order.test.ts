import { describe, expect, it } from 'vitest';
import { largestFirst, topByValue } from './radix-order.ts';

/** What a comparator sort gives: largest first, ties in their original order. */
const byComparator = (values: number[]) => values.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v || a.i - b.i).map((x) => x.i);

describe('largestFirst', () => {
  it('orders as a comparator does: negatives, zeros, fractions, huge and tiny values, ties kept in order', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 50; round++) {
      const n = 1 + Math.floor(random() * 400);
      const pool = [0, -0, 1, -1, 0.5, 1e-300, -1e-300, 2 ** 53 - 1, -(2 ** 52), 123456.7891234, 1e15];
      const values = Array.from({ length: n }, () => (random() < 0.3 ? pool[Math.floor(random() * pool.length)]! : Math.round((random() - 0.2) * 1e12) / 1e7));
      expect([...largestFirst(Float64Array.from(values))]).toEqual(byComparator(values));
    }
  });

  it('handles nothing and one value', () => {
    expect([...largestFirst(new Float64Array(0))]).toEqual([]);
    expect([...largestFirst(Float64Array.from([5]))]).toEqual([0]);
  });

  it('takes the first k by the exact comparison from values a double cannot tell apart, ties by rank', () => {
    const big = 10n ** 20n;
    const exact = [big + 3n, big + 1n, big + 2n, big + 2n, 5n, big + 1n, 7n, 5n, big].map((value, rank) => ({ value, rank }));
    const byExact = (a: (typeof exact)[number], b: (typeof exact)[number]) => (a.value === b.value ? a.rank - b.rank : a.value > b.value ? -1 : 1);
    for (const k of [1, 2, 3, 4, 5, 8, 9, 20]) {
      const got = topByValue([...exact].reverse(), k, (x) => Number(x.value), byExact);
      expect(got.map((x) => x.rank)).toEqual([...exact].sort(byExact).slice(0, k).map((x) => x.rank));
    }
    let seed = 3;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const many = Array.from({ length: 3000 }, (_, rank) => ({ value: BigInt(Math.floor(random() * 50)) * big + BigInt(Math.floor(random() * 3)), rank }));
    expect(topByValue(many, 100, (x) => Number(x.value), byExact)).toEqual([...many].sort(byExact).slice(0, 100));
  });
});
