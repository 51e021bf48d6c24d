import * as t from 'io-ts';
import { boundedString, pattern } from './codec.ts';
import { IsoDate } from './dashboard.ts';
import { RebateType } from './rebates.ts';

/** A MIN as the catalogue writes it: letters, digits and dashes, at most 40 characters. */
export const Min = pattern('a MIN (letters, digits, dashes)', /^[A-Za-z0-9-]{1,40}$/);

/** POST /match (analytics spec §3 "Match request"). */
export const MatchRequest = t.type({
  min: Min,
  manufacturerPlatformId: boundedString('a manufacturer platform id', 1, 40),
  // Matches do not depend on the merchant in this data; it is checked for shape and kept for the contract.
  merchantPlatformId: boundedString('a merchant platform id', 1, 40),
  startDate: IsoDate,
  endDate: IsoDate,
});
export type MatchRequest = t.TypeOf<typeof MatchRequest>;

/** POST /full-rebate-deviation/matches: the side panel of the list; rebates in force today. */
export const PanelMatchRequest = t.type({ min: Min, manufacturerPlatformId: MatchRequest.props.manufacturerPlatformId });
export type PanelMatchRequest = t.TypeOf<typeof PanelMatchRequest>;

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

/** A similar item (spec §3 "Item match"). */
export const ItemMatch = t.type({
  min: t.string,
  description: t.string,
  manufacturerName: t.string,
  manufacturerPlatformId: t.string,
  pack: Nullable(t.string),
  uom: Nullable(t.string),
  rebateType: Nullable(RebateType),
  rebateValue: Nullable(t.number),
  rebateWithSymbol: Nullable(t.string),
  deviationValue: Nullable(t.number),
  deviationDollar: Nullable(t.string),
  inCatalog: t.union([t.literal('Y'), t.literal('N')]),
  /** true when a user of the caller's distributor family recommended it. */
  recommended: t.boolean,
});
export type ItemMatch = t.TypeOf<typeof ItemMatch>;
export const ItemMatchList = t.array(ItemMatch);

/** The similar items whose MIN, description or manufacturer contain the search (case aside). */
export function searchMatches(matches: ItemMatch[], search: string): ItemMatch[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? matches : matches.filter((m) => [m.min, m.description, m.manufacturerName].some((v) => v.toLowerCase().includes(needle)));
}
