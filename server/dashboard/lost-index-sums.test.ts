import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { figureColumns, holdsExactly, idColumn } from './exact-decimal.ts';
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
    // Whole parts in 32 bits, fractions (below 10^3) in 16, as the loader keeps such figures.
    figures: Array.from({ length: 6 }, (_, c) => (c % 2 ? Int16Array : Int32Array).from(columns.map((x) => x[c]!))), length: rows.length,
  };
}

describe('exact sums of whole parts and fractions', () => {
  const lost = houseLost(house([
    [1, '2026-03-01', 1, '0.999', '0.001', '-1.250'],
    [1, '2026-03-02', 1, '0.001', '0.002', '0.500'],
    [1, '2026-03-02', 2, '1.000', '0', '-0.001'],
    [2, '2026-03-01', 2, '1.001', '0.333', '0.002'],
  ]), [3, 3, 3], names);

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

describe('a house whose sums pass 2^52 units', () => {
  // 3,000 merchants' lines of 2,000,000,000.001 each on one day: 6 × 10^15 units of 0.001 in all,
  // past the 2^52 units one column takes, so the whole house's volume keeps two columns of totals.
  const rows = Array.from({ length: 3000 }, (_, m): Parameters<typeof house>[0][number] => [m + 1, '2026-03-01', 1, '2000000000.001', '0.5', '-1']);
  const lost = houseLost(house(rows), [3, 3, 3], names);

  it('still gives the exact sums, for the house and for a subset', () => {
    expect(lost.lost('all', '2026-03-01', '2026-03-01').items).toEqual([{ key: 'Beans', min: 'MIN-B', volume: 6000000000003, rebate: 1500, deviation: 0 }]);
    expect(lost.lost([1, 2], '2026-03-01', '2026-03-01').items).toEqual([{ key: 'Beans', min: 'MIN-B', volume: 4000000000.002, rebate: 1, deviation: 0 }]);
  });
});

describe('what a built house keeps', () => {
  it('lets go of the columns it needs only to build (merchant, day, item, category as read)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const build = () => {
      const rows = house([[1, '2026-03-01', 1, '1', '1', '1'], [2, '2026-03-02', 2, '2', '2', '2']]);
      return { lost: houseLost(rows, [3, 3, 3], names), read: [rows.merchant, rows.day, rows.item, rows.category].map((c) => new WeakRef(c)) };
    };
    const { lost, read } = build();
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(read.map((ref) => ref.deref())).toEqual([undefined, undefined, undefined, undefined]);
    expect(lost.lost('all', '2026-03-01', '2026-03-02').items).toHaveLength(2);
  });
});

describe('what the index holds, and in how many bits', () => {
  const stats = (scale: number, largest: string, total: string) => ({ scale, largest, total });

  it('holds a figure only when its whole parts fit 32 bits and every sum stays below 2^53', () => {
    expect(holdsExactly(stats(7, '2147483646.5', '1e6'), 1000)).toBe(true);
    expect(holdsExactly(stats(7, '2147483647', '1e6'), 1000)).toBe(false); // a whole part of 2^31 - 1: no margin left
    expect(holdsExactly(stats(3, '10', '9007199254740000'), 1000)).toBe(false); // the whole parts' sum
    expect(holdsExactly(stats(9, '10', '1000'), 2 ** 24)).toBe(false); // 2^24 fractions of up to 10^9
    expect(holdsExactly(stats(10, '1', '1'), 1)).toBe(false); // 10^10 units do not fit 32 bits
  });

  it('keeps whole parts and fractions in 16 bits where they fit, in 32 where they do not', () => {
    const kinds = (scale: number, largest: string) => figureColumns(stats(scale, largest, '0'), 2).map((c) => c.constructor.name);
    expect(kinds(3, '4451.40')).toEqual(['Int16Array', 'Int16Array']);
    expect(kinds(7, '231.81598')).toEqual(['Int16Array', 'Int32Array']);
    expect(kinds(2, '32767.99')).toEqual(['Int16Array', 'Int16Array']);
    expect(kinds(2, '32768')).toEqual(['Int32Array', 'Int16Array']);
    expect(kinds(5, '1')).toEqual(['Int16Array', 'Int32Array']);
    expect(idColumn(3, 65_536)).toBeInstanceOf(Uint16Array);
    expect(idColumn(3, 65_537)).toBeInstanceOf(Int32Array);
  });
});
