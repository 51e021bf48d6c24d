import dayjs from 'dayjs';
import type { Locations, UpdateUserPayload } from './account.ts';
import { Titles, type Title } from './session-user.ts';

/**
 * Who may manage which users (accounts spec §2.4, §6). Pure rules shared by the server, which
 * enforces them, and the client, which hides what they refuse.
 *
 * "Family" is the family of the house being managed (the manager's active distributor); a
 * target belongs to the family of its channel partner. Internal admins are GPO staff, not users
 * of a house: only other internal admins may manage them.
 */

export interface Manager {
  id: number;
  title: Title | null;
  internalAdmin: boolean;
  /** An internal admin logged in as this user (§6): the roles they may give are an internal admin's. */
  actingAdmin?: boolean;
}

export interface Managed {
  id: number;
  title: Title | null;
  internalAdmin: boolean;
  /** The family head of the user's channel partner; null without one. */
  familyRootId: number | null;
}

/** The Admin role is the one with value 5 (spec §9). */
export const ADMIN_ROLE_VALUE = 5;
export const ROLE_VALUES: Record<Title, number> = {
  'Admin': ADMIN_ROLE_VALUE,
  'Leadership': 1,
  'District Manager': 2,
  'Distributor Rep': 3,
  'Operations': 4,
};

const LEADERS: readonly (Title | null)[] = ['Admin', 'Leadership'];
/** Roles that edit no one but (for some) themselves. */
const SELF_ONLY: readonly (Title | null)[] = ['District Manager', 'Operations'];

/** Invite User: internal admins, or any role but Distributor Rep (a user with no role neither). */
export const mayInvite = (me: Manager): boolean =>
  me.internalAdmin || (me.title !== null && me.title !== 'Distributor Rep');

/**
 * The roles `me` may give. Admin: internal admins only (§6). Leadership sees every location, so
 * only leaders (and internal admins) may make someone a leader; otherwise a District Manager
 * could invite a user who sees more than they do.
 */
export function assignableTitles(me: Manager): Title[] {
  if (me.internalAdmin || me.actingAdmin) return [...Titles];
  return Titles.filter((t) => t !== 'Admin' && (t !== 'Leadership' || LEADERS.includes(me.title)));
}

export const mayAssignTitle = (me: Manager, title: Title): boolean => assignableTitles(me).includes(title);

function inFamily(me: Manager, managedFamilyRootId: number | null, target: Managed): boolean {
  if (target.internalAdmin && !me.internalAdmin) return false;
  return managedFamilyRootId !== null && target.familyRootId === managedFamilyRootId;
}

/**
 * The row edit rule of §2.4: internal admins; a role other than District Manager, Operations or
 * Distributor Rep for users of the family; a District Manager or Operations their own row only.
 */
export function mayEdit(me: Manager, managedFamilyRootId: number | null, target: Managed): boolean {
  if (!inFamily(me, managedFamilyRootId, target)) return false;
  if (me.internalAdmin) return true;
  if (target.id === me.id) return me.title !== 'Distributor Rep' && me.title !== null;
  return me.title !== null && me.title !== 'Distributor Rep' && !SELF_ONLY.includes(me.title);
}

/** The access a user holds: the flags that open areas, and the houses they may act for. */
export interface Access {
  displayIntel: boolean;
  displayPaymentInfo: boolean;
  displayInvoice: boolean;
  isMultiHouse: boolean;
  houseIds: readonly number[];
}

const FLAG_LABELS = {
  displayIntel: 'Intel',
  displayPaymentInfo: 'Payment Info',
  displayInvoice: 'Invoice Scanning',
  isMultiHouse: 'Multi House',
} as const;
type Flag = keyof typeof FLAG_LABELS;
const FLAGS = Object.keys(FLAG_LABELS) as Flag[];

/** The flags being given that the giver does not hold (nobody grants what they lack). */
export function flagsBeyond(held: Access, given: Partial<Record<Flag, boolean>>): string[] {
  return FLAGS.filter((f) => given[f] === true && !held[f]).map((f) => FLAG_LABELS[f]);
}

export const grantRefusal = (labels: readonly string[]) => `You may not give access you do not have yourself: ${labels.join(', ')}.`;

/** Whether `target` holds a flag or a house that `me` lacks: then `me` may not edit them. */
export const holdsBeyond = (target: Access, me: Access): boolean =>
  FLAGS.some((f) => target[f] && !me[f]) || target.houseIds.some((h) => !me.houseIds.includes(h));

/**
 * The edit rule with access taken into account: besides §2.4's row rule, nobody but an internal
 * admin edits a colleague who holds more than they do (their email, then a reset, would hand
 * that access over).
 */
export function mayEditHolding(me: Manager, myAccess: Access, managedFamilyRootId: number | null, target: Managed, targetAccess: Access): boolean {
  if (!mayEdit(me, managedFamilyRootId, target)) return false;
  return me.internalAdmin || target.id === me.id || !holdsBeyond(targetAccess, myAccess);
}

/** Approve or reject sign-ups (accounts spec §2.4): internal admins, and Admin and Leadership of the family. */
export const mayApprove = (me: Manager): boolean => me.internalAdmin || LEADERS.includes(me.title);

/** Deactivate: internal admins, Admin and Leadership, within the family, never oneself. */
export function mayDeactivate(me: Manager, managedFamilyRootId: number | null, target: Managed): boolean {
  if (target.id === me.id || !inFamily(me, managedFamilyRootId, target)) return false;
  return me.internalAdmin || LEADERS.includes(me.title);
}

/** What an edit would change, compared with the user as stored. */
export interface EditableUser {
  email: string;
  title: Title | null;
  displayPaymentInfo: boolean;
  inviteAll: boolean;
  /** Assigned merchant ids. */
  locations: readonly number[];
}

export type EditedField = 'email' | 'title' | 'displayPaymentInfo' | 'inviteAll' | 'locations';

/** The merchant ids a Locations list names (none for [] and ['NONE']). */
export const locationIds = (locations: Locations): number[] =>
  [...new Set(locations.filter((l) => l !== 'NONE').map(Number))].sort((a, b) => a - b);

/** The Locations list to send (§5): [] with Invite To All, ['NONE'] when none chosen, else the ids. */
export const locationsToSend = (inviteAll: boolean, ids: readonly number[]): Locations =>
  inviteAll ? [] : ids.length === 0 ? ['NONE'] : [...new Set(ids)].sort((a, b) => a - b).map(String);

/** A Locations list that says one thing: [] only with Invite To All, 'NONE' alone. */
export function locationsProblem(inviteAll: boolean, locations: Locations): string | null {
  if (inviteAll !== (locations.length === 0)) return 'locations must be [] exactly when Invite To All is on.';
  if (locations.includes('NONE') && locations.length > 1) return "locations must be ['NONE'] alone or merchant ids.";
  return null;
}

export function changedFields(before: EditableUser, after: UpdateUserPayload): EditedField[] {
  const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const changed: EditedField[] = [];
  if (before.email.toLowerCase() !== after.email.toLowerCase()) changed.push('email');
  if (before.title !== after.title) changed.push('title');
  if (before.displayPaymentInfo !== after.displayPaymentInfo) changed.push('displayPaymentInfo');
  if (before.inviteAll !== after.inviteAll) changed.push('inviteAll');
  if (!after.inviteAll && !sameIds([...before.locations].sort((a, b) => a - b), locationIds(after.locations))) changed.push('locations');
  return changed;
}

/**
 * A self-edit (anyone but an internal admin editing their own row) may change only the email:
 * a new role, other locations, Invite To All or the payment-info flag would let a user raise
 * their own access.
 */
export const SELF_EDITABLE: readonly EditedField[] = ['email'];

export function selfEditRefusal(me: Manager, targetId: number, changed: readonly EditedField[]): string | null {
  if (me.internalAdmin || me.id !== targetId) return null;
  const refused = changed.filter((f) => !SELF_EDITABLE.includes(f));
  return refused.length === 0 ? null : `You may not change your own ${refused.map((f) => FIELD_LABELS[f]).join(', ')}.`;
}

const FIELD_LABELS: Record<EditedField, string> = {
  email: 'email',
  title: 'role',
  displayPaymentInfo: 'payment information access',
  inviteAll: 'Invite To All',
  locations: 'locations',
};

/** Users table dates (§9): MM/DD/YYYY, or 'No Data'. */
export const formatUserDate = (iso: string | null): string => (iso ? dayjs(iso).format('MM/DD/YYYY') : 'No Data');

/** The search box of §2.4: name or email contains the text, case-insensitively. */
export const matchesUserSearch = (user: { contactName: string; email: string }, text: string): boolean => {
  const q = text.trim().toLowerCase();
  return q === '' || user.contactName.toLowerCase().includes(q) || user.email.toLowerCase().includes(q);
};

export const invitedMessage = (name: string, email: string) => `${name} has been invited. The invitation goes to ${email}.`;
export const USER_UPDATED = 'User updated successfully!';
export const USER_DEACTIVATED = 'User Deactivated!';
export const SOMETHING_WENT_WRONG = 'Something went wrong!';
export const INVITE_FAILED = 'Error occured while inviting user';
export const LOCATIONS_LOAD_FAILED = "Couldn't load location list for this user. Update failed.";
export const EMAIL_TAKEN = 'A user with this email already exists.';
export const DEACTIVATE_WARNING = 'loses access to the portal and is signed out on all devices';
export const NO_DISTRIBUTOR_USERS = 'Select Distributor to Display Users';
export const USER_APPROVED = 'Approved: they can log in now, and were told by email.';
export const USER_REJECTED = 'Declined: they were told by email.';
