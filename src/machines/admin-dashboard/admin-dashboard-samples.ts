import type { AnyEventObject } from 'xstate';
import type { AdminHouse, AdminUserRow } from '../../model/admin.ts';
import { ApiError } from '../../services/api-client.ts';
import { distributorUser, loginAs } from '../shell/samples.ts';

/** Sample answers and events of the admin dashboard's machines (registry paths and tests). */
export const harborParent: AdminHouse = { id: 1, platform_id: 'CP-000001', nickname: 'Harbor Foods (PA)', parent_id: null, referredPartnerId: null };
export const boston: AdminHouse = { id: 10, platform_id: 'CP-000010', nickname: 'Harbor Foods Boston', parent_id: 1, referredPartnerId: 77 };
export const portland: AdminHouse = { id: 11, platform_id: 'CP-000011', nickname: 'Harbor Foods Portland', parent_id: 1, referredPartnerId: null };
export const summit: AdminHouse = { id: 20, platform_id: 'CP-000020', nickname: 'Summit Denver', parent_id: 2, referredPartnerId: null };

export const dmRow: AdminUserRow = {
  id: 5, contactName: 'Dana Manager', email: 'dm@harbor.test', title: 'District Manager', distributor: 'Harbor Foods Boston',
  createdDate: '2026-01-05T10:00:00.000Z', lastLoginDateTime: '2026-11-20T08:30:00.000Z', displayIntel: false, displayPaymentInfo: true,
  displayInvoice: false, isMultiHouse: true, activeDistributorId: 10,
  houses: [{ id: 10, nickname: 'Harbor Foods Boston', parent_id: 1 }, { id: 11, nickname: 'Harbor Foods Portland', parent_id: 1 }],
};
export const allHouses = [harborParent, boston, portland, summit].map(({ id, nickname, parent_id }) => ({ id, nickname, parent_id }));

const failed = new ApiError(500, 'Something went wrong');

export const adminDashboardEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadParents', output: [harborParent] },
  { type: 'xstate.error.actor.loadParents', error: failed },
  { type: 'adminDashboard.retried' },
  { type: 'adminDashboard.parentChosen', parentId: 1 },
  { type: 'xstate.done.actor.loadChildren', output: [boston, portland] },
  { type: 'xstate.error.actor.loadChildren', error: failed },
  { type: 'adminDashboard.childChosen', childId: 10 },
  { type: 'xstate.done.actor.loadUsers', output: [dmRow] },
  { type: 'xstate.error.actor.loadUsers', error: failed },
  { type: 'adminDashboard.reloaded' },
  { type: 'adminDashboard.searchChanged', search: 'dana' },
];

export const adminUserEditEvents: readonly AnyEventObject[] = [
  { type: 'edit.opened', user: dmRow },
  { type: 'xstate.done.actor.loadHouses', output: allHouses },
  { type: 'xstate.error.actor.loadHouses', error: failed },
  { type: 'edit.familyToggled' },
  { type: 'edit.houseRemoved', id: 10 },
  { type: 'edit.houseRemoved', id: 11 },
  { type: 'edit.houseAdded', id: 20 },
  { type: 'edit.changed', field: 'password', value: 'secret-77' },
  { type: 'edit.changed', field: 'confirmPassword', value: 'secret-77' },
  { type: 'edit.saved' },
  { type: 'xstate.done.actor.save', output: { message: 'User updated successfully!' } },
  { type: 'xstate.error.actor.save', error: failed },
  { type: 'edit.deactivated' },
  { type: 'xstate.done.actor.deactivate', output: { message: 'User Deactivated!' } },
  { type: 'xstate.error.actor.deactivate', error: failed },
  { type: 'edit.closed' },
];

export const adminInviteEvents: readonly AnyEventObject[] = [
  { type: 'invite.opened', house: boston },
  { type: 'invite.changed', field: 'contactName', value: 'Ivy Invitee' },
  { type: 'invite.changed', field: 'email', value: 'ivy@harbor.test' },
  { type: 'invite.changed', field: 'title', value: 'Operations' },
  { type: 'invite.submitted' },
  { type: 'xstate.done.actor.send', output: { id: 99, message: 'Ivy Invitee has been invited. The invitation goes to ivy@harbor.test.' } },
  { type: 'xstate.error.actor.send', error: failed },
  { type: 'invite.closed' },
];

export const loginAsEvents: readonly AnyEventObject[] = [
  { type: 'loginAs.opened', id: 5, name: 'Dana Manager' },
  { type: 'loginAs.reasonChanged', reason: 'Ticket 981' },
  { type: 'loginAs.submitted' },
  { type: 'xstate.done.actor.switchSession', output: loginAs(distributorUser) },
  { type: 'xstate.error.actor.switchSession', error: new ApiError(403, 'This user has been deactivated.') },
  { type: 'loginAs.cancelled' },
];

export const usersExportEvents: readonly AnyEventObject[] = [
  { type: 'export.opened', parentId: 1 },
  { type: 'export.chosen', choice: 'family' },
  { type: 'export.submitted' },
  { type: 'xstate.done.actor.loadUsers', output: [dmRow] },
  { type: 'xstate.error.actor.loadUsers', error: failed },
  { type: 'export.closed' },
];
