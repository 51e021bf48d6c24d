// The win-back list of everything a scope sees: the house-wide rollups when the scope is the
// whole house, else the visible merchants' lost items. Shared by POST /competitive/win-back and
// the digest (docs/digest.md), so both rank the same rows.
import { WINBACK_HOUSE_ROWS, type WinBackList } from '../../src/model/insights.ts';
import type { InsightsRepository } from '../repositories/insights.ts';
import type { ScopeRepository } from '../repositories/scope.ts';
import { visibleMerchantIds, type Scope } from '../scope/visible-merchants.ts';
import { winBackOf } from './assemble.ts';

export async function scopeWinBack(repos: { scope: ScopeRepository; insights: InsightsRepository }, scope: Scope, from: string, to: string): Promise<WinBackList> {
  const lost = (scope.all ? await repos.insights.lostItemsOfHouse(scope.distributorId, from, to, WINBACK_HOUSE_ROWS) : null)
    ?? await repos.insights.lostItemsOfMerchants(await visibleMerchantIds(repos.scope, scope), from, to, scope.familyIds, WINBACK_HOUSE_ROWS);
  // Rebates and deviations as of the range's end, like POST /match.
  return winBackOf(await repos.insights.withReplacements(lost, scope.distributorId, to));
}
