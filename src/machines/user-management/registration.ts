import { selectEditDrawerView, selectInviteView, selectLocationPickerView, selectPendingView, selectUserManagementView } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { canSave, editUserMachine, type EditUserContext } from './edit-user.ts';
import { inviteUserMachine, type InviteUserContext } from './invite-user.ts';
import { userListMachine, type UserListContext } from './user-list.ts';
import { editUserEvents, inviteUserEvents, leaderManager, pendingUsersEvents, userListEvents } from './user-management-samples.ts';
import { pendingUsersMachine, type PendingUsersContext } from './pending-users.ts';
import { invitePayload } from '../../model/invite-form.ts';
import { assignableTitles } from '../../model/user-permissions.ts';
import { seenState } from '../seen-state.ts';

/** The Edit User drawer as a leader sees it: the roles a leader may give. */
const leaderEditDrawerView = (s: Parameters<typeof selectEditDrawerView>[0]) => selectEditDrawerView(s, assignableTitles(leaderManager));

/** The User Management machines, joined into MACHINES by registry.ts. */
export const USER_MANAGEMENT_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'pending-users',
    description: 'The Pending section: sign-ups waiting for approval; Approve or Reject one, then the list again; failures say why.',
    machine: pendingUsersMachine,
    views: { pending: selectPendingView },
    events: pendingUsersEvents,
    variants: [{ label: 'page opened by a leader' }],
    serializeState: seenState<PendingUsersContext>((c) => [c.pending.length > 0, c.deciding?.decision ?? null, c.error !== null, c.notice !== null]),
  },
  {
    name: 'user-list',
    description: "The users table: loading, loaded (searchable), 'Select Distributor to Display Users', or failed with Retry.",
    machine: userListMachine,
    views: { list: selectUserManagementView },
    events: userListEvents,
    variants: [{ label: 'page opened', input: () => ({ siteUrl: 'http://127.0.0.1:8080', approves: false }) }],
    serializeState: seenState<UserListContext>((c) => [c.users.length > 0, c.search !== '']),
    labels: {
      'xstate.done.actor.loadUsers': 'The users arrive',
      'xstate.error.actor.loadUsers': 'Loading the users fails',
      'users.reload': 'A user is invited, edited or deactivated',
      'users.retry': 'Press Retry',
      'users.searchChanged': 'Type in Search users',
    },
    checks: {
      loading: "The table says 'Loading users…'",
      loaded: 'The users of the house in the table',
      noDistributor: "'Select Distributor to Display Users', no error",
      failed: "'Something went wrong! Couldn't load the users.' with Retry",
    },
  },
  {
    name: 'invite-user',
    description: "The Invite User modal: locations load, the form is checked (invalid sends nothing), then the invitation or 'Something went wrong!'.",
    machine: inviteUserMachine,
    views: { invite: selectInviteView },
    events: inviteUserEvents,
    variants: [{ label: 'modal closed', input: () => ({ siteUrl: 'http://127.0.0.1:8080' }) }],
    // How many required fields are filled, whether it would send, whether errors show, the notice's kind.
    serializeState: seenState<InviteUserContext>(({ form: f, siteUrl, errors, choicesFailed, notice }) => [
      [f.contactName, f.email, f.title].filter((v) => v !== '').length, invitePayload(f, siteUrl).ok, Object.keys(errors).length > 0,
      choicesFailed, notice?.kind ?? null,
    ]),
  },
  {
    name: 'edit-user',
    description: 'The Edit User panel: load locations, edit (Save only on change), Add Locations picker, Clear All, Deactivate with confirmation.',
    machine: editUserMachine,
    views: { edit: leaderEditDrawerView, locations: selectLocationPickerView },
    events: editUserEvents,
    variants: [{ label: 'panel closed' }],
    // What a user sees: state, Save enabled, the picker's Add enabled and whether its list is narrowed, Invite To All, whose row, the notice.
    serializeState: seenState<EditUserContext>((c) => [canSave(c), c.picked.length > 0, c.locationFilter !== '', c.draft?.inviteAll ?? null, c.selfEdit,
      c.user?.canDeactivate ?? null, c.notice?.kind ?? null]),
    labels: {
      'edit.opened': 'Press Edit on a user row',
      'xstate.done.actor.loadUser': "The user's locations arrive",
      'xstate.error.actor.loadUser': "Loading the user's locations fails",
      'edit.emailChanged': 'Type in Email',
      'edit.roleChanged': 'Pick a role',
      'edit.paymentInfoChanged': 'Tick Display payment info',
      'edit.inviteAllChanged': 'Tick Invite To All',
      'edit.locationRemoved': "Press a location's remove button",
      'edit.locationsCleared': 'Press Clear All',
      'edit.addLocationsOpened': 'Press Add Locations',
      'edit.locationPicked': 'Tick a location in the picker',
      'edit.locationFilterChanged': 'Type in Find a location',
      'edit.locationsAdded': "Press the picker's Add",
      'edit.addLocationsCancelled': "Press the picker's Cancel",
      'edit.saved': 'Press Save',
      'xstate.done.actor.saveUser': 'The server saves the user',
      'xstate.error.actor.saveUser': 'Saving fails',
      'edit.deactivateAsked': 'Press Deactivate',
      'edit.deactivateConfirmed': 'Confirm Deactivate',
      'edit.deactivateCancelled': 'Cancel Deactivate',
      'xstate.done.actor.deactivateUser': 'The server deactivates the user',
      'xstate.error.actor.deactivateUser': 'Deactivating fails',
      'edit.closed': 'Close the panel',
    },
    checks: {
      closed: 'No Edit User panel',
      loading: 'The panel opens with a loader',
      loadFailed: "'Couldn't load location list for this user. Update failed.'; nothing can be saved",
      editing: "The user's email, role and locations; Save enabled only after a change",
      picking: "The Add Locations picker lists the editor's other locations; Add disabled until one is ticked",
      confirmingDeactivate: 'A Deactivate User dialog asks for confirmation',
      saving: 'Save shows it is working',
      deactivating: "The dialog's Deactivate shows it is working",
    },
  },
];
