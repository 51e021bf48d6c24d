import type { Deps } from '../deps.ts';
import type { SellerMonth } from '../repositories/dashboard.ts';
import type { DashboardIndex } from './dashboard-index-load.ts';
import { monthsOf } from '../repositories/dashboard-range.ts';
import type { Selection } from '../scope/visible-merchants.ts';
import type { DashboardPayload, DashboardResponse } from '../../src/model/dashboard.ts';
import { assembleDashboard } from './assemble.ts';

export const nothingSelected = (s: Selection) => !s.all && s.merchantIds.length === 0;

/**
 * The dashboard numbers of a selection at data version `version`, uncached (POST /dashboard
 * caches them; the load-speed test times them). The volume by seller and month, the lost figures
 * and the volume per merchant come from the in-memory index of that version when it is built
 * (dashboard-memory.ts), else from the rollups in SQL: the same numbers.
 */
export async function computeDashboard(deps: Pick<Deps, 'dashboard' | 'dashboardMemory' | 'scope'>, selection: Selection, body: DashboardPayload, days: number, version: string): Promise<DashboardResponse> {
  const empty = nothingSelected(selection);
  const index = deps.dashboardMemory.serving(version, selection.distributorId);
  const { startDate: from, endDate: to } = body;
  const rolled = !empty && (index ? index.directory.rolled(selection.distributorId) : await deps.dashboard.hasAccountRollups(selection.distributorId));
  const inMemory = index?.houses.get(selection.distributorId);
  const merchantIds = selection.all ? (index?.directory.houseMerchants.get(selection.distributorId) ?? []) : selection.merchantIds;
  const [months, lost, byMerchant] = empty
    ? [[], { categories: [], items: [] }, []]
    : await Promise.all([
      sellerMonthsOf(deps, index, selection, from, to, rolled),
      inMemory?.lost(selection.all ? 'all' : selection.merchantIds, from, to) ?? deps.dashboard.lost(selection, from, to, rolled),
      index?.volumes?.byMerchant(merchantIds, from, to) ?? deps.dashboard.byMerchant(selection, from, to, rolled),
    ]);
  const sellerIds = [...new Set(months.map((r) => r.sellerId))];
  const sellers = index ? index.directory.sellers(sellerIds) : await deps.scope.distributors(sellerIds);
  return assembleDashboard({
    sellerMonths: months, lost, byMerchant, days,
    months: monthsOf(from, to),
    familyIds: selection.familyIds,
    sellerNames: new Map(sellers.map((d) => [d.id, d.nickname])),
    showRebates: body.showRebates === 1,
    showDeviations: body.showDeviations === 1,
  });
}

/**
 * Volume and rebate per seller and month of a (not empty) selection: from the index of the data
 * version when built, else from the rollups in SQL (`rolled`: the house has its own rollups).
 */
export async function sellerMonthsOf(
  deps: Pick<Deps, 'dashboard'>, index: DashboardIndex | null, selection: Selection, from: string, to: string, rolled: boolean,
): Promise<SellerMonth[]> {
  const merchantIds = selection.all ? (index?.directory.houseMerchants.get(selection.distributorId) ?? []) : selection.merchantIds;
  const inMemory = selection.all && rolled ? index?.sellers?.houseBySellerMonth(selection.distributorId, from, to) : index?.sellers?.bySellerMonth(merchantIds, from, to);
  return inMemory ?? deps.dashboard.bySellerMonth(selection, from, to, rolled);
}
