import type { AnyEventObject } from 'xstate';
import type { Announcement } from '../../model/announcement.ts';
import type { DashboardResponse, LostVolumeResponse, Merchant, MonthlyVolumeResponse } from '../../model/dashboard.ts';
import type { ActiveDistributorResponse, House } from '../../model/distributor.ts';
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

/** Seven locations bought less: more than the card's first five, so it offers Show more (the demo data has none such). */
export const longLostVolume: LostVolumeResponse = {
  data: Array.from({ length: 7 }, (_, i) => ({ locationName: `Location ${i + 1}`, lastMonthPurchase: 100 * (i + 1), twoMonthsAgoPurchase: 200 * (i + 1) })),
  totalLastMonthPurchase: 2800,
  totalTwoMonthsAgoPurchase: 5600,
};

/** Volume By Month (its flag on, as on the demo server). */
export const sampleMonthlyVolume: MonthlyVolumeResponse = { data: [{ month: '2026-10', totalPurchase: 4200 }] };

export const sampleAnnouncements: Announcement[] = [{ id: 1, text: 'New rebate programs start on the 1st.' }];

/** The houses of the sample leader (the House selector), Boston active. */
export const sampleHouses: House[] = [boston, portland].map((h) => ({ ...h, parent_id: null }));

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
  // A call cancelled by something else than the screen ends silently in failed: unit-tested, not a sample (no user can make
  // one, and as a sample it would be every path's shortcut to a failed screen without a dialog).
  { type: 'dashboard.rangeChanged', range: otherRange },
  { type: 'dashboard.rangeChanged', range: tooLongRange },
  { type: 'dashboard.locationSelected', merchantId: 101 },
  { type: 'dashboard.locationSelected', merchantId: null },
  { type: 'dashboard.distributorSelected', distributorId: portland.id },
  // The house-switch child's reports (its own calls are in its catalogue entry).
  { type: 'houseSwitch.switched', activeDistributor: portland },
  { type: 'houseSwitch.kept' },
  { type: 'dashboard.dialogClosed' },
  // The Top Items Lost tab.
  { type: 'dashboard.lostItemsSorted', sortBy: 'rebate' },
  { type: 'dashboard.lostItemsSorted', sortBy: 'volume' },
  { type: 'dashboard.viewAsChanged', userId: dmUserId },
  // Choosing oneself clears View As.
  { type: 'dashboard.viewAsChanged', userId: SAMPLE_USER_ID },
  // The side loads beside the dashboard (spec §8: a failure falls back to empty data, silently).
  { type: 'xstate.done.actor.loadLostVolume', output: longLostVolume },
  { type: 'xstate.error.actor.loadLostVolume', error: serverError },
  { type: 'xstate.done.actor.loadMonthlyVolume', output: sampleMonthlyVolume },
  { type: 'xstate.error.actor.loadMonthlyVolume', error: serverError },
  // The users View As offers, loaded beside from the start and after a house switch.
  { type: 'xstate.done.actor.loadViewAsUsers', output: bostonUsers },
  { type: 'xstate.error.actor.loadViewAsUsers', error: serverError },
  // The banners, loaded once for the screen's life.
  { type: 'xstate.done.actor.loadAnnouncements', output: sampleAnnouncements },
  { type: 'xstate.error.actor.loadAnnouncements', error: serverError },
  { type: 'dashboard.announcementDismissed', id: 1 },
  // On a phone: the first banner and 'Show 2 more announcements'.
  { type: 'dashboard.announcementsExpanded' },
  // Show more under the lost volume (the sample dashboard's one lost item offers none; Top Items Lost's rows are unit-tested).
  { type: 'dashboard.rowsResized', card: 'lostVolume', direction: 'more' },
  // The menu's Dashboard link while the dashboard is open: the default range, All Locations.
  { type: 'route.changed', place: { pathname: '/dashboard', search: '' }, params: {} },
  // Volume By Month: 12 months, and its table.
  { type: 'dashboard.monthlyMonthsChanged', months: 12 },
  { type: 'dashboard.monthlyTableToggled' },
  // The house-switch child's houses for the selector.
  { type: 'houseSwitch.housesLoaded', houses: sampleHouses, active: boston, movedFrom: null },
];
