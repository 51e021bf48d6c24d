import type { AnyEventObject } from 'xstate';
import type { UserRow } from '../../model/account.ts';
import type { Merchant } from '../../model/dashboard.ts';
import type { Manager } from '../../model/user-permissions.ts';
import { ApiError } from '../../services/api-client.ts';
import type { LoadedUser } from './edit-user.ts';

/** Sample users, locations and events of User Management, for generating paths (registry) and for tests. */

export const leaderManager: Manager = { id: 2, title: 'Leadership', internalAdmin: false };
export const dmManager: Manager = { id: 3, title: 'District Manager', internalAdmin: false };

export const sampleUserRow = (over: Partial<UserRow> = {}): UserRow => ({
  id: 3,
  contactName: 'Dana District',
  email: 'dm@harbor.test',
  title: 'District Manager',
  createdDate: '2026-01-05T10:00:00.000Z',
  lastLoginDateTime: null,
  displayIntel: true,
  displayPaymentInfo: false,
  inviteAll: false,
  activated: true,
  canEdit: true,
  canDeactivate: true,
  ...over,
});

export const merchant = (id: number, name: string): Merchant => ({ id, platformId: `MP-${String(id).padStart(6, '0')}`, merchant: name, dcn: `D${id}` });
export const harborCafe = merchant(11, 'Harbor Cafe');
export const pierGrill = merchant(12, 'Pier Grill');
export const dockDiner = merchant(13, 'Dock Diner');

export const loadedDm: LoadedUser = { locations: [harborCafe], inviteAll: false, choices: [harborCafe, pierGrill, dockDiner] };

// `me` first: the path catalogue cuts long events, and who edits is what tells the two openings apart.
export const editUserEvents: readonly AnyEventObject[] = [
  { type: 'edit.opened', me: leaderManager, user: sampleUserRow() },
  { type: 'edit.opened', me: dmManager, user: sampleUserRow({ canDeactivate: false }) },
  { type: 'xstate.done.actor.loadUser', output: loadedDm },
  { type: 'xstate.error.actor.loadUser', error: new ApiError(500, 'Something went wrong') },
  { type: 'edit.emailChanged', value: 'dana@harbor.test' },
  { type: 'edit.emailChanged', value: 'dm@harbor.test' },
  { type: 'edit.roleChanged', title: 'Operations' },
  { type: 'edit.paymentInfoChanged', value: true },
  { type: 'edit.inviteAllChanged', value: true },
  { type: 'edit.locationRemoved', id: harborCafe.id },
  { type: 'edit.locationsCleared' },
  { type: 'edit.addLocationsOpened' },
  { type: 'edit.locationPicked', id: pierGrill.id },
  { type: 'edit.locationFilterChanged', value: 'pier' },
  { type: 'edit.locationsAdded' },
  { type: 'edit.addLocationsCancelled' },
  { type: 'edit.saved' },
  { type: 'xstate.done.actor.saveUser', output: { message: 'User updated successfully!' } },
  { type: 'xstate.error.actor.saveUser', error: new ApiError(403, 'You may not change your own role.') },
  { type: 'edit.deactivateAsked' },
  { type: 'edit.deactivateCancelled' },
  { type: 'edit.deactivateConfirmed' },
  { type: 'xstate.done.actor.deactivateUser', output: { message: 'User Deactivated!' } },
  { type: 'xstate.error.actor.deactivateUser', error: new ApiError(500, 'Something went wrong') },
  { type: 'edit.closed' },
];

export const inviteUserEvents: readonly AnyEventObject[] = [
  { type: 'invite.opened' },
  { type: 'xstate.done.actor.loadChoices', output: [harborCafe, pierGrill] },
  { type: 'xstate.error.actor.loadChoices', error: new ApiError(500, 'Something went wrong') },
  { type: 'invite.changed', field: 'contactName', value: 'Ivy Invitee' },
  { type: 'invite.changed', field: 'email', value: 'ivy@harbor.test' },
  { type: 'invite.changed', field: 'title', value: 'Distributor Rep' },
  { type: 'invite.submitted' },
  { type: 'xstate.done.actor.sendInvite', output: { id: 40, message: 'Ivy Invitee has been invited. The invitation goes to ivy@harbor.test.' } },
  { type: 'xstate.error.actor.sendInvite', error: new ApiError(400, 'A user with this email already exists.') },
  { type: 'invite.closed' },
];

export const userListEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadUsers', output: [sampleUserRow()] },
  { type: 'xstate.error.actor.loadUsers', error: new ApiError(403, 'You have no distributor to act for.') },
  { type: 'xstate.error.actor.loadUsers', error: new ApiError(500, 'Something went wrong') },
  { type: 'users.searchChanged', value: 'dana' },
  { type: 'users.reload' },
  { type: 'users.retry' },
];

export const samplePending = {
  id: 41, contactName: 'Sam Stranger', email: 'sam@elsewhere.test', house: 'Harbor Foods Boston',
  requestedAt: '2026-11-20T09:00:00.000Z', emailConfirmed: true,
};

export const pendingUsersEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadPending', output: [samplePending] },
  { type: 'xstate.error.actor.loadPending', error: new ApiError(500, 'Something went wrong') },
  { type: 'pending.approve', id: 41 },
  { type: 'pending.reject', id: 41 },
  { type: 'xstate.done.actor.decide', output: { message: 'Approved: they can log in now, and were told by email.' } },
  { type: 'xstate.error.actor.decide', error: new ApiError(404, 'No sign-up of your distributor waits for this decision.') },
  { type: 'pending.retry' },
];
