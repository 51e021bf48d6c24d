import type { SnapshotFrom } from 'xstate';
import { dashDate, houseOptions, SELECT_DISTRIBUTOR, type AdminHouse, type AdminUserRow, type UserHouse } from '../../model/admin.ts';
import { Titles } from '../../model/session-user.ts';
import type { adminDashboardMachine } from './admin-dashboard.ts';
import type { adminDashboardPageMachine } from './admin-dashboard-screen.ts';
import type { adminInviteMachine } from './admin-invite.ts';
import { editFieldErrors, type adminUserEditMachine } from './admin-user-edit.ts';
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

/** The users table: the house's users whose name or email holds the search; none until a house is picked. */
export function selectUsersShown(s: PickerSnapshot): AdminUserRow[] {
  if (!s.matches('showingUsers') && !s.matches('loadingUsers')) return [];
  const q = s.context.search.trim().toLowerCase();
  return s.context.users.filter((u) => `${u.contactName} ${u.email}`.toLowerCase().includes(q));
}

export { sameView } from '../shell/selectors.ts';

/** The page's running dashboard; none for a visitor (who gets the sign-in form). */
export const selectDashboard = (s: SnapshotFrom<typeof adminDashboardPageMachine>) => s.children.dashboard;

/**
 * The admin dashboard (spec §2.11) as plain data: its dialogs' child actors (Edit User, Invite User, Export
 * Users, Log in as), the distributor and house pickers, the search, the users shown, the buttons and messages.
 */
export function selectAdminDashboardView(s: PickerSnapshot) {
  const { parents, parentId, children, childId, error, search } = s.context;
  const child = children.find((c) => c.id === childId) ?? null;
  const inviteHouse = child?.referredPartnerId == null ? null : child;
  return {
    edit: s.children.edit!,
    invite: s.children.invite!,
    exporter: s.children.exporter!,
    loginAs: s.children.loginAs!,
    parentOptions: parents.map((p) => ({ value: String(p.id), label: p.nickname })),
    parentId: parentId === null ? null : String(parentId),
    parentPlaceholder: s.matches('loadingParents') ? 'Loading…' : 'Pick a distributor',
    /** The houses of the chosen distributor, as the Export Users modal offers them. */
    children,
    childOptions: children.map((c) => ({ value: String(c.id), label: c.nickname })),
    /** No house to pick until a distributor with houses is chosen. */
    childDisabled: children.length === 0,
    childId: childId === null ? null : String(childId),
    childPlaceholder: s.matches('loadingChildren') ? 'Loading…' : parentId === null ? 'Pick a distributor first' : 'Pick a house',
    error,
    /** The distributors failed to load: the message offers a reload. */
    retry: s.can({ type: 'adminDashboard.retried' }),
    search,
    users: selectUsersShown(s),
    /** Export Users: for the chosen parent. */
    exportFor: parentId,
    exportDisabled: parentId === null,
    /** Invite User: for the chosen house, when it has a referred partner. */
    inviteHouse,
    inviteDisabled: inviteHouse === null,
    emptyText: s.matches('loadingUsers') ? 'Loading users…' : s.matches('showingUsers') ? 'No users' : SELECT_DISTRIBUTOR,
  };
}

// ---- The Edit User panel -------------------------------------------------------------------------

/**
 * The Edit User panel (spec §2.11): its form, the user's houses (the active one marked, the others can be
 * removed), the houses 'Add a house' offers, what may be pressed, its messages.
 */
export function selectEditUserView(s: EditSnapshot) {
  const { user, form, includeFamily, error, done } = s.context;
  const activeId = user?.activeDistributorId ?? null;
  const saving = s.matches('saving');
  const deactivating = s.matches('deactivating');
  const busy = saving || deactivating;
  const errors = s.matches('closed') ? {} : editFieldErrors(form);
  return {
    opened: !s.matches('closed'),
    title: `Edit User${user ? `: ${user.contactName}` : ''}`,
    error,
    done,
    form,
    includeFamily,
    houses: selectUserHouses(s).map((h) => ({ id: h.id, nickname: h.nickname, active: h.id === activeId })),
    houseOptions: selectHouseChoices(s).map((h) => ({ value: String(h.id), label: h.nickname })),
    housePlaceholder: s.matches('loadingHouses') ? 'Loading…' : 'Pick a house',
    /** Houses can be added once the family's houses are loaded, and not while saving. */
    addEnabled: s.matches('editing'),
    /** Each field's problem, said on the field: Save is disabled while there is one (issue 39). */
    emailError: errors.email ?? null,
    passwordError: errors.password ?? null,
    confirmError: errors.confirmPassword ?? null,
    saving,
    saveDisabled: busy || s.matches('loadingHouses') || Object.keys(errors).length > 0,
    deactivating,
    deactivateDisabled: busy,
  };
}

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
