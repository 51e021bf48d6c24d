// Invoice scanning follows the rule of every other area (domain guide, "Merchant of D"): a user
// acts for the houses they belong to. Leaders (Admin, Leadership) and internal admins keep the
// family-wide view of their active house's family; everyone else sees the invoices of the
// family's houses they may act for, so a Portland-only user never reads a Boston invoice.
import type { Scope } from './visible-merchants.ts';
import { isLeader, mayActFor } from './visible-merchants.ts';

/** The houses whose invoices the caller may read, change and delete. */
export function invoiceHouses(scope: Scope): number[] {
  const me = scope.caller;
  if (me.internalAdmin || isLeader(me)) return scope.familyIds;
  return scope.familyIds.filter((house) => mayActFor(me, house));
}
