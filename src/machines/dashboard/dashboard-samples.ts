import type { AnyEventObject } from 'xstate';
import type { DashboardResponse, Merchant } from '../../model/dashboard.ts';
import type { ActiveDistributorResponse } from '../../model/distributor.ts';
import type { HouseUser } from '../../model/house-users.ts';
import { ApiError, normalise } from '../../services/api-client.ts';
import { CanceledError } from 'axios';

/** Sample answers and events for the dashboard machine (registry paths and tests). */

export const SAMPLE_TODAY = '2026-11-21';
export const boston = { id: 10, platform_id: 'CP-000010', nickname: 'Harbor Foods Boston' };
export const portland = { id: 11, platform_id: 'CP-000011', nickname: 'Harbor Foods Portland' };

export const sampleMerchants: Merchant[] = [
  { id: 101, platformId: 'M-101', merchant: 'Blue Fin Grill', dcn: 'D-1' },
  { id: 102, platformId: 'M-102', merchant: 'Corner Bistro', dcn: null },
];

export const sampleDashboard: DashboardResponse = {
  totalVolume: 12500.5,
  competitorVolume: 2500,
  totalRebates: 310.25,
  annualizedRebates: 3652.94,
  lostItemCategories: [{ category: 'Dairy', volume: 1500, rebate: 40, deviation: 0 }],
  lostItemDescriptions: [{ item: 'Whole Milk 4/1 GAL', min: 'MIN-1', volume: 900, rebate: 25, deviation: 0 }],
  volumeByMerchant: [{ platformId: 'M-101', volume: 8000 }],
  volumeByMonth: [],
};

export const emptyDashboard: DashboardResponse = { ...sampleDashboard, totalVolume: 0, competitorVolume: 0, lostItemCategories: [], lostItemDescriptions: [] };

export const switchedToPortland: ActiveDistributorResponse = { channelPartner: { distributor_id: 11 }, activeDistributor: portland };

/** The users of Boston for View As; the sample leader is user 2. */
export const SAMPLE_USER_ID = 2;
export const bostonUsers: HouseUser[] = [
  { id: 2, contactName: 'Lena Leader', email: 'leader@harbor.test', title: 'Leadership' },
  { id: 3, contactName: 'Dana District', email: 'dm@harbor.test', title: 'District Manager' },
  { id: 4, contactName: 'Riley Rep', email: 'rep@harbor.test', title: 'Distributor Rep' },
];
export const dmUserId = 3;

export const cancelledError = normalise(new CanceledError('aborted'));
export const serverError = new ApiError(500, 'Something went wrong');

export const otherRange = { startDate: '2026-09-01', endDate: '2026-09-30' };
export const tooLongRange = { startDate: '2025-09-01', endDate: '2026-09-30' };

export const dashboardEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadMerchants', output: sampleMerchants },
  { type: 'xstate.done.actor.loadMerchants', output: [] },
  { type: 'xstate.error.actor.loadMerchants', error: serverError },
  { type: 'xstate.done.actor.loadDashboard', output: sampleDashboard },
  { type: 'xstate.done.actor.loadDashboard', output: emptyDashboard },
  { type: 'xstate.error.actor.loadDashboard', error: serverError },
  { type: 'xstate.error.actor.loadDashboard', error: cancelledError },
  { type: 'dashboard.rangeChanged', range: otherRange },
  { type: 'dashboard.rangeChanged', range: tooLongRange },
  { type: 'dashboard.locationSelected', merchantId: 101 },
  { type: 'dashboard.locationSelected', merchantId: null },
  { type: 'dashboard.distributorSelected', distributorId: portland.id },
  // The house-switch child's reports (its own calls are in its catalogue entry).
  { type: 'houseSwitch.switched', activeDistributor: portland },
  { type: 'houseSwitch.kept' },
  { type: 'dashboard.dialogClosed' },
  // The Top Items Lost tab; Show more / Show less need more rows than the sample has (unit-tested).
  { type: 'dashboard.lostItemsSorted', sortBy: 'rebate' },
  { type: 'dashboard.lostItemsSorted', sortBy: 'volume' },
  // The user list of View As loads beside (a spawned side load, like lost volume): its answers are unit-tested.
  { type: 'dashboard.viewAsChanged', userId: dmUserId },
  // Choosing oneself clears View As.
  { type: 'dashboard.viewAsChanged', userId: SAMPLE_USER_ID },
];
