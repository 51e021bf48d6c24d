// What a voucher and a check-details document show, whichever source fills it: a rebate check of
// the database (payment information) or the rows of an admin's spreadsheet (business panel).
import { formatMoney } from '../../src/model/format.ts';
import { quarterEndDay, quarterLabel, type RebateCheck } from '../../src/model/payments.ts';

/** The GPO pays every rebate check: the payer printed on each voucher. */
export const PAYER = { name: 'Platform Purchasing Group — Rebate Program', address: ['Accounts Payable', '100 Platform Way, Boston, MA 02110'] };

export interface Breakdown {
  name: string;
  amount: number;
}

export interface VoucherData {
  payee: string;
  relationship: string;
  /** The merchant's platform id (empty when the spreadsheet gives none). */
  platformClientId: string;
  checkno: string;
  amount: number;
  paymentmethod: string;
  /** YYYY-MM-DD, or '' when unknown. */
  date: string;
  quarter: string;
  locations: Breakdown[];
  manufacturers: Breakdown[];
}

export function fromRebateCheck(check: RebateCheck, timeframe: string): VoucherData {
  return {
    payee: check.accountname ?? check.merchant,
    relationship: check.accountmaprelationship ?? '',
    platformClientId: check.platformClientId,
    checkno: check.checkno ?? '',
    amount: check.amount,
    paymentmethod: check.paymentmethod,
    date: quarterEndDay(timeframe),
    quarter: quarterLabel(timeframe),
    locations: check.toMerchantsCheckBreakdown.map((s) => ({ name: s.merchant, amount: s.amount })),
    manufacturers: check.fromManufacturersCheckBreakdown.map((s) => ({ name: s.manufacturer, amount: s.amount })),
  };
}

export const money = formatMoney;
