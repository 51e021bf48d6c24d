import * as t from 'io-ts';
import { IdText } from './codec.ts';
import { ActiveDistributor } from './session-user.ts';

/** A house the user may act for; parent_id links a house to its family head (null at the top). */
export const House = t.type({ id: t.number, platform_id: t.string, nickname: t.string, parent_id: t.union([t.number, t.null]) });
export type House = t.TypeOf<typeof House>;

/** GET /api/user/current-distributor: the active house and every house the user may switch to. */
export const CurrentDistributor = t.type({ active: ActiveDistributor, houses: t.array(House) });
export type CurrentDistributor = t.TypeOf<typeof CurrentDistributor>;

/** POST /api/user/active-distributor/{id}: the new channel partner and active house. */
export const ActiveDistributorResponse = t.type({
  channelPartner: t.type({ distributor_id: t.number }),
  activeDistributor: ActiveDistributor,
});
export type ActiveDistributorResponse = t.TypeOf<typeof ActiveDistributorResponse>;


/** GET /api/distributor?userId=: whose houses (none: the caller's). */
export const HousesOfUserQuery = t.partial({ userId: IdText });
