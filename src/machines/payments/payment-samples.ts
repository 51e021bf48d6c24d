import type { AnyEventObject } from 'xstate';
import type { QuarterOption, RebateCheck } from '../../model/payments.ts';
import { serverError } from '../dashboard/dashboard-samples.ts';

/** Sample answers and events for the payment machines (registry paths and tests). */

export { serverError };
export const sampleQuarters: QuarterOption[] = [
  { label: '2026 Quarter 4', value: '26Q4' },
  { label: '2026 Quarter 3', value: '26Q3' },
];

export const sampleCheck = (merchantid: number, amount = 100, paymentmethod = 'Check', manufacturers = 3): RebateCheck => ({
  merchantid,
  platformClientId: `MP-${merchantid}`,
  merchant: `Merchant ${merchantid}`,
  amount,
  checkno: String(100000 + merchantid),
  distributordistrict: `District ${(merchantid % 4) + 1}`,
  paymentmethod,
  paymentrouting: ['Distributor', 'Sales', 'Member', 'Portal', 'Offset'][merchantid % 5]!,
  status: 'Paid',
  accountname: `Account ${merchantid}`,
  accountmaprelationship: `Harbor Foods Boston - Account ${merchantid}`,
  sfid: `a0X${merchantid}`,
  toMerchantsCheckBreakdown: [{ merchant: `Merchant ${merchantid}`, amount }],
  fromManufacturersCheckBreakdown: Array.from({ length: manufacturers }, (_, i) => ({ manufacturer: `Maker ${i + 1}`, amount: amount / manufacturers })),
});

export const sampleChecks: RebateCheck[] = [sampleCheck(1, 120.5), sampleCheck(2, 80, 'ACH'), sampleCheck(3, 45.25)];
export const manyMakersCheck = sampleCheck(7, 900, 'Check', 40);

export const checkListEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadQuarters', output: sampleQuarters },
  { type: 'xstate.error.actor.loadQuarters', error: serverError },
  { type: 'xstate.done.actor.loadChecks', output: sampleChecks },
  { type: 'xstate.error.actor.loadChecks', error: serverError },
  { type: 'checks.quarterChanged', timeframe: '26Q3' },
  { type: 'checks.rowToggled', merchantId: 1 },
  { type: 'checks.detailsToggled' },
  { type: 'checks.download' },
  { type: 'checks.print' },
  { type: 'checks.summary' },
  { type: 'checks.panelOpened', merchantId: 1 },
  { type: 'checks.panelClosed' },
  { type: 'transfer.progress', loaded: 2048, total: null },
  { type: 'transfer.delivered' },
  { type: 'xstate.error.actor.transfer', error: serverError },
];

export const checkDetailsEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadQuarters', output: sampleQuarters },
  { type: 'xstate.error.actor.loadQuarters', error: serverError },
  { type: 'xstate.done.actor.loadCheck', output: manyMakersCheck },
  { type: 'xstate.done.actor.loadCheck', output: { sfid: null } },
  { type: 'xstate.error.actor.loadCheck', error: serverError },
  { type: 'details.quarterChanged', timeframe: '26Q3' },
  { type: 'details.more', donut: 'manufacturers' },
  { type: 'details.retry' },
  { type: 'voucher.open' },
  { type: 'voucher.ready', url: 'blob:voucher' },
  { type: 'voucher.failed' },
  { type: 'voucher.close' },
];

/** The merchant page hears of its route only when the name in it changes (the id makes another page). */
export const merchantCheckPageEvents: readonly AnyEventObject[] = [
  { type: 'route.changed', place: { pathname: '/paymentinformation/101/Harbor%20Grill%20East', search: '' }, params: { merchantid: '101', merchant: 'Harbor Grill East' } },
];
