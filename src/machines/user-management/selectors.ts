import type { SnapshotFrom } from 'xstate';
import type { UserRow } from '../../model/account.ts';
import { assignableTitles, DEACTIVATE_WARNING, formatUserDate, LOCATIONS_LOAD_FAILED, mayApprove, mayInvite, NO_DISTRIBUTOR_USERS, type Manager } from '../../model/user-permissions.ts';
import { selectEnteredByAdmin, selectUser } from '../shell/selectors.ts';
import { canSave, emailMoved, emailValid, type editUserMachine } from './edit-user.ts';
import type { inviteUserMachine } from './invite-user.ts';
import type { pendingUsersMachine } from './pending-users.ts';
import { locationLabel, valueOfTitle } from './role-options.ts';
import { visibleUsers, type userListMachine } from './user-list.ts';

/** What /user-management shows (accounts spec §2.4), read from the auth and user machines' snapshots. */

export { DEACTIVATE_WARNING, formatUserDate, LOCATIONS_LOAD_FAILED };
export { emailAwaitsOwnerNote } from '../../model/account.ts';
export { locationLabel, roleOptions, titleOfValue, valueOfTitle } from './role-options.ts';

type AuthSnapshot = Parameters<typeof selectUser>[0];
type UserListSnapshot = SnapshotFrom<typeof userListMachine>;
type EditUserSnapshot = SnapshotFrom<typeof editUserMachine>;
type PendingUsersSnapshot = SnapshotFrom<typeof pendingUsersMachine>;
type InviteUserSnapshot = SnapshotFrom<typeof inviteUserMachine>;

// ---- Who manages, and what they may do -----------------------------------------------------------

/** The signed-in user as the permission rules see them. */
export const selectManager = (s: AuthSnapshot): Manager | null => {
  const u = selectUser(s);
  return u && { id: u.id, title: u.title, internalAdmin: u.isInternalAdmin, actingAdmin: selectEnteredByAdmin(s) };
};

export interface ManagerGates {
  /** Invite User is offered. */
  invite: boolean;
  /** The pending sign-ups are shown, to approve or decline. */
  approve: boolean;
  /** The roles the invite and edit forms offer. */
  titles: ReturnType<typeof assignableTitles>;
}

export const managerGates = (me: Manager | null): ManagerGates =>
  me ? { invite: mayInvite(me), approve: mayApprove(me), titles: assignableTitles(me) } : { invite: false, approve: false, titles: [] };

/** User Management's header: who manages (none until signed in), and what they may do there. */
export const selectManagerView = (s: AuthSnapshot) => {
  const me = selectManager(s);
  return { me, ...managerGates(me) };
};

// ---- The list ---------------------------------------------------------------------------------

export type UserListStatus = 'loading' | 'loaded' | 'noDistributor' | 'failed';
export const selectListStatus = (s: UserListSnapshot) => s.value as UserListStatus;
export const selectSearch = (s: UserListSnapshot) => s.context.search;
/** The rows: those matching the search; none while the first load runs. */
export const selectShownUsers = (s: UserListSnapshot): UserRow[] => (s.matches('loading') && s.context.users.length === 0 ? [] : visibleUsers(s.context));

/** What the table says without rows. */
export function selectEmptyText(s: UserListSnapshot): string {
  if (s.matches('loading')) return 'Loading users…';
  const search = s.context.search.trim();
  return s.context.users.length > 0 && search !== '' ? `No users match "${search}"` : NO_DISTRIBUTOR_USERS;
}

// ---- Editing ----------------------------------------------------------------------------------

export const selectCanSave = (s: EditUserSnapshot) => canSave(s.context);
export const EDIT_EMAIL_INVALID = 'Enter a valid email address';
/**
 * The Email field's error: a changed address that is not a valid one, the reason Save is disabled
 * (issue 39: Save greyed out with no reason). The address the user already had is never blamed.
 */
export function selectEmailError(s: EditUserSnapshot): string | null {
  const { original, draft } = s.context;
  if (!original || !draft || draft.email.trim() === original.email) return null;
  return emailValid(draft.email) ? null : EDIT_EMAIL_INVALID;
}
/** Someone else's email is being changed: the owner must approve it from the current address. */
export const selectAwaitsOwner = (s: EditUserSnapshot) => s.context.ownerApproves && emailMoved(s.context) && selectEmailError(s) === null;

/** The Add Locations picker's choices: the editor's locations the user does not have yet. */
export function selectLocationChoices(s: EditUserSnapshot) {
  const have = new Set(s.context.draft?.locations.map((m) => m.id));
  return s.context.choices.filter((m) => !have.has(m.id));
}
/** The picker's Find a location box: offered only for a list long enough to need it. */
const LOCATION_FILTER_FROM = 8;
export const selectOffersLocationFilter = (s: EditUserSnapshot) => selectLocationChoices(s).length > LOCATION_FILTER_FROM;
export const selectLocationFilter = (s: EditUserSnapshot) => s.context.locationFilter;
/** The choices listed: those whose name or DCN contains the text typed, in any case. */
export function selectShownLocationChoices(s: EditUserSnapshot) {
  const text = s.context.locationFilter.trim().toLowerCase();
  return selectLocationChoices(s).filter((m) => locationLabel(m).toLowerCase().includes(text));
}

/**
 * The Edit User drawer (spec §2.4) besides its location picker: whether it is open and what it is
 * doing, and what is enabled, as the machine takes it now (`snapshot.can`).
 */
export function selectEditDrawerView(s: EditUserSnapshot) {
  const { user, draft, selfEdit } = s.context;
  const loading = s.matches('loading');
  const loadFailed = s.matches('loadFailed');
  const inviteAll = draft?.inviteAll ?? false;
  return {
    opened: !s.matches('closed'),
    /** A save or deactivation runs: the drawer stays open. */
    closable: s.can({ type: 'edit.closed' }),
    user,
    draft,
    selfEdit,
    loading,
    loadFailed,
    showForm: draft !== null && user !== null && !loading && !loadFailed,
    picking: s.matches('picking'),
    awaitsOwner: selectAwaitsOwner(s),
    emailError: selectEmailError(s),
    mayAddLocations: !inviteAll && s.can({ type: 'edit.addLocationsOpened' }),
    mayClearLocations: !inviteAll && (draft?.locations.length ?? 0) > 0 && s.can({ type: 'edit.locationsCleared' }),
    mayRemoveLocation: s.can({ type: 'edit.locationRemoved', id: 0 }),
    mayDeactivate: s.can({ type: 'edit.deactivateAsked' }),
    maySave: s.can({ type: 'edit.saved' }),
    saving: s.matches('saving'),
    confirmOpen: s.matches('confirmingDeactivate') || s.matches('deactivating'),
    mayCancelDeactivate: s.can({ type: 'edit.deactivateCancelled' }),
    deactivating: s.matches('deactivating'),
  };
}
export type EditDrawerView = ReturnType<typeof selectEditDrawerView>;
export { sameView } from '../admin-dashboard/selectors.ts';

type ListPageSnapshot = UserListSnapshot;
/** The page's Invite User modal, Edit User drawer and (for those who approve sign-ups) Pending section. */
export const selectInvite = (s: ListPageSnapshot) => s.children.invite!;
export const selectEdit = (s: ListPageSnapshot) => s.children.edit!;
export const selectPending = (s: ListPageSnapshot) => s.children.pending;
/** The locations checked in the Add Locations picker. */
export const selectPicked = (s: EditUserSnapshot) => s.context.picked;

// ---- Pending sign-ups -----------------------------------------------------------------------------

export interface PendingRowView {
  id: number;
  name: string;
  email: string;
  house: string;
  requested: string;
  emailConfirmed: 'Yes' | 'Not yet';
  /** This row's Approve (or Reject) runs now. */
  approving: boolean;
  rejecting: boolean;
}

/**
 * The Pending section (accounts spec §2.4): the list could not load (with Retry), or the sign-ups
 * waiting, with Approve and Reject enabled only while nothing else runs. Not shown while none wait
 * (nor while the first load runs).
 */
export function selectPendingView(s: PendingUsersSnapshot) {
  const { pending, deciding, error } = s.context;
  return {
    failed: s.matches('failed'),
    mayRetry: s.can({ type: 'pending.retry' }),
    shown: pending.length > 0,
    error,
    waiting: `${pending.length} waiting for approval`,
    mayDecide: s.can({ type: 'pending.approve', id: 0 }),
    rows: pending.map(
      (p): PendingRowView => ({
        id: p.id,
        name: p.contactName,
        email: p.email,
        house: p.house,
        requested: formatUserDate(p.requestedAt),
        emailConfirmed: p.emailConfirmed ? 'Yes' : 'Not yet',
        approving: deciding?.id === p.id && deciding.decision === 'approve',
        rejecting: deciding?.id === p.id && deciding.decision === 'reject',
      }),
    ),
  };
}
export type PendingView = ReturnType<typeof selectPendingView>;

// ---- Invite User ----------------------------------------------------------------------------------

export const INVITE_LOCATIONS_FAILED = "Couldn't load your locations";

/** The Invite User modal (accounts spec §2.4): its fields, their errors, and what is enabled now. */
export function selectInviteView(s: InviteUserSnapshot) {
  const { form, errors, choices, choicesFailed, notice } = s.context;
  const loadingChoices = s.matches('loadingChoices');
  return {
    opened: !s.matches('closed'),
    /** Closing (Cancel, the X, Escape) is refused while the invitation is sent. */
    closable: s.can({ type: 'invite.closed' }),
    sending: s.matches('sending'),
    maySubmit: !loadingChoices,
    form,
    errors,
    role: valueOfTitle(form.title),
    locationPlaceholder: form.inviteAll ? 'Every location, now and later' : loadingChoices ? 'Loading locations…' : 'Choose locations',
    locationOptions: choices.map((m) => ({ value: String(m.id), label: locationLabel(m) })),
    locationValues: form.inviteAll ? [] : form.locationIds.map(String),
    mayPickLocations: !form.inviteAll,
    locationsError: choicesFailed ? INVITE_LOCATIONS_FAILED : undefined,
    failure: notice?.kind === 'error' ? { title: notice.title, message: notice.message } : null,
  };
}
export type InviteView = ReturnType<typeof selectInviteView>;

/** Add Locations: the locations the user does not have yet, those the filter shows, whether a filter is offered, its text, and those checked. */
export const selectLocationPickerView = (s: EditUserSnapshot) => ({
  choices: selectLocationChoices(s),
  shown: selectShownLocationChoices(s),
  offersFilter: selectOffersLocationFilter(s),
  filter: selectLocationFilter(s),
  picked: selectPicked(s),
});

/** User Management: its dialogs' child actors (invite, edit, pending), the list's status, the search, the users shown and the empty-list text. */
export const selectUserManagementView = (s: ListPageSnapshot) => ({
  invite: selectInvite(s),
  edit: selectEdit(s),
  pending: selectPending(s),
  status: selectListStatus(s),
  search: selectSearch(s),
  rows: selectShownUsers(s),
  emptyText: selectEmptyText(s),
});
