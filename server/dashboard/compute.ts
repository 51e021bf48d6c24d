import type { Deps } from '../deps.ts';
import { monthsOf } from '../repositories/dashboard-range.ts';
import type { Selection } from '../scope/visible-merchants.ts';
import type { DashboardPayload, DashboardResponse } from '../../src/model/dashboard.ts';
import { assembleDashboard } from './assemble.ts';

export const nothingSelected = (s: Selection) => !s.all && s.merchantIds.length === 0;

/**
 * The dashboard numbers of a selection at data version `version`, uncached (POST /dashboard
 * caches them; the load-speed test times them). The lost figures and the volume per merchant come
 * from the in-memory index of that version when it is built (dashboard-memory.ts), else from the
 * rollups in SQL: the same numbers.
 */
export async function computeDashboard(deps: Deps, selection: Selection, body: DashboardPayload, days: number, version: string): Promise<DashboardResponse> {
  const empty = nothingSelected(selection);
  const rolled = !empty && (await deps.dashboard.hasAccountRollups(selection.distributorId));
  const index = deps.dashboardMemory.at(version);
  const inMemory = index?.houses.get(selection.distributorId);
  const merchantIds = selection.all ? (index?.houseMerchants.get(selection.distributorId) ?? []) : selection.merchantIds;
  const [sellerMonths, lost, byMerchant] = empty
    ? [[], { categories: [], items: [] }, []]
    : await Promise.all([
      deps.dashboard.bySellerMonth(selection, body.startDate, body.endDate, rolled),
      inMemory?.lost(selection.all ? 'all' : selection.merchantIds, body.startDate, body.endDate)
        ?? deps.dashboard.lost(selection, body.startDate, body.endDate, rolled),
      index?.volumes?.byMerchant(merchantIds, body.startDate, body.endDate)
        ?? deps.dashboard.byMerchant(selection, body.startDate, body.endDate, rolled),
    ]);
  const sellers = await deps.scope.distributors([...new Set(sellerMonths.map((r) => r.sellerId))]);
  return assembleDashboard({
    sellerMonths, lost, byMerchant, days,
    months: monthsOf(body.startDate, body.endDate),
    familyIds: selection.familyIds,
    sellerNames: new Map(sellers.map((d) => [d.id, d.nickname])),
    showRebates: body.showRebates === 1,
    showDeviations: body.showDeviations === 1,
  });
}
