import * as t from 'io-ts';
import { AMOUNT_RANGE, isAmountInRange } from './amounts.ts';
import { boundedString, Id, IdText, pattern } from './codec.ts';

/**
 * Rebate checks (accounts spec §2.7, §3, §4, §7 rebate checks, §9; domain guide "Rebate checks"):
 * the contract of both sides and the pure rules the list, side panel and documents share.
 */

// ---- Quarters (spec §9) ----------------------------------------------------------------------

export const QUARTERS_SHOWN = 8;

/** A quarter as the calls name it: '{yy}Q{n}'. */
export const Timeframe = pattern('a quarter like 26Q4', /^\d{2}Q[1-4]$/);
export type Timeframe = t.TypeOf<typeof Timeframe>;

export const QuarterOption = t.type({ label: t.string, value: t.string });
export type QuarterOption = t.TypeOf<typeof QuarterOption>;
export const QuarterOptions = t.array(QuarterOption);

/** Spec §9: quarter = floor((month + 3) / 3) with a 0-based month. */
export const quarterOfMonth = (month0: number): number => Math.floor((month0 + 3) / 3);

/** The last 8 quarters up to the one `today` (UTC) falls in, newest first. */
export function payPeriods(today: Date, count = QUARTERS_SHOWN): QuarterOption[] {
  let year = today.getUTCFullYear();
  let quarter = quarterOfMonth(today.getUTCMonth());
  const out: QuarterOption[] = [];
  for (let i = 0; i < count; i++) {
    out.push({ label: `${year} Quarter ${quarter}`, value: `${String(year % 100).padStart(2, '0')}Q${quarter}` });
    if (--quarter === 0) {
      quarter = 4;
      year--;
    }
  }
  return out;
}

/** '26Q3' → '2026 Quarter 3' (the seed's and the calls' quarters are this century's). */
export const quarterLabel = (timeframe: string): string => `20${timeframe.slice(0, 2)} Quarter ${timeframe.slice(3)}`;

/** The day a quarter's checks are dated: its last day (YYYY-MM-DD). */
export function quarterEndDay(timeframe: string): string {
  const year = 2000 + Number(timeframe.slice(0, 2));
  const quarter = Number(timeframe.slice(3));
  return new Date(Date.UTC(year, quarter * 3, 0)).toISOString().slice(0, 10);
}

// ---- Checks (spec §3) ------------------------------------------------------------------------

export const ROUTINGS = ['Distributor', 'Sales', 'Member', 'Portal', 'Offset'] as const;
export type Routing = (typeof ROUTINGS)[number];
export type RoutingFilter = 'All' | Routing;
export const ROUTING_FILTERS: readonly RoutingFilter[] = ['All', ...ROUTINGS];

export const LocationSlice = t.type({ merchant: t.string, amount: t.number });
export const ManufacturerSlice = t.type({ manufacturer: t.string, amount: t.number });
export type LocationSlice = t.TypeOf<typeof LocationSlice>;
export type ManufacturerSlice = t.TypeOf<typeof ManufacturerSlice>;

/**
 * A check as the quarter's list shows, searches, filters and totals it, and no more: a house of
 * 5,000 merchants is one answer, and its size is the list's time.
 */
export const CheckSummary = t.type({
  merchantid: t.number,
  /** The merchant's platform id (the list's 'platform client id'). */
  platformClientId: t.string,
  /** The merchant's name (the list's 'customer name'). */
  merchant: t.string,
  amount: t.number,
  checkno: t.union([t.string, t.null]),
  distributordistrict: t.union([t.string, t.null]),
  /** 'Check'; any other value counts as ACH. */
  paymentmethod: t.string,
  paymentrouting: t.union([t.string, t.null]),
});
export type CheckSummary = t.TypeOf<typeof CheckSummary>;
export const CheckSummaries = t.array(CheckSummary);

/** What only the side panel and the documents show: the payee, the record's ids, and the breakdowns. */
export const CheckParticulars = t.type({
  status: t.string,
  accountname: t.union([t.string, t.null]),
  accountmaprelationship: t.union([t.string, t.null]),
  sfid: t.string,
  toMerchantsCheckBreakdown: t.array(LocationSlice),
  fromManufacturersCheckBreakdown: t.array(ManufacturerSlice),
});

/** The spec's whole check: POST /check, the documents, and POST /checks with `breakdowns: true`. */
export const RebateCheck = t.intersection([CheckSummary, CheckParticulars]);
export type RebateCheck = t.TypeOf<typeof RebateCheck>;
export const RebateChecks = t.array(RebateCheck);

/** POST /rebate-checks/check: the check, or `{sfid: null}` when the merchant has none that quarter. */
export const NoCheck = t.type({ sfid: t.null });
export const CheckAnswer = t.union([RebateCheck, NoCheck]);
export type CheckAnswer = t.TypeOf<typeof CheckAnswer>;
export const hasCheck = (a: CheckAnswer): a is RebateCheck => a.sfid !== null;

// ---- Payloads (spec §7) ----------------------------------------------------------------------
// distributorId / distributorPlatformId are what the client sends (the impersonateAs house, spec
// §4); the server computes over the caller's active house and View As scope whatever they say.

const house = t.partial({ distributorId: t.union([Id, t.null]), distributorPlatformId: t.union([boundedString('a platform id', 0, 40), t.null]) });
const MerchantIds = t.array(Id);

export const PayPeriodsPayload = t.partial({ timeframe: t.union([t.string, t.null]), merchantIds: MerchantIds, distributorId: t.union([Id, t.null]), distributorPlatformId: t.union([t.string, t.null]) });
export const ChecksPayload = t.intersection([t.type({ timeframe: Timeframe, merchantIds: MerchantIds }), house]);
export type ChecksPayload = t.TypeOf<typeof ChecksPayload>;
/** POST /rebate-checks/checks: summaries, or with `breakdowns: true` the spec's whole checks (both breakdowns). */
export const ChecksListPayload = t.intersection([ChecksPayload, t.partial({ breakdowns: t.boolean })]);
export type ChecksListPayload = t.TypeOf<typeof ChecksListPayload>;
export const CheckPayload = t.intersection([t.type({ timeframe: Timeframe, merchantId: Id }), house]);
export type CheckPayload = t.TypeOf<typeof CheckPayload>;

export const SORT_COLUMNS = ['platformClientId', 'merchant', 'distributordistrict', 'checkno', 'amount'] as const;
export type CheckSortColumn = (typeof SORT_COLUMNS)[number];
export const CheckSort = t.type({
  column: t.keyof(Object.fromEntries(SORT_COLUMNS.map((c) => [c, null])) as Record<CheckSortColumn, null>),
  descending: t.boolean,
});
export type CheckSort = t.TypeOf<typeof CheckSort>;
export const DEFAULT_SORT: CheckSort = { column: 'merchant', descending: false };

/** Most merchants one bulk export or print may name (a whole house of the benchmark fits). */
export const BULK_LIMIT = 5000;
export const BULK_TOO_LARGE = `At most ${BULK_LIMIT} checks per export.`;
export const NOTHING_TO_EXPORT = 'Turn on Vouchers or Details (or both) first.';

export const BulkPayload = t.intersection([
  t.type({ timeframe: Timeframe, merchantIds: MerchantIds, getVouchers: t.boolean, getCheckDetails: t.boolean }),
  t.partial({ sortState: t.union([CheckSort, t.null]) }),
  house,
]);
export type BulkPayload = t.TypeOf<typeof BulkPayload>;

/** GET /rebate-checks/voucher/{checkId}: the URL check-pic answers with. */
export const VoucherParams = t.type({ checkId: IdText });
export const voucherUrl = (checkId: number): string => `/rebate-checks/voucher/${checkId}`;

// ---- Rules the list and the panel share (spec §9) ---------------------------------------------

export const isCheckPayment = (c: Pick<CheckSummary, 'paymentmethod'>): boolean => c.paymentmethod === 'Check';
/** How a check was paid and its number: 'Check 10422', 'ACH 58478733'; ACH numbers that carry the word already are shown once ('ACH58478733'). */
export function paymentLabel(c: Pick<CheckSummary, 'paymentmethod' | 'checkno'>): string {
  const method = isCheckPayment(c) ? 'Check' : 'ACH';
  const number = c.checkno ?? '';
  return number.toUpperCase().startsWith(method.toUpperCase()) ? number : `${method} ${number}`.trim();
}

export interface CheckTotals {
  payments: number;
  amount: number;
  check: number;
  ach: number;
}

/** Total payments and amounts: 'Check' sums as check, any other method as ACH (in cents, so they add up). */
export function checkTotals(checks: readonly Pick<CheckSummary, 'amount' | 'paymentmethod'>[]): CheckTotals {
  let check = 0;
  let ach = 0;
  for (const c of checks) {
    const cents = Math.round(c.amount * 100);
    if (isCheckPayment(c)) check += cents;
    else ach += cents;
  }
  return { payments: checks.length, amount: (check + ach) / 100, check: check / 100, ach: ach / 100 };
}

/** The rows the list shows: routing filter, then search over id, name, district and check number, then the sort. */
export function visibleChecks<C extends CheckSummary>(checks: readonly C[], routing: RoutingFilter, search: string, sort: CheckSort): C[] {
  const needle = search.trim().toLowerCase();
  const rows = checks.filter(
    (c) =>
      (routing === 'All' || c.paymentrouting === routing) &&
      (needle === '' || [c.platformClientId, c.merchant, c.distributordistrict ?? '', c.checkno ?? ''].some((v) => v.toLowerCase().includes(needle))),
  );
  return sortChecks(rows, sort);
}

export function sortChecks<C extends Pick<CheckSummary, CheckSortColumn | 'merchantid'>>(rows: readonly C[], sort: CheckSort): C[] {
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[sort.column] ?? '';
    const y = b[sort.column] ?? '';
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { numeric: true });
    return order !== 0 ? sign * order : a.merchantid - b.merchantid;
  });
}

/** Spec §9: the donuts draw the top 15 slices first; Show more / Show less move by 15. */
export const DONUT_STEP = 15;

/** Largest first; the first `shown` are drawn, the rest listed with their amounts. */
export function donutSlices<S extends { amount: number }>(slices: readonly S[], shown: number): { drawn: S[]; rest: S[] } {
  const sorted = [...slices].sort((a, b) => b.amount - a.amount);
  return { drawn: sorted.slice(0, shown), rest: sorted.slice(shown) };
}

// ---- File names (spec §9) ----------------------------------------------------------------------

export const bulkExportName = (timeframe: string) => `${timeframe} - BulkExport.zip`;
export const bulkPrintName = (timeframe: string) => `${timeframe} - BulkPrint.pdf`;
export const payNoPayName = (timeframe: string, relationship: string) => `${timeframe} - Pay-No Pay Summary - ${relationship}.xlsx`;
export const checkDetailsName = (timeframe: string, name: string) => `${timeframe} - Check Details - ${name}.pdf`;
export const voucherName = (timeframe: string, name: string) => `${timeframe} - Voucher - ${name}.pdf`;
export const breakdownCsvName = (timeframe: string, name: string) => `${timeframe} - Check Breakdown - ${name}.csv`;

/** The side panel's Export Data: both breakdowns as CSV rows. */
export function breakdownRows(check: RebateCheck): Record<string, string | number>[] {
  return [
    ...check.toMerchantsCheckBreakdown.map((s) => ({ Breakdown: 'Location', Name: s.merchant, Amount: s.amount.toFixed(2) })),
    ...check.fromManufacturersCheckBreakdown.map((s) => ({ Breakdown: 'Manufacturer', Name: s.manufacturer, Amount: s.amount.toFixed(2) })),
  ];
}

// ---- Amount in words (the voucher) -------------------------------------------------------------

const ONES = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const SCALES = ['', 'Thousand', 'Million', 'Billion', 'Trillion'];

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest >= 20) parts.push(TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${ONES[rest % 10]}` : ''));
  else if (rest > 0) parts.push(ONES[rest]!);
  return parts.join(' ');
}

/**
 * As written on a check: 1234.5 → 'One Thousand Two Hundred Thirty-Four and 50/100 Dollars'.
 * Throws a RangeError outside the domain's range (NaN and Infinity included); the loop is bounded
 * by the scales it can name either way.
 */
export function amountInWords(amount: number): string {
  if (!isAmountInRange(amount, true)) throw new RangeError(`The amount ${amount} is outside ${AMOUNT_RANGE.signed}.`);
  const cents = Math.round(Math.abs(amount) * 100);
  let dollars = Math.floor(cents / 100);
  const words: string[] = [];
  for (let scale = 0; dollars > 0 && scale < SCALES.length; scale++, dollars = Math.floor(dollars / 1000)) {
    const chunk = dollars % 1000;
    if (chunk) words.unshift(`${belowThousand(chunk)}${SCALES[scale] ? ` ${SCALES[scale]}` : ''}`);
  }
  return `${words.length ? words.join(' ') : 'Zero'} and ${String(cents % 100).padStart(2, '0')}/100 Dollars`;
}
