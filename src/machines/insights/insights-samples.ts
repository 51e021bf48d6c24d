import type { AnyEventObject } from 'xstate';
import type { CompetitiveItem, CompetitiveItems, InsightsMerchant, OrderHistory, OrderInvoice, WinBackList } from '../../model/insights.ts';
import { serverError } from '../dashboard/dashboard-samples.ts';

/** Sample answers and events for the competitive-insights machines (registry paths and tests). */

export { serverError };
export const SAMPLE_TODAY = '2026-11-21';
export const otherRange = { startDate: '2026-09-01', endDate: '2026-09-30' };
export const tooLongRange = { startDate: '2025-09-01', endDate: '2026-09-30' };

export const insightsMerchant = (id: number, total = 1000, competitor = 250): InsightsMerchant => ({
  id, platformId: `MP-${id}`, merchant: `Merchant ${id}`, dcn: id % 3 === 0 ? null : `D-${id}`,
  totalVolume: total, competitorVolume: competitor, competitorVolumePerc: total ? competitor / total : 0,
});
export const sampleMerchants = [insightsMerchant(1), insightsMerchant(2, 500, 400), insightsMerchant(3, 0, 0)];

export const insightsEvents: readonly AnyEventObject[] = [
  { type: 'insights.merchantsEntered', filter: null },
  { type: 'insights.merchantsEntered', filter: { category: 'Dairy' } },
  { type: 'xstate.done.actor.loadMerchants', output: sampleMerchants },
  { type: 'xstate.done.actor.loadMerchants', output: [insightsMerchant(2)] },
  { type: 'xstate.error.actor.loadMerchants', error: serverError },
  { type: 'insights.rangeChanged', range: otherRange },
  { type: 'insights.rangeChanged', range: tooLongRange },
  { type: 'insights.filterCleared' },
  { type: 'insights.retry' },
  { type: 'insights.redirected' },
  { type: 'insights.dialogClosed' },
];

const item = (min: string, category: string, distributor: string, volume: number): CompetitiveItem => ({
  description: `ITEM ${min}`, manufacturer: 'Acme Foods', packsize: '6/#10', category, quantity: 10, uom: 'CS',
  rebateValue: null, rebateType: null, deviationValue: null, startGuidanceRange: 4, endGuidanceRange: 6, purchase: 5,
  min, manufacturerPlatformId: 'MF-1', manufacturerGroupPlatformId: '', invoice_date: '2026-10-20', invoice_id: 'INV-1',
  distributor, distributorPlatformId: 'CP-000020', volume,
});
export const sampleItems: CompetitiveItems = {
  merchant: { id: 1, platformId: 'MP-1', merchant: 'Merchant 1', dcn: 'D-1' },
  totalVolume: 1000,
  competitorVolume: 250,
  competition: [item('M-1', 'Dairy', 'Metro Food Supply', 150), item('M-2', 'Produce', 'Metro Food Supply', 100)],
  self: [item('M-3', 'Dairy', 'Harbor Foods Boston', 750)],
};

export const itemsEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadItems', output: sampleItems },
  { type: 'xstate.error.actor.loadItems', error: serverError },
  { type: 'items.retry' },
  { type: 'items.rangeChanged', range: otherRange },
  { type: 'items.tabChanged', tab: 'self' },
  { type: 'items.categoriesChanged', categories: ['Dairy'] },
  { type: 'items.sortChanged', column: 'description' },
];

export const sampleInvoice = (date: string, invoiceId = 'INV-1'): OrderInvoice => ({
  date, distributor: 'Metro Food Supply', distributorPlatformId: 'CP-000020', invoiceId, estimatedVolume: 50,
  lines: [{
    min: 'M-1', description: 'ITEM M-1', manufacturer: 'Acme Foods', manufacturerPlatformId: 'MF-1', category: 'Dairy', packsize: '6/#10',
    uom: 'CS', quantity: 10, startGuidanceRange: 4, endGuidanceRange: 6, volumeLow: 40, volumeHigh: 60, estimatedVolume: 50,
  }],
});
export const sampleHistory = (date = '2026-10-20'): OrderHistory => [{ id: 1, merchant: 'Merchant 1', invoices: [sampleInvoice(date)] }];

export const orderHistoryEvents: readonly AnyEventObject[] = [
  { type: 'orders.opened' },
  { type: 'xstate.done.actor.loadMonth', output: sampleHistory() },
  { type: 'xstate.error.actor.loadMonth', error: serverError },
  { type: 'orders.lastMonth' },
  { type: 'orders.nextMonth' },
  { type: 'orders.retry' },
];

export const competitorOrderEvents: readonly AnyEventObject[] = [
  { type: 'order.opened' },
  { type: 'xstate.done.actor.loadDay', output: sampleHistory() },
  { type: 'xstate.error.actor.loadDay', error: serverError },
  { type: 'order.retry' },
  { type: 'order.sortChanged', column: 'description' },
];

export const sampleWinBack: WinBackList = {
  totalAtStake: 80, totalRebate: 6,
  rows: [{
    min: 'M-1', description: 'ITEM M-1', manufacturer: 'Acme Foods', manufacturerPlatformId: 'MF-1', category: 'Dairy', quantity: 4,
    competitorVolume: 80, estimatedRebate: 6, moneyAtStake: 80,
    replacement: { min: 'M-9', description: 'HOUSE ITEM', manufacturerName: 'Acme Foods', manufacturerPlatformId: 'MF-1', pack: '6/#10', rebateType: 'PERCENT_OF_PRICE', rebateValue: 10, deviationValue: 15, recommended: false },
  }],
};

export const winBackEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadWinBack', output: sampleWinBack },
  { type: 'xstate.error.actor.loadWinBack', error: serverError },
  { type: 'winback.retry' },
  { type: 'winback.rangeChanged', range: otherRange },
];
