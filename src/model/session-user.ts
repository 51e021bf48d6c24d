import * as t from 'io-ts';

export const Titles = ['Admin', 'Leadership', 'District Manager', 'Distributor Rep', 'Operations'] as const;
export const Title = t.keyof(Object.fromEntries(Titles.map((x) => [x, null])) as Record<(typeof Titles)[number], null>);
export type Title = t.TypeOf<typeof Title>;

export const ActiveDistributor = t.type({ id: t.number, platform_id: t.string, nickname: t.string });
export type ActiveDistributor = t.TypeOf<typeof ActiveDistributor>;

/** The user the client keeps in storage under `userData` (accounts spec §3, "Session user"). */
export const SessionUser = t.type({
  id: t.number,
  email: t.string,
  name: t.string,
  title: t.union([Title, t.null]),
  isInternalAdmin: t.boolean,
  internalAdmin: t.boolean,
  exportUser: t.boolean,
  isAdmin: t.boolean,
  isGroup: t.boolean,
  displayIntel: t.boolean,
  displayInvoice: t.boolean,
  displayPaymentInfo: t.boolean,
  isMultiHouse: t.boolean,
  channelPartner: t.union([t.type({ distributor_id: t.number }), t.null]),
  activeDistributor: t.union([ActiveDistributor, t.null]),
  impersonateAs: t.union([t.number, t.null]),
});
export type SessionUser = t.TypeOf<typeof SessionUser>;
