import * as t from 'io-ts';
import { boundedString, Id, IdText } from './codec.ts';
import { IsoDate } from './dashboard.ts';
import { RebateType } from './rebates.ts';

/** Intel (analytics spec §2 Intel, §3, §7 POST /intel, §9): the contract of both sides. */

/** Spec §9: merchants per POST /intel; the client sends batches of this size, the server refuses more. */
export const INTEL_BATCH_SIZE = 250;
export const INTEL_BATCH_TOO_LARGE = `At most ${INTEL_BATCH_SIZE} merchants per intel request.`;

export const IntelPayload = t.intersection([
  t.type({
    startDate: IsoDate,
    endDate: IsoDate,
    merchants: t.array(t.type({ id: Id, merchant: boundedString('a merchant name', 0, 500) })),
  }),
  // The line chart's series: each merchant's volume per seller over the last 12 whole months
  // (the client slices 3, 6, 9 or 12 of them, so switching the range makes no call).
  // items false: each seller's volume without its items. A batch of 250 merchants holds some
  // 60,000 item rows a month at a large house; the list, graph and line chart need none, so the
  // client asks for items one merchant at a time, when its detail page opens. Default true.
  t.partial({ monthly: t.boolean, items: t.boolean }),
]);
export type IntelPayload = t.TypeOf<typeof IntelPayload>;

const nullableNumber = t.union([t.number, t.null]);

/** One item a merchant bought from one seller in the range; prices are those of the last order. */
export const IntelItem = t.type({
  description: t.string,
  manufacturer: t.string,
  packsize: t.string,
  category: t.string,
  quantity: t.number,
  uom: t.string,
  /** The item's rebate in force on the last order's date (null: none). */
  rebateValue: nullableNumber,
  rebateType: t.union([RebateType, t.null]),
  /** The active house's deviated price in force on the last order's date (null: none). */
  deviationValue: nullableNumber,
  startGuidanceRange: t.number,
  endGuidanceRange: t.number,
  /** Last order's unit price: the reported one, else the Market Index midpoint (domain guide). */
  purchase: t.number,
  min: t.string,
  manufacturerPlatformId: t.string,
  manufacturerGroupPlatformId: t.string,
  invoice_date: t.string,
  invoice_id: t.string,
});
export type IntelItem = t.TypeOf<typeof IntelItem>;

export const IntelGroup = t.type({
  competitor: t.boolean,
  distributorPlatformId: t.string,
  distributor: t.string,
  volume: t.number,
  items: t.array(IntelItem),
});
export type IntelGroup = t.TypeOf<typeof IntelGroup>;

export const MonthlyPoint = t.type({ month: t.string, distributor: t.string, volume: t.number });
export type MonthlyPoint = t.TypeOf<typeof MonthlyPoint>;

export const IntelMerchant = t.intersection([
  t.type({
    id: t.number,
    merchant: t.string,
    dcn: t.union([t.string, t.null]),
    totalVolume: t.number,
    competitorVolume: t.number,
    /** Fractions of totalVolume (0–1), 0 when there is no volume. */
    competitorVolumePerc: t.number,
    distributorVolume: t.number,
    distributorVolumePerc: t.number,
    noData: t.boolean,
    data: t.array(IntelGroup),
  }),
  t.partial({ monthly: t.array(MonthlyPoint) }),
]);
export type IntelMerchant = t.TypeOf<typeof IntelMerchant>;

export const IntelResponse = t.array(IntelMerchant);
export type IntelResponse = t.TypeOf<typeof IntelResponse>;

/** GET /api/debug/details/{merchantId}?startDate&endDate (internal admins). */
export const DebugParams = t.type({ merchantId: IdText });
export const DebugQuery = t.type({ startDate: IsoDate, endDate: IsoDate });
export type DebugQuery = t.TypeOf<typeof DebugQuery>;

export const DebugDistributorRow = t.type({
  dcn: t.union([t.string, t.null]),
  distributor: t.string,
  distributorPlatformId: t.string,
  volume: t.number,
  competitor: t.boolean,
  /** The active house's family: the merchant's preferred distributor. */
  isPreferredDistributor: t.boolean,
  percentage: t.number,
});
export type DebugDistributorRow = t.TypeOf<typeof DebugDistributorRow>;

export const DebugDetails = t.type({
  merchant: t.type({ id: t.number, platformId: t.string, merchant: t.string, dcn: t.union([t.string, t.null]) }),
  distributors: t.array(DebugDistributorRow),
  items: t.array(t.intersection([IntelItem, t.type({ distributor: t.string, competitor: t.boolean })])),
});
export type DebugDetails = t.TypeOf<typeof DebugDetails>;
