import { describe, expect, it } from 'vitest';
import { largestFirst } from './radix-order.ts';

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
});
