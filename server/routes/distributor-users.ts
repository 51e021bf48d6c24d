import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { House } from '../../src/model/distributor.ts';
import { PlatformIdQuery, type HouseUser, HouseUsers } from '../../src/model/house-users.ts';
import type { Deps } from '../deps.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { DistributorRow, ScopeUser } from '../repositories/scope.ts';
import { isLeader, mayActFor } from '../scope/visible-merchants.ts';
import { listOf, routeSchema } from '../http/route-schema.ts';

const NOT_YOURS = 'You may not see the users of this distributor.';

/** Listing a house's users is for those who may view as them: its Admin/Leadership, or internal admins. */
const mayListUsersOf = (me: ScopeUser, house: DistributorRow) =>
  mayActFor(me, house.id) && (me.internalAdmin || (isLeader(me) && me.familyRootId === (house.parent_id ?? house.id)));

export const distributorUsersRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  /** The house named by `?platformId`, once the caller is known to be allowed its users. */
  async function permittedHouse(request: FastifyRequest): Promise<DistributorRow> {
    const { platformId } = validate(PlatformIdQuery, request.query, 'query');
    const me = await request.scope.caller();
    const house = await deps.houseUsers.byPlatformId(platformId);
    // Only internal admins learn that a platform id does not exist; others get the same 403 either way.
    if (!house) throw me.internalAdmin ? notFound('No such distributor.') : forbidden(NOT_YOURS);
    if (!mayListUsersOf(me, house)) throw forbidden(NOT_YOURS);
    return house;
  }

  /** Every distributor, for the admin user-picker (internal admins only). */
  app.get('/distributor/all', { schema: routeSchema('Distributors', 'Every distributor', { answer: listOf(House) }) }, async (): Promise<House[]> => {
    return deps.scope.distributors('all');
  });

  app.get('/distributor/users-of-child', { schema: routeSchema('Distributors', 'The users of one distributor', { query: PlatformIdQuery, answer: HouseUsers }) }, async (request): Promise<HouseUser[]> => {
    const house = await permittedHouse(request);
    return deps.houseUsers.usersOf([house.id]);
  });

  app.get('/distributor/users-of-family', { schema: routeSchema('Distributors', 'The users of a distributor’s whole family', { query: PlatformIdQuery, answer: HouseUsers }) }, async (request): Promise<HouseUser[]> => {
    const house = await permittedHouse(request);
    return deps.houseUsers.usersOf(await deps.scope.familyOf(house.id));
  });
};
