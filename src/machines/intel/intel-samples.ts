import type { AnyEventObject } from 'xstate';
import type { Merchant } from '../../model/dashboard.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import { boston, portland, serverError, switchedToPortland } from '../dashboard/dashboard-samples.ts';
import { bostonFamily } from '../house-switch/house-switch-samples.ts';

/** Sample answers and events for the intel machine (registry paths and tests). */

export { boston, portland, serverError, switchedToPortland };
export const SAMPLE_TODAY = '2026-11-21';

/** 300 merchants: two batches, of 250 and 50. */
export const sampleMerchants: Merchant[] = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1, platformId: `MP-${i + 1}`, merchant: `Merchant ${i + 1}`, dcn: i % 7 === 0 ? null : `D-${i + 1}`,
}));

/**
 * The registration's house: 600 merchants, three batches (250, 250, 100). Its paths answer batches 0
 * and 1 one by one, so the third is still out when they have: in the app, the stream ends (and the
 * load settles) the moment its last batch answers, so the loading state after two answers is one a
 * browser can see only with a batch left.
 */
export const houseMerchants: Merchant[] = Array.from({ length: 600 }, (_, i) => ({
  id: i + 1, platformId: `MP-${i + 1}`, merchant: `Merchant ${i + 1}`, dcn: i % 7 === 0 ? null : `D-${i + 1}`,
}));

export const intelRow = (id: number, total = 1000, competitor = 250): IntelMerchant => ({
  id,
  merchant: `Merchant ${id}`,
  dcn: `D-${id}`,
  totalVolume: total,
  competitorVolume: competitor,
  competitorVolumePerc: total ? competitor / total : 0,
  distributorVolume: total - competitor,
  distributorVolumePerc: total ? (total - competitor) / total : 0,
  noData: total === 0,
  data: [],
});

export const firstBatch = sampleMerchants.slice(0, 250).map((m) => intelRow(m.id));
export const secondBatch = sampleMerchants.slice(250).map((m) => intelRow(m.id));

export const otherRange = { startDate: '2026-09-01', endDate: '2026-09-30' };
export const tooLongRange = { startDate: '2025-09-01', endDate: '2026-09-30' };

export const intelEvents: readonly AnyEventObject[] = [
  { type: 'route.left' },
  { type: 'xstate.done.actor.loadMerchants', output: houseMerchants },
  { type: 'xstate.done.actor.loadMerchants', output: [] },
  { type: 'xstate.error.actor.loadMerchants', error: serverError },
  { type: 'intel.batchLoaded', index: 0, merchants: firstBatch, loaded: 250 },
  { type: 'intel.batchFailed', index: 1, loaded: 250 },
  // The stream ends when every batch has answered (loaded or failed). It never breaks as a whole
  // (each batch's failure is its own, src/services/intel-batches.ts): no sample of that (registration.ts, unreachable).
  { type: 'xstate.done.actor.loadBatches' },
  { type: 'intel.retry' },
  { type: 'intel.rangeChanged', range: otherRange },
  { type: 'intel.rangeChanged', range: tooLongRange },
  { type: 'intel.distributorSelected', distributorId: portland.id },
  // The house-switch child's reports (its own calls are in its catalogue entry).
  { type: 'houseSwitch.switched', activeDistributor: portland },
  { type: 'houseSwitch.kept' },
  { type: 'intel.dialogClosed' },
  // Another screen makes another house active while Intel is kept; Intel is opened again.
  { type: 'intel.houseSeen', activeDistributor: portland },
  // Another view, which needs nothing loaded again.
  { type: 'route.changed', place: { pathname: '/intel/graph', search: '' }, params: {} },
  // The line chart needs the months the other views leave out.
  { type: 'route.changed', place: { pathname: '/intel/linechart', search: '' }, params: {} },
  // The house-switch child's houses for the selector, once, as the section opens.
  { type: 'houseSwitch.housesLoaded', houses: bostonFamily.houses, active: boston },
  // What the pages offer: the list's search, sort and pages; a detail page's search and Reveal; a graph card's Show More; the line chart's controls.
  { type: 'intel.searchApplied', search: 'Merchant 1' },
  { type: 'intel.sortChanged', column: 'merchant' },
  { type: 'intel.pageChanged', page: 2 },
  { type: 'intel.detailSearchApplied', search: 'chicken' },
  { type: 'intel.revealToggled', key: 'CP-000020 MIN-1 INV-1' },
  { type: 'intel.showMoreToggled', merchantId: 1 },
  { type: 'intel.monthsChanged', months: 12 },
  { type: 'intel.scaleToggled' },
  { type: 'intel.chartTablesToggled' },
];

export const sampleDebugDetails = {
  merchant: { id: 1, platformId: 'MP-1', merchant: 'Merchant 1', dcn: 'D-1' },
  distributors: [
    { dcn: 'D-1', distributor: 'Harbor Foods Boston', distributorPlatformId: 'CP-000010', volume: 750, competitor: false, isPreferredDistributor: true, percentage: 0.75 },
    { dcn: null, distributor: 'Metro Food Supply', distributorPlatformId: 'CP-000020', volume: 250, competitor: true, isPreferredDistributor: false, percentage: 0.25 },
  ],
  items: [],
};

export const debugDetailsEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadDetails', output: sampleDebugDetails },
  { type: 'xstate.error.actor.loadDetails', error: serverError },
  { type: 'debug.rangeChanged', range: otherRange },
  { type: 'debug.rangeChanged', range: tooLongRange },
];

/** One merchant's sellers with an item each: what the detail page's items call answers. */
export const sampleItemGroups = [
  {
    competitor: true, distributorPlatformId: 'CP-000020', distributor: 'Metro Food Supply', volume: 250,
    items: [{
      description: 'CHICKEN BREAST 6OZ', manufacturer: 'Tyson', packsize: '4/10 LB', category: 'Poultry', quantity: 5, uom: 'CS',
      rebateValue: 1.5, rebateType: 'FIXED_AMOUNT_PER_QTY' as const, deviationValue: null, startGuidanceRange: 45, endGuidanceRange: 55,
      purchase: 50, min: 'MIN-1', manufacturerPlatformId: 'MF-1', manufacturerGroupPlatformId: '', invoice_date: '2026-10-20', invoice_id: 'INV-1',
    }],
  },
];

export const intelItemsEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadItems', output: sampleItemGroups },
  { type: 'xstate.error.actor.loadItems', error: serverError },
  { type: 'items.retry' },
];
