import * as t from 'io-ts';
import { ContactName, Locations, SiteUrl } from './account.ts';
import { Email, Id, IdText, boundedString, pattern } from './codec.ts';
import { Title } from './session-user.ts';

/**
 * The internal admins' calls (accounts spec §2.9–2.11, §3, §7): the admin dashboard's user list,
 * editor and invite, the admin panel's user editor. Shared by the server and the screens.
 */

/** A distributor as the admin pickers list it; referredPartnerId gates the admin invite. */
export const AdminHouse = t.type({
  id: t.number,
  platform_id: t.string,
  nickname: t.string,
  parent_id: t.union([t.number, t.null]),
  referredPartnerId: t.union([t.number, t.null]),
});
export type AdminHouse = t.TypeOf<typeof AdminHouse>;
export const AdminHouses = t.array(AdminHouse);

/** A house of a user, in the admin lists. */
export const UserHouse = t.type({ id: t.number, nickname: t.string, parent_id: t.union([t.number, t.null]) });
export type UserHouse = t.TypeOf<typeof UserHouse>;

/** A row of the admin dashboard's users table (and of UsersExport.csv). */
export const AdminUserRow = t.type({
  id: t.number,
  contactName: t.string,
  email: t.string,
  title: t.union([Title, t.null]),
  distributor: t.string,
  createdDate: t.string,
  lastLoginDateTime: t.union([t.string, t.null]),
  displayIntel: t.boolean,
  displayPaymentInfo: t.boolean,
  displayInvoice: t.boolean,
  isMultiHouse: t.boolean,
  activeDistributorId: t.union([t.number, t.null]),
  houses: t.array(UserHouse),
});
export type AdminUserRow = t.TypeOf<typeof AdminUserRow>;
export const AdminUserList = t.array(AdminUserRow);

/**
 * GET /admin/users?distributorId=N[&family=1]: the users of a house, or of the whole family of a
 * parent; without a distributor, every distributor's users (the admin panel's user picker).
 */
export const AdminUsersQuery = t.partial({ distributorId: IdText, family: t.keyof({ '0': null, '1': null }) });
export type AdminUsersQuery = t.TypeOf<typeof AdminUsersQuery>;

export const AdminPassword = boundedString('6 to 20 characters', 6, 20);

/**
 * PATCH /admin/user/{id}: what the admin dashboard's Edit User panel and the admin panel's user
 * editor change; each sends only its own fields. `houses` replaces the user's houses and must
 * keep the active one.
 */
export const AdminUserPatch = t.partial({
  email: Email,
  contactName: ContactName,
  title: Title,
  password: AdminPassword,
  displayIntel: t.boolean,
  displayPaymentInfo: t.boolean,
  displayInvoice: t.boolean,
  isMultiHouse: t.boolean,
  houses: t.array(Id),
});
export type AdminUserPatch = t.TypeOf<typeof AdminUserPatch>;

/** POST /admin/user/invite: the admin invite payload of §3. */
export const AdminInvitePayload = t.type({
  contactName: ContactName,
  email: Email,
  title: Title,
  locations: Locations,
  displayIntel: t.boolean,
  displayPaymentInfo: t.boolean,
  displayInvoice: t.boolean,
  isMultiHouse: t.boolean,
  distributorId: Id,
  referredPartnerId: Id,
  siteUrl: SiteUrl,
});
export type AdminInvitePayload = t.TypeOf<typeof AdminInvitePayload>;

export const ACTIVE_HOUSE_KEPT = 'The active house cannot be removed.';
export const CONFIRM_PASSWORD_MISMATCH = "Confirm password doesn't match";
export const USER_SAVED = 'User Saved';
export const SAVE_FAILED = 'Failed to save user';
export const DEACTIVATE_FAILED = 'Failed to deactivate user';
export const USERS_LOAD_FAILED = 'Failed to get the list of users';
export const DISTRIBUTORS_LOAD_FAILED = 'Failed to get the list of distributors';
export const INVITE_FAILED = 'Failed to invite user';
export const PASSWORD_RESET_OK = "User's password has been changed successfully.";
export const USER_UPDATED_OK = 'User updated successfully!';
export const NO_REFERRED_PARTNER = 'This house has no referred partner to invite for.';
export const ADMIN_TARGET_REFUSED = 'Internal admins are not edited here.';
export const SELECT_DISTRIBUTOR = 'Select Distributor to Display Users';

/**
 * The houses the Edit User panel offers (spec §4 Include family): with the toggle, every child of
 * the family's parent; without it, the user's own houses: the active one and those outside its family.
 */
export function houseOptions(all: readonly UserHouse[], activeId: number | null, includeFamily: boolean): UserHouse[] {
  const active = all.find((h) => h.id === activeId);
  const root = active ? (active.parent_id ?? active.id) : null;
  if (includeFamily) return all.filter((h) => root !== null && h.parent_id === root);
  return all.filter((h) => h.id === activeId || (h.parent_id ?? h.id) !== root);
}

/** The user's houses without one, unless it is the active house (which stays). */
export function withoutHouse(houses: readonly number[], id: number, activeId: number | null): number[] {
  return id === activeId ? [...houses] : houses.filter((h) => h !== id);
}

/** UsersExport.csv (spec §3): one row per user, dates MM-DD-YYYY, houses joined by '; '. */
export const USERS_EXPORT_COLUMNS = ['Distributor', 'Name', 'Email', 'Role', 'Intel', 'Payment Info', 'Created Date', 'Last Login Date', 'Houses'] as const;

export function usersExportRows(users: readonly AdminUserRow[]): string[][] {
  const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
  return users.map((u) => [
    u.distributor, u.contactName, u.email, u.title ?? '', yesNo(u.displayIntel), yesNo(u.displayPaymentInfo),
    dashDate(u.createdDate), u.lastLoginDateTime ? dashDate(u.lastLoginDateTime) : 'No Data', u.houses.map((h) => h.nickname).join('; '),
  ]);
}

/** MM-DD-YYYY (spec §9, admin dashboard dates), in UTC so every viewer reads the same day. */
export function dashDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}-${d.getUTCFullYear()}`;
}

/** `?userId=` of the load-speed test (analytics spec §7) with the admin's email and how many runs. */
export const LoadSpeedQuery = t.type({
  userId: IdText,
  adminEmail: Email,
  amountOfReqsToMake: pattern('a number from 1 to 50', /^([1-9]|[1-4]\d|50)$/),
});
export type LoadSpeedQuery = t.TypeOf<typeof LoadSpeedQuery>;
export const LoadSpeeds = t.type({ timingsMs: t.array(t.number) });
export type LoadSpeeds = t.TypeOf<typeof LoadSpeeds>;

/** UsersExport.csv as the CSV writer takes it: one object per row, keyed by the column headers. */
export function usersExport(users: readonly AdminUserRow[]) {
  return {
    fileName: 'UsersExport.csv',
    rows: usersExportRows(users).map((cells) => Object.fromEntries(USERS_EXPORT_COLUMNS.map((c, i) => [c, cells[i]]))),
  };
}
