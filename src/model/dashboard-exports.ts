import type { DashboardResponse, LostVolumeResponse, MonthlyVolumeResponse } from './dashboard.ts';
import { exportFileName } from './csv-cells.ts';
import type { DateRange } from './date-range.ts';

/** The rows and file names of the internal admins' CSV exports (analytics spec §6). */

export interface CsvExport {
  fileName: string;
  rows: Record<string, unknown>[];
}

const period = (r: DateRange) => `${r.startDate} to ${r.endDate}`;

export const categoriesLostExport = (d: DashboardResponse, r: DateRange): CsvExport => ({
  fileName: exportFileName('Categories Lost to Competitors', period(r)),
  rows: d.lostItemCategories.map((c) => ({ Category: c.category, Volume: c.volume, 'Estimated Rebates': c.rebate })),
});

export const itemsLostExport = (d: DashboardResponse, r: DateRange): CsvExport => ({
  fileName: exportFileName('Items Lost to Competitors', period(r)),
  rows: d.lostItemDescriptions.map((i) => ({ Item: i.item, MIN: i.min, Volume: i.volume, 'Estimated Rebates': i.rebate })),
});

export const lostVolumeExport = (l: LostVolumeResponse): CsvExport => ({
  fileName: exportFileName('Customers With Lost Volume'),
  rows: l.data.map((x) => ({ Location: x.locationName, 'Two Months Ago': x.twoMonthsAgoPurchase, 'Last Month': x.lastMonthPurchase })),
});

export const monthlyVolumeExport = (m: MonthlyVolumeResponse['data']): CsvExport => ({
  fileName: exportFileName('Volume By Month'),
  rows: m.map((x) => ({ Month: x.month, Volume: x.totalPurchase })),
});
