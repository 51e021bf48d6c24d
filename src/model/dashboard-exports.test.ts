import { describe, expect, it } from 'vitest';
import { sampleDashboard } from '../machines/dashboard/dashboard-samples.ts';
import { categoriesLostExport, itemsLostExport, lostVolumeExport, monthlyVolumeExport } from './dashboard-exports.ts';

const range = { startDate: '2026-10-01', endDate: '2026-10-31' };

describe('dashboard CSV exports', () => {
  it('every file is marked for internal use', () => {
    const names = [
      categoriesLostExport(sampleDashboard, range),
      itemsLostExport(sampleDashboard, range),
      lostVolumeExport({ data: [], totalLastMonthPurchase: 0, totalTwoMonthsAgoPurchase: 0 }),
      monthlyVolumeExport([]),
    ].map((e) => e.fileName);
    for (const name of names) expect(name).toMatch(/ For internal use only\.csv$/);
    expect(names[0]).toBe('Categories Lost to Competitors 2026-10-01 to 2026-10-31 For internal use only.csv');
  });

  it('holds the rows the cards show', () => {
    expect(itemsLostExport(sampleDashboard, range).rows).toEqual([
      { Item: 'Whole Milk 4/1 GAL', MIN: 'MIN-1', Volume: 900, 'Estimated Rebates': 25 },
    ]);
    expect(monthlyVolumeExport([{ month: '2026-10', totalPurchase: 12.5 }]).rows).toEqual([{ Month: '2026-10', Volume: 12.5 }]);
  });
});
