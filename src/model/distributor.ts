import * as t from 'io-ts';
import { IdText } from './codec.ts';
import { ActiveDistributor } from './session-user.ts';

/** A house the user may act for; parent_id links a house to its family head (null at the top). */
export const House = t.type({ id: t.number, platform_id: t.string, nickname: t.string, parent_id: t.union([t.number, t.null]) });
export type House = t.TypeOf<typeof House>;

/**
 * GET /api/user/current-distributor: the active house and every house the user may switch to
 * (family heads left out: nobody acts for them); `movedFrom`: the family head the user's saved
 * active house was, when this call moved them off it to `active` (else null).
 */
export const CurrentDistributor = t.type({ active: ActiveDistributor, houses: t.array(House), movedFrom: t.union([ActiveDistributor, t.null]) });
export type CurrentDistributor = t.TypeOf<typeof CurrentDistributor>;

/** POST /api/user/active-distributor/{id}: the new channel partner and active house. */
export const ActiveDistributorResponse = t.type({
  channelPartner: t.type({ distributor_id: t.number }),
  activeDistributor: ActiveDistributor,
});
export type ActiveDistributorResponse = t.TypeOf<typeof ActiveDistributorResponse>;


/** GET /api/distributor?userId=: whose houses (none: the caller's). */
export const HousesOfUserQuery = t.partial({ userId: IdText });

/** Why a family head cannot be the active house (the server's 400, and the notice after a move). */
export const familyHeadRefused = (head: string) =>
  `${head} heads a family of houses and has no purchases of its own: choose one of its houses.`;

/** The notice of a move off a family head to the first house the user may act for. */
export const movedOffFamilyHead = (head: string, house: string) => ({
  title: 'Your house has changed',
  message: `${head} heads a family of houses and has no purchases of its own, so you now act for ${house}.`,
});
