// Who may see and change which users (accounts spec §2.4, §6, §7). The rules themselves are pure
// and shared with the client (src/model/user-permissions.ts, server/scope/visible-merchants.ts):
// here each becomes the answer a request gets.
import { ADMIN_TARGET_REFUSED } from '../../src/model/admin.ts';
import type { UpdateUserPayload } from '../../src/model/account.ts';
import {
  flagsBeyond, grantRefusal, mayAssignTitle, mayDeactivate, mayEditHolding, selfEditRefusal,
  type Access, type EditedField, type Managed, type Manager,
} from '../../src/model/user-permissions.ts';
import type { Title } from '../../src/model/session-user.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { ScopeUser } from '../repositories/scope.ts';
import { mayImpersonate } from '../scope/visible-merchants.ts';
import type { Refusal } from './refusal.ts';

export const ADMIN_ROLE = 'Only internal admins may give the Admin role.';
export const ROLE_REFUSED = 'You may not give this role.';
export const INTERNAL_FLAGS = 'Only internal admins may give invoice scanning or several houses.';
export const DEACTIVATED = 'This account has been deactivated. Ask your administrator for access.';

const first = (...refusals: Refusal[]): Refusal => refusals.find((r) => r !== null) ?? null;
const title = (me: Manager, given: Title): Refusal => (mayAssignTitle(me, given) ? null : forbidden(given === 'Admin' ? ADMIN_ROLE : ROLE_REFUSED));

export const userPolicy = {
  /** Managing users needs a managed record of one's own (its access bounds what one may give). */
  manage: (myAccess: Access | undefined): Refusal => (myAccess ? null : forbidden('You may not manage users.')),

  /** A user to edit or deactivate that does not exist: internal admins learn so, others get the refusal they would get anyway. */
  missing: (me: Manager, refusal: string): Refusal => (me.internalAdmin ? notFound('No such user.') : forbidden(refusal)),

  /** An invitation: a role one may give, invoice scanning and several houses from internal admins only, no flag one lacks. */
  invite(me: Manager, myAccess: Access, body: { title: Title; displayInvoice: boolean; isMultiHouse: boolean; displayIntel: boolean; displayPaymentInfo: boolean }): Refusal {
    const beyond = me.internalAdmin ? [] : flagsBeyond(myAccess, body);
    return first(
      title(me, body.title),
      !me.internalAdmin && (body.displayInvoice || body.isMultiHouse) ? forbidden(INTERNAL_FLAGS) : null,
      beyond.length > 0 ? forbidden(grantRefusal(beyond)) : null,
    );
  },

  /** An edit (the Edit User panel): the row rule of §2.4, one's own fields, flags one holds, a role one may give. */
  edit(me: Manager, myAccess: Access, familyRoot: number | null, user: Managed & { access: Access }, changed: readonly EditedField[], body: UpdateUserPayload): Refusal {
    if (!mayEditHolding(me, myAccess, familyRoot, user, user.access)) return forbidden('You may not edit this user.');
    const self = selfEditRefusal(me, user.id, changed);
    const beyond = me.internalAdmin || !changed.includes('displayPaymentInfo') ? [] : flagsBeyond(myAccess, { displayPaymentInfo: body.displayPaymentInfo });
    return first(
      self ? forbidden(self) : null,
      beyond.length > 0 ? forbidden(grantRefusal(beyond)) : null,
      changed.includes('title') ? title(me, body.title) : null,
    );
  },

  /** Deciding a sign-up: only for a family one manages. */
  decide: (familyRoot: number | null): Refusal => (familyRoot === null ? forbidden('You may not decide on this sign-up.') : null),

  deactivate: (me: Manager, familyRoot: number | null, user: Managed): Refusal =>
    mayDeactivate(me, familyRoot, user) ? null : forbidden('You may not deactivate this user.'),

  /** Another user's houses or locations: oneself, a leader of their family, or an internal admin. */
  seeAccessOf: (me: ScopeUser, target: ScopeUser | null, what: 'houses' | 'locations'): Refusal =>
    target && (target === me || mayImpersonate(me, target)) ? null : forbidden(`You may not see this user's ${what}.`),

  /** Session history: one's own, or anyone's for internal admins. */
  sessionsOf: (me: { id: number; internalAdmin: boolean }, userId: number): Refusal =>
    userId === me.id || me.internalAdmin ? null : forbidden('You may only see your own sessions.'),

  /** The admin screens change distributor users, never GPO staff. */
  adminEdit: (user: Managed): Refusal => (user.internalAdmin ? forbidden(ADMIN_TARGET_REFUSED) : null),

  /** A reset or invitation link does not bring back a deactivated account. */
  setPassword: (active: boolean): Refusal => (active ? null : forbidden(DEACTIVATED)),
};
