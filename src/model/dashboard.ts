import * as t from 'io-ts';
import { calendarDate, Id } from './codec.ts';

/** Calendar dates travel as YYYY-MM-DD strings, never as instants; a real day of 2000–2099. */
export const IsoDate = calendarDate('2000-01-01', '2099-12-31');

export const MAX_RANGE_DAYS = 365;
export const RANGE_TOO_LONG_MESSAGE = 'Please enter a date range no greater than 1 year.';
/** Dashboard and Intel: the merchant list of the house could not be loaded (spec §8). */
export const MERCHANTS_FAILED_MESSAGE = "We couldn't load the merchant list for this distributor. Please try refreshing the page.";

const MerchantIds = t.array(Id);

export const DashboardPayload = t.intersection([
  t.type({
    startDate: IsoDate,
    endDate: IsoDate,
    showRebates: t.union([t.literal(0), t.literal(1)]),
    showDeviations: t.union([t.literal(0), t.literal(1)]),
    merchants: MerchantIds,
  }),
  t.partial({ showLineItems: t.boolean }),
]);
export type DashboardPayload = t.TypeOf<typeof DashboardPayload>;

const Lost = { volume: t.number, rebate: t.number, deviation: t.number };

export const DashboardResponse = t.type({
  totalVolume: t.number,
  competitorVolume: t.number,
  totalRebates: t.number,
  annualizedRebates: t.number,
  lostItemCategories: t.array(t.type({ category: t.string, ...Lost })),
  lostItemDescriptions: t.array(t.type({ item: t.string, min: t.string, ...Lost })),
  volumeByMerchant: t.array(t.type({ platformId: t.string, volume: t.number })),
  volumeByMonth: t.array(
    t.type({
      month: t.string, // YYYY-MM
      distributor: t.number,
      allCompVolume: t.number,
      competitors: t.array(t.type({ name: t.string, volume: t.number })),
    }),
  ),
});
export type DashboardResponse = t.TypeOf<typeof DashboardResponse>;

export const MerchantIdsPayload = t.type({ merchantIds: MerchantIds });
export type MerchantIdsPayload = t.TypeOf<typeof MerchantIdsPayload>;

export const LostVolumeResponse = t.type({
  data: t.array(t.type({ locationName: t.string, lastMonthPurchase: t.number, twoMonthsAgoPurchase: t.number })),
  totalLastMonthPurchase: t.number,
  totalTwoMonthsAgoPurchase: t.number,
});
export type LostVolumeResponse = t.TypeOf<typeof LostVolumeResponse>;

export const MonthlyVolumeResponse = t.type({ data: t.array(t.type({ month: t.string, totalPurchase: t.number })) });
export type MonthlyVolumeResponse = t.TypeOf<typeof MonthlyVolumeResponse>;

/** A location of the active distributor the caller may see. */
export const Merchant = t.type({ id: t.number, platformId: t.string, merchant: t.string, dcn: t.union([t.string, t.null]) });
export type Merchant = t.TypeOf<typeof Merchant>;
export const MerchantList = t.array(Merchant);
