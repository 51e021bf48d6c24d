import type { SnapshotFrom } from 'xstate';
import { dashDate, houseOptions, SELECT_DISTRIBUTOR, type AdminHouse, type AdminUserRow, type UserHouse } from '../../model/admin.ts';
import { Titles } from '../../model/session-user.ts';
import type { adminDashboardMachine } from './admin-dashboard.ts';
import type { adminDashboardPageMachine } from './admin-dashboard-screen.ts';
import type { adminInviteMachine } from './admin-invite.ts';
import type { adminUserEditMachine } from './admin-user-edit.ts';
import type { loginAsMachine } from './login-as.ts';
import { FAMILY, type ExportChoice, type usersExportMachine } from './users-export.ts';

/** What the admin dashboard shows (accounts spec §2.11), read from its machines' snapshots. */

export { FAMILY };
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

// ---- The Edit User panel -------------------------------------------------------------------------

/** The Edit User panel (spec §2.11): its form, the user's houses, what may be pressed, its messages. */
export function selectEditUserView(s: EditSnapshot) {
  const { user, form, includeFamily, error, done } = s.context;
  const saving = s.matches('saving');
  const deactivating = s.matches('deactivating');
  const busy = saving || deactivating;
  return {
    opened: !s.matches('closed'),
    title: `Edit User${user ? `: ${user.contactName}` : ''}`,
    error,
    done,
    form,
    includeFamily,
    housePlaceholder: s.matches('loadingHouses') ? 'Loading…' : 'Pick a house',
    /** Houses can be added once the family's houses are loaded, and not while saving. */
    addEnabled: s.matches('editing'),
    saving,
    saveDisabled: busy || s.matches('loadingHouses'),
    deactivating,
    deactivateDisabled: busy,
  };
}

/** The user's houses as the panel lists them: the active one is marked, the others can be removed. */
export function selectUserHouseRows(s: EditSnapshot) {
  const activeId = s.context.user?.activeDistributorId ?? null;
  return selectUserHouses(s).map((h) => ({ id: h.id, nickname: h.nickname, active: h.id === activeId }));
}

/** The 'Add a house' options. */
export const selectHouseOptions = (s: EditSnapshot) => selectHouseChoices(s).map((h) => ({ value: String(h.id), label: h.nickname }));

// ---- Invite User ---------------------------------------------------------------------------------

/** The Invite User modal (spec §2.11) and the 'User Invited' one after it. */
export function selectInviteView(s: SnapshotFrom<typeof adminInviteMachine>) {
  const { form, invalid, result, house } = s.context;
  return {
    opened: !s.matches('closed'),
    title: `Invite User${house ? ` to ${house.nickname}` : ''}`,
    error: result && !result.ok ? `${result.message}. Try again.` : null,
    form,
    nameError: invalid.includes('contactName') ? 'Name must be at least 3 characters' : undefined,
    emailError: invalid.includes('email') ? 'Enter a valid email address' : undefined,
    titleError: invalid.includes('title') ? 'Choose a role' : undefined,
    sending: s.matches('sending'),
    invitedOpened: s.matches('closed') && result?.ok === true,
    invitedMessage: result?.message,
  };
}

// ---- Export Users --------------------------------------------------------------------------------

/** The 'Pick a Distributor' choices: the whole family, then each house. */
export const exportOptions = (houses: readonly AdminHouse[]) => [
  { value: FAMILY, label: 'All Houses For Family' },
  ...houses.map((h) => ({ value: String(h.id), label: h.nickname })),
];
/** The choice an option stands for. */
export const exportChoiceOf = (value: string): ExportChoice => (value === FAMILY ? FAMILY : Number(value));

/** The Export Users modal: the choice, whether Export can go, its message. */
export function selectUsersExportView(s: SnapshotFrom<typeof usersExportMachine>) {
  const { choice, error } = s.context;
  return {
    opened: !s.matches('closed'),
    error,
    choice: choice === null ? null : String(choice),
    exportDisabled: choice === null,
    loading: s.matches('loading'),
  };
}

// ---- Log in as a user ----------------------------------------------------------------------------

/** The reason prompt before logging in as a user. */
export function selectLoginAsView(s: SnapshotFrom<typeof loginAsMachine>) {
  const { user, reason, error } = s.context;
  return {
    opened: s.matches('asking') || s.matches('switching'),
    title: `Log in as ${user?.name ?? ''}`,
    reason,
    error,
    switching: s.matches('switching'),
  };
}

/** Edit User: its fields and buttons (`view`), the user's houses as rows, and the houses the picker offers. */
export const selectEditUserScreenView = (s: EditSnapshot) => ({
  view: selectEditUserView(s),
  mine: selectUserHouseRows(s),
  options: selectHouseOptions(s),
});

/** The admin dashboard: its dialogs' child actors (edit, invite, export, login as), the header (`view`), the search and the users shown. */
export const selectAdminDashboardScreenView = (s: PickerSnapshot) => ({
  edit: selectEditPanel(s),
  invite: selectInvite(s),
  exporter: selectExporter(s),
  loginAs: selectLoginAs(s),
  view: selectAdminDashboardView(s),
  search: selectUserSearch(s),
  users: selectUsersShown(s),
});
