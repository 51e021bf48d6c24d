import { describe, expect, it } from 'vitest';
import type { IntelMerchant } from './intel.ts';
import {
  chartMonths, describeItem, intelDetailExport, intelListExport, intelPath, lastOrderPrice, lineSeries, marketIndex, nextSort, pageCount, pageOf,
  progressText, searchItems, visibleMerchants, DEFAULT_SORT,
} from './intel-rules.ts';

const m = (id: number, merchant: string, dcn: string | null, totalVolume: number): IntelMerchant => ({
  id, merchant, dcn, totalVolume, competitorVolume: 0, competitorVolumePerc: 0, distributorVolume: totalVolume, distributorVolumePerc: 1, noData: false, data: [],
});

describe('intel rules', () => {
  it('says how many merchants are loaded', () => expect(progressText(250, 5000)).toBe('250/5000 Merchants Loaded'));

  it('keeps intel pages and sends anything else to the list', () => {
    expect(['/intel/list', '/intel/graph', '/intel/linechart', '/intel/detail/7/competitive', '/intel/detail/7/distributor'].map(intelPath))
      .toEqual(['/intel/list', '/intel/graph', '/intel/linechart', '/intel/detail/7/competitive', '/intel/detail/7/distributor']);
    expect(['/intel/nonsense', '/intel', '/intel/detail/x/competitive', '/intel/detail/7/other'].map(intelPath)).toEqual(Array(4).fill('/intel/list'));
  });

  it('searches name or account number, case-insensitively; sorts by total volume, largest first', () => {
    const rows = [m(1, 'Blue Fin Grill', 'D-77', 10), m(2, 'Corner Bistro', null, 30), m(3, 'Blue Door', 'X-1', 20)];
    expect(visibleMerchants(rows, '', DEFAULT_SORT).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(visibleMerchants(rows, 'blue', DEFAULT_SORT).map((r) => r.id)).toEqual([3, 1]);
    expect(visibleMerchants(rows, 'd-77', DEFAULT_SORT).map((r) => r.id)).toEqual([1]);
    expect(visibleMerchants(rows, '', nextSort(DEFAULT_SORT, 'merchant')).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(nextSort(DEFAULT_SORT, 'totalVolume')).toEqual({ column: 'totalVolume', descending: false });
  });

  it('pages 16 / 8 / 4', () => {
    const rows = Array.from({ length: 40 }, (_, i) => i);
    expect([pageCount(40, 'list'), pageCount(40, 'graph'), pageCount(40, 'linechart'), pageCount(0, 'list')]).toEqual([3, 5, 10, 1]);
    expect(pageOf(rows, 3, 'list')).toEqual([32, 33, 34, 35, 36, 37, 38, 39]);
  });

  it('title-cases descriptions and cuts them at 96 characters plus an ellipsis', () => {
    expect(describeItem({ description: 'CHICKEN BRST BNLS 4/10 LB' })).toBe('Chicken Brst Bnls 4/10 Lb');
    const long = describeItem({ description: 'x'.repeat(120) });
    expect(long).toHaveLength(97);
    expect(long.endsWith('…')).toBe(true);
  });

  it('shows the Market Index as a range, or N/A when both bounds are 0', () => {
    expect(marketIndex({ startGuidanceRange: 1.5, endGuidanceRange: 2 })).toBe('$1.50 – $2.00');
    expect(marketIndex({ startGuidanceRange: 0, endGuidanceRange: 0 })).toBe('N/A');
    // No reported price and no Market Index: N/A, never "$0.00".
    expect(lastOrderPrice({ purchase: 0 })).toBe('N/A');
    expect(lastOrderPrice({ purchase: 12.5 })).toBe('$12.50');
  });

  it('searches detail items on description or manufacturer', () => {
    const items = [{ description: 'Milk', manufacturer: 'Dairy Co' }, { description: 'Bread', manufacturer: 'Bakery' }];
    expect(searchItems(items, 'DAIRY')).toEqual([items[0]]);
    expect(searchItems(items, 'brea')).toEqual([items[1]]);
  });

  it('line chart: the months up to the range’s end, at most 6 series with the rest as Others', () => {
    expect(chartMonths('2026-02-15', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    const points = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].flatMap((d, i) => [{ month: '2026-02', distributor: d, volume: 100 - i }]);
    const series = lineSeries(points, '2026-02-28', 3);
    expect(series.map((s) => s.id)).toEqual(['A', 'B', 'C', 'D', 'E', 'Others']);
    expect(series.at(-1)!.data).toEqual([{ x: '2025-12', y: 0 }, { x: '2026-01', y: 0 }, { x: '2026-02', y: 95 + 94 }]);
    expect(lineSeries(points.slice(0, 6), '2026-02-28', 3)).toHaveLength(6);
  });

  it('names exports for internal use only', () => {
    const range = { startDate: '2026-10-01', endDate: '2026-10-31' };
    expect(intelListExport([m(1, 'A', null, 1)], range)).toMatchObject({ fileName: 'Intel 2026-10-01 to 2026-10-31 For internal use only.csv' });
    expect(intelDetailExport(m(1, 'A', null, 1), 'competitive', range).fileName).toMatch(/For internal use only\.csv$/);
  });

  it("writes an account without a number as '--' (analytics spec, Merchant: dcn), missing or empty", () => {
    const range = { startDate: '2026-10-01', endDate: '2026-10-31' };
    const numbers = intelListExport([m(1, 'A', null, 1), m(2, 'B', '', 1), m(3, 'C', '10231', 1)], range).rows.map((r) => r['Account Number']);
    expect(numbers).toEqual(['--', '--', '10231']);
  });
});
