// Who may act for a house and see its users (accounts spec §2, View As, the house selector).
import { forbidden, notFound } from '../http/errors.ts';
import type { DistributorRow, ScopeUser } from '../repositories/scope.ts';
import { isLeader, mayActFor } from '../scope/visible-merchants.ts';
import type { Refusal } from './refusal.ts';

export const NO_HOUSE = 'You have no distributor to act for.';
export const NOT_YOUR_USERS = 'You may not see the users of this distributor.';

export const housePolicy = {
  /** Acting at all needs an active house (one the caller may act for). */
  acting: (active: unknown): Refusal => (active ? null : forbidden(NO_HOUSE)),

  /** Switching to a house: internal admins any, others their own houses. */
  actFor: (me: ScopeUser, distributorId: number): Refusal => (mayActFor(me, distributorId) ? null : forbidden('You may not act for this distributor.')),

  /**
   * Listing a house's users is for those who may view as them: its Admin/Leadership, or internal
   * admins. Only internal admins learn that a house does not exist; others get the same 403.
   */
  listUsers(me: ScopeUser, house: DistributorRow | null): Refusal {
    if (!house) return me.internalAdmin ? notFound('No such distributor.') : forbidden(NOT_YOUR_USERS);
    const allowed = mayActFor(me, house.id) && (me.internalAdmin || (isLeader(me) && me.familyRootId === (house.parent_id ?? house.id)));
    return allowed ? null : forbidden(NOT_YOUR_USERS);
  },
};
