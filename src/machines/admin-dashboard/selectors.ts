import type { SnapshotFrom } from 'xstate';
import { dashDate, houseOptions, SELECT_DISTRIBUTOR, type AdminUserRow, type UserHouse } from '../../model/admin.ts';
import { Titles } from '../../model/session-user.ts';
import type { adminDashboardMachine } from './admin-dashboard.ts';
import type { adminDashboardPageMachine } from './admin-dashboard-page.ts';
import type { adminUserEditMachine } from './admin-user-edit.ts';

/** What the admin dashboard shows (accounts spec §2.11), read from its machines' snapshots. */

export { FAMILY } from './users-export.ts';
export { SELECT_DISTRIBUTOR, Titles };

type EditSnapshot = SnapshotFrom<typeof adminUserEditMachine>;

/** A date column: 'MM-DD-YYYY', or 'No Data' when there is none. */
export const adminDate = (iso: string | null) => (iso ? dashDate(iso) : 'No Data');

/** The houses the user has: from the family's houses once loaded, else those the row carries. */
export function selectUserHouses(s: EditSnapshot): readonly UserHouse[] {
  const { allHouses, form, user } = s.context;
  return allHouses.length > 0 ? allHouses.filter((h) => form.houses.includes(h.id)) : (user?.houses ?? []);
}

/** The houses offered to add: the active house's (or the whole family's), less those the user has. */
export function selectHouseChoices(s: EditSnapshot): UserHouse[] {
  const { allHouses, form, user, includeFamily } = s.context;
  return houseOptions(allHouses, user?.activeDistributorId ?? null, includeFamily).filter((h) => !form.houses.includes(h.id));
}
export const sameHouses = (a: readonly UserHouse[], b: readonly UserHouse[]) => a.length === b.length && a.every((h, i) => h === b[i]);

type PickerSnapshot = SnapshotFrom<typeof adminDashboardMachine>;

export const selectUserSearch = (s: PickerSnapshot) => s.context.search;
/** The users table: the house's users whose name or email holds the search; none until a house is picked. */
export function selectUsersShown(s: PickerSnapshot): AdminUserRow[] {
  if (!s.matches('showingUsers') && !s.matches('loadingUsers')) return [];
  const q = s.context.search.trim().toLowerCase();
  return s.context.users.filter((u) => `${u.contactName} ${u.email}`.toLowerCase().includes(q));
}

export { sameView } from '../shell/selectors.ts';

/** The page's running dashboard; none for a visitor (who gets the sign-in form). */
export const selectDashboard = (s: SnapshotFrom<typeof adminDashboardPageMachine>) => s.children.dashboard;
export const selectEditPanel = (s: PickerSnapshot) => s.children.edit!;
export const selectInvite = (s: PickerSnapshot) => s.children.invite!;
export const selectExporter = (s: PickerSnapshot) => s.children.exporter!;
export const selectLoginAs = (s: PickerSnapshot) => s.children.loginAs!;

/** The picker, buttons and messages of the admin dashboard (spec §2.11), as plain data. */
export function selectAdminDashboardView(s: PickerSnapshot) {
  const { parents, parentId, children, childId, error } = s.context;
  const child = children.find((c) => c.id === childId) ?? null;
  return {
    parents,
    parentId: parentId === null ? null : String(parentId),
    parentPlaceholder: s.matches('loadingParents') ? 'Loading…' : 'Pick a distributor',
    children,
    childId: childId === null ? null : String(childId),
    childPlaceholder: s.matches('loadingChildren') ? 'Loading…' : parentId === null ? 'Pick a distributor first' : 'Pick a house',
    error,
    /** The distributors failed to load: the message offers a reload. */
    retry: s.can({ type: 'adminDashboard.retried' }),
    /** Export Users: for the chosen parent. */
    exportFor: parentId,
    /** Invite User: for the chosen house, when it has a referred partner. */
    inviteHouse: child?.referredPartnerId == null ? null : child,
    emptyText: s.matches('loadingUsers') ? 'Loading users…' : s.matches('showingUsers') ? 'No users' : SELECT_DISTRIBUTOR,
  };
}
