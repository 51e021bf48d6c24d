import type { SnapshotFrom } from 'xstate';
import { emailAwaitsOwnerNote, type UserRow } from '../../model/account.ts';
import type { Title } from '../../model/session-user.ts';
import { assignableTitles, DEACTIVATE_WARNING, formatUserDate, LOCATIONS_LOAD_FAILED, mayApprove, mayInvite, NO_DISTRIBUTOR_USERS, type Manager } from '../../model/user-permissions.ts';
import { selectEnteredByAdmin, selectUser } from '../shell/selectors.ts';
import { canSave, emailMoved, emailValid, type editUserMachine } from './edit-user.ts';
import type { inviteUserMachine } from './invite-user.ts';
import type { pendingUsersMachine } from './pending-users.ts';
import { locationLabel, roleOptions, valueOfTitle } from './role-options.ts';
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
 * doing, and what is enabled, as the machine takes it now (`snapshot.can`). The roles offered are
 * those the editor may give (`titles`), and the user's current role even when the editor may not give it.
 */
export function selectEditDrawerView(s: EditUserSnapshot, titles: readonly Title[]) {
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
    /** Under Email, when the owner must approve the change: the address the approval link goes to. */
    emailNote: user && selectAwaitsOwner(s) ? emailAwaitsOwnerNote(user.email) : undefined,
    emailError: selectEmailError(s),
    roleOptions: roleOptions(draft?.title && !titles.includes(draft.title) ? [draft.title, ...titles] : titles),
    role: valueOfTitle(draft?.title ?? null),
    /** Invite To All: every location, none listed; else the user's locations, or that there are none. */
    everyLocation: inviteAll,
    noLocations: (draft?.locations.length ?? 0) === 0,
    offersDeactivate: user?.canDeactivate ?? false,
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

/**
 * Add Locations: whether the user already has every location the editor can give, the Find a location box
 * (offered for a long list) and its text, the locations it shows, each ticked or not, and Add (disabled until
 * one is ticked).
 */
export function selectLocationPickerView(s: EditUserSnapshot) {
  const { picked } = s.context;
  return {
    noChoices: selectLocationChoices(s).length === 0,
    offersFilter: selectOffersLocationFilter(s),
    filter: selectLocationFilter(s),
    rows: selectShownLocationChoices(s).map((m) => ({ id: m.id, label: locationLabel(m), checked: picked.includes(m.id) })),
    addDisabled: picked.length === 0,
  };
}

/**
 * User Management: its dialogs' child actors (Invite User, Edit User, and Pending for those who approve
 * sign-ups), whether the list failed (with Retry), the search and whether it can be cleared, the users shown
 * and what the table says without rows.
 */
export const selectUserManagementView = (s: UserListSnapshot) => ({
  invite: s.children.invite!,
  edit: s.children.edit!,
  pending: s.children.pending,
  failed: s.matches('failed'),
  search: s.context.search,
  clearable: s.context.search !== '',
  rows: selectShownUsers(s),
  emptyText: selectEmptyText(s),
});
