import { describe, expect, it } from 'vitest';
import { dayNumber, houseLost, type HouseRows, type Names } from './lost-index.ts';

// Two items of one category, bought by merchants 1 and 2; figures at 3 decimals as whole + fraction.
const names: Names = {
  itemMin: ['', 'MIN-B', 'MIN-A'], itemDescription: ['', 'Beans', 'Apples'], itemRank: Int32Array.from([0, 1, 0]),
  categoryName: ['', 'Produce'], categoryRank: Int32Array.from([0, 0]),
};
const figure = (x: string) => {
  const [whole, fraction = ''] = x.split('.');
  const sign = x.startsWith('-') ? -1 : 1;
  return [Number(whole), sign * Number(fraction.padEnd(3, '0'))];
};
function house(rows: [merchant: number, day: string, item: number, volume: string, rebate: string, deviation: string][]): HouseRows {
  const columns = rows.map(([, , , v, r, d]) => [...figure(v), ...figure(r), ...figure(d)]);
  return {
    merchant: Int32Array.from(rows.map((r) => r[0])), day: Int32Array.from(rows.map((r) => dayNumber(r[1]))),
    item: Int32Array.from(rows.map((r) => r[2])), category: Int32Array.from(rows.map(() => 1)),
    figures: Array.from({ length: 6 }, (_, c) => Int32Array.from(columns.map((x) => x[c]!))), length: rows.length,
  };
}

describe('exact sums of whole parts and fractions', () => {
  const lost = houseLost(house([
    [1, '2026-03-01', 1, '0.999', '0.001', '-1.250'],
    [1, '2026-03-02', 1, '0.001', '0.002', '0.500'],
    [1, '2026-03-02', 2, '1.000', '0', '-0.001'],
    [2, '2026-03-01', 2, '1.001', '0.333', '0.002'],
  ]), 3, names);

  it('carries fractions into whole parts and gives the decimal\'s double', () => {
    expect(lost.lost([1], '2026-03-01', '2026-03-02').items).toEqual([
      // Beans and Apples tie at 1.000: by MIN, as the SQL orders them.
      { key: 'Apples', min: 'MIN-A', volume: 1, rebate: 0, deviation: 0 },
      { key: 'Beans', min: 'MIN-B', volume: 1, rebate: 0.003, deviation: 0 }, // -0.75 saved: none
    ]);
    expect(lost.lost('all', '2026-03-01', '2026-03-02')).toEqual({
      categories: [{ key: 'Produce', volume: 3.001, rebate: 0.336, deviation: 0 }],
      items: [
        { key: 'Apples', min: 'MIN-A', volume: 2.001, rebate: 0.333, deviation: 0.001 },
        { key: 'Beans', min: 'MIN-B', volume: 1, rebate: 0.003, deviation: 0 },
      ],
    });
  });

  it('reads only the days of the range, and each merchant once', () => {
    expect(lost.lost([1, 1], '2026-03-02', '2026-03-02').items.map((i) => [i.key, i.volume, i.deviation]))
      .toEqual([['Apples', 1, 0], ['Beans', 0.001, 0.5]]);
    expect(lost.lost([2, 3], '2026-03-02', '2026-12-31')).toEqual({ categories: [], items: [] });
    expect(lost.lost('all', '2025-01-01', '2026-02-28')).toEqual({ categories: [], items: [] });
  });
});
