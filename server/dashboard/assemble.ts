// Turns rollup rows into the dashboard's numbers (domain guide, "The dashboard's numbers").
import type { DashboardResponse, LostVolumeResponse } from '../../src/model/dashboard.ts';
import type { LocationMonths, LostRow, MerchantVolume, SellerMonth } from '../repositories/dashboard.ts';

const cents = (n: number) => Math.round(n * 100) / 100;

export interface DashboardParts {
  sellerMonths: SellerMonth[];
  lost: { categories: LostRow[]; items: LostRow[] };
  byMerchant: MerchantVolume[];
  months: string[]; // every month of the range, 'YYYY-MM'
  days: number;
  familyIds: number[];
  sellerNames: Map<number, string>;
  showRebates: boolean;
  showDeviations: boolean;
}

export function assembleDashboard(p: DashboardParts): DashboardResponse {
  const family = new Set(p.familyIds);
  let total = 0;
  let own = 0;
  let rebates = 0;
  const perMonth = new Map(p.months.map((m) => [m, { own: 0, competitors: new Map<string, number>() }]));
  // A fixed order, so float sums (and their rounding to cents) never depend on row order.
  const rows = [...p.sellerMonths].sort((a, b) => a.month.localeCompare(b.month) || a.sellerId - b.sellerId);
  for (const row of rows) {
    total += row.volume;
    const month = perMonth.get(row.month)!;
    if (family.has(row.sellerId)) {
      own += row.volume;
      rebates += row.rebate;
      month.own += row.volume;
    } else {
      const name = p.sellerNames.get(row.sellerId) ?? `Distributor ${row.sellerId}`;
      month.competitors.set(name, (month.competitors.get(name) ?? 0) + row.volume);
    }
  }
  const lost = (r: LostRow) => ({
    volume: cents(r.volume),
    rebate: p.showRebates ? cents(r.rebate) : 0,
    deviation: p.showDeviations ? cents(r.deviation) : 0,
  });
  const totalRebates = p.showRebates ? rebates : 0;
  return {
    totalVolume: cents(total),
    competitorVolume: cents(total - own),
    totalRebates: cents(totalRebates),
    annualizedRebates: cents((totalRebates * 365) / p.days),
    lostItemCategories: p.lost.categories.map((r) => ({ category: r.key, ...lost(r) })),
    lostItemDescriptions: p.lost.items.map((r) => ({ item: r.key, min: r.min ?? '', ...lost(r) })),
    // Rounded in place: a whole house is 5,000 rows, made for this answer alone.
    volumeByMerchant: roundedVolumes(p.byMerchant),
    volumeByMonth: [...perMonth].map(([month, v]) => {
      const competitors = [...v.competitors].map(([name, volume]) => ({ name, volume: cents(volume) }))
        .sort((a, b) => b.volume - a.volume || a.name.localeCompare(b.name));
      return {
        month,
        distributor: cents(v.own),
        allCompVolume: cents([...v.competitors.values()].reduce((a, b) => a + b, 0)),
        competitors,
      };
    }),
  };
}

function roundedVolumes(rows: MerchantVolume[]): MerchantVolume[] {
  for (const row of rows) row.volume = cents(row.volume);
  return rows;
}

/** Locations whose own volume fell from two months ago to last month, largest fall first. */
export function assembleLostVolume(rows: LocationMonths[]): LostVolumeResponse {
  const fell = rows.filter((r) => r.last < r.previous).sort((a, b) => b.previous - b.last - (a.previous - a.last));
  return {
    data: fell.map((r) => ({ locationName: r.locationName, lastMonthPurchase: cents(r.last), twoMonthsAgoPurchase: cents(r.previous) })),
    totalLastMonthPurchase: cents(fell.reduce((a, r) => a + r.last, 0)),
    totalTwoMonthsAgoPurchase: cents(fell.reduce((a, r) => a + r.previous, 0)),
  };
}
