import * as t from 'io-ts';
import { boundedString, Id } from './codec.ts';
import { IsoDate } from './dashboard.ts';
import { IntelItem } from './intel.ts';
import { Min } from './match.ts';
import { RebateType } from './rebates.ts';

/**
 * Competitive insights, order history and the win-back list (analytics spec §2 Competitive
 * insights, §4, §7 the order history fetch; docs/insights.md): the contract of both sides.
 */

const Range = { startDate: IsoDate, endDate: IsoDate };
const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

/** POST /api/competitive/merchants: the visible merchants' volumes, optionally only those that lost a category or item. */
export const InsightsMerchantsPayload = t.intersection([
  t.type(Range),
  t.partial({ category: boundedString('a category name', 1, 200), item: Min }),
]);
export type InsightsMerchantsPayload = t.TypeOf<typeof InsightsMerchantsPayload>;

export const InsightsMerchant = t.type({
  id: t.number,
  platformId: t.string,
  merchant: t.string,
  dcn: nullable(t.string),
  totalVolume: t.number,
  competitorVolume: t.number,
  /** A fraction of totalVolume (0–1), 0 without volume. */
  competitorVolumePerc: t.number,
});
export type InsightsMerchant = t.TypeOf<typeof InsightsMerchant>;
export const InsightsMerchants = t.array(InsightsMerchant);

/** POST /api/competitive/items: one merchant's items, bought from competitors and from the house. */
export const CompetitiveItemsPayload = t.type({ ...Range, merchantId: Id });
export type CompetitiveItemsPayload = t.TypeOf<typeof CompetitiveItemsPayload>;

export const CompetitiveItem = t.intersection([IntelItem, t.type({ distributor: t.string, distributorPlatformId: t.string, volume: t.number })]);
export type CompetitiveItem = t.TypeOf<typeof CompetitiveItem>;

export const CompetitiveItems = t.type({
  merchant: t.type({ id: t.number, platformId: t.string, merchant: t.string, dcn: nullable(t.string) }),
  totalVolume: t.number,
  competitorVolume: t.number,
  competition: t.array(CompetitiveItem),
  self: t.array(CompetitiveItem),
});
export type CompetitiveItems = t.TypeOf<typeof CompetitiveItems>;

/** Merchants per order-history call: one screen asks for one; a few more for scripts. */
export const ORDER_HISTORY_MERCHANTS = 25;
export const ORDER_HISTORY_ONE_MONTH = 'Order history is fetched one calendar month at a time: startDate and endDate must lie in the same month.';

/** The order history fetch (spec §7): POST /api/competitive/order-history. */
export const OrderHistoryPayload = t.type({
  ...Range,
  showLineItems: t.literal(true),
  merchants: t.array(t.type({ id: Id, merchant: boundedString('a merchant name', 0, 500) })),
});
export type OrderHistoryPayload = t.TypeOf<typeof OrderHistoryPayload>;

export const OrderLine = t.type({
  min: t.string,
  description: t.string,
  manufacturer: t.string,
  manufacturerPlatformId: t.string,
  category: t.string,
  packsize: t.string,
  uom: t.string,
  quantity: t.number,
  startGuidanceRange: t.number,
  endGuidanceRange: t.number,
  /** Volume estimate (domain guide): start × quantity … end × quantity. */
  volumeLow: t.number,
  volumeHigh: t.number,
  /** Midpoint × quantity: the line's part of the order volume. */
  estimatedVolume: t.number,
});
export type OrderLine = t.TypeOf<typeof OrderLine>;

export const OrderInvoice = t.type({
  date: t.string,
  distributor: t.string,
  distributorPlatformId: t.string,
  invoiceId: t.string,
  /** Order volume: midpoint × quantity summed over the invoice's lines. */
  estimatedVolume: t.number,
  lines: t.array(OrderLine),
});
export type OrderInvoice = t.TypeOf<typeof OrderInvoice>;

export const OrderHistoryMerchant = t.type({ id: t.number, merchant: t.string, invoices: t.array(OrderInvoice) });
export const OrderHistory = t.array(OrderHistoryMerchant);
export type OrderHistory = t.TypeOf<typeof OrderHistory>;

/** POST /api/competitive/win-back: one merchant's (merchantId) or the whole visible house's. */
export const WinBackPayload = t.intersection([t.type(Range), t.partial({ merchantId: Id })]);
export type WinBackPayload = t.TypeOf<typeof WinBackPayload>;

export const Replacement = t.type({
  min: t.string,
  description: t.string,
  manufacturerName: t.string,
  manufacturerPlatformId: t.string,
  pack: nullable(t.string),
  rebateType: nullable(RebateType),
  rebateValue: nullable(t.number),
  deviationValue: nullable(t.number),
  recommended: t.boolean,
});
export type Replacement = t.TypeOf<typeof Replacement>;

export const WinBackRow = t.type({
  min: t.string,
  description: t.string,
  manufacturer: t.string,
  manufacturerPlatformId: t.string,
  category: t.string,
  quantity: t.number,
  competitorVolume: t.number,
  replacement: nullable(Replacement),
  /** The replacement's rebate on the same quantity bought from the house (0 without one). */
  estimatedRebate: t.number,
  /** What the house stands to win: the competitor volume (docs/insights.md). */
  moneyAtStake: t.number,
});
export type WinBackRow = t.TypeOf<typeof WinBackRow>;
export const WinBackList = t.type({ totalAtStake: t.number, totalRebate: t.number, rows: t.array(WinBackRow) });
export type WinBackList = t.TypeOf<typeof WinBackList>;

/** Rows of the house-wide list (the merchant's list has every lost item). */
export const WINBACK_HOUSE_ROWS = 500;
