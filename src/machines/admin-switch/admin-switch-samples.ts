import type { AnyEventObject } from 'xstate';
import type { House } from '../../model/distributor.ts';
import { ApiError } from '../../services/api-client.ts';
import { bostonUsers, dmUserId } from '../dashboard/dashboard-samples.ts';
import { distributorUser, loginAs } from '../shell/samples.ts';

/** Sample answers and events for the admin user-picker (registry paths and tests). */

export const sampleHouses: House[] = [
  { id: 1, platform_id: 'CP-000001', nickname: 'Harbor Foods (PA)', parent_id: null },
  { id: 10, platform_id: 'CP-000010', nickname: 'Harbor Foods Boston', parent_id: 1 },
];
export const DEACTIVATED_MESSAGE = 'This user has been deactivated.';

export const adminSwitchEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadHouses', output: sampleHouses },
  { type: 'xstate.error.actor.loadHouses', error: new ApiError(500, 'Something went wrong') },
  { type: 'adminSwitch.retried' },
  { type: 'adminSwitch.houseChosen', houseId: 10 },
  { type: 'xstate.done.actor.loadUsers', output: bostonUsers },
  { type: 'xstate.error.actor.loadUsers', error: new ApiError(500, 'Something went wrong') },
  { type: 'adminSwitch.userChosen', userId: dmUserId },
  { type: 'adminSwitch.reasonChanged', reason: 'Ticket 981' },
  { type: 'adminSwitch.submitted' },
  { type: 'xstate.done.actor.switchSession', output: loginAs(distributorUser) },
  { type: 'xstate.error.actor.switchSession', error: new ApiError(403, DEACTIVATED_MESSAGE) },
];

/** The banner's status answers: an admin acting as the user for 60 minutes, and a session of the user's own. */
export const ACTING_STATUS = {
  active: true, adminName: 'Ada Admin', userName: 'Lee Leader', userEmail: 'leader@harbor.test',
  since: '2026-11-22T09:00:00.000Z', expiresAt: '2026-11-22T10:00:00.000Z', reason: 'Checking a rebate question',
} as const;

export const impersonationBannerEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadStatus', output: ACTING_STATUS },
  { type: 'xstate.done.actor.loadStatus', output: { active: false } },
  { type: 'xstate.error.actor.loadStatus', error: new ApiError(0, 'Something went wrong') },
  { type: 'banner.tick', now: Date.parse('2026-11-22T09:30:00.000Z') },
];
