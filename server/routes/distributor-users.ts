import type { FastifyRequest } from 'fastify';
import { House } from '../../src/model/distributor.ts';
import { PlatformIdQuery, type HouseUser, HouseUsers } from '../../src/model/house-users.ts';
import { routesUsing } from '../plugins/services.ts';
import { validate } from '../http/validate.ts';
import type { DistributorRow } from '../repositories/scope.ts';
import { housePolicy } from '../policies/house-policy.ts';
import { enforce } from '../policies/refusal.ts';
import { listOf, routeSchema } from '../http/route-schema.ts';


export const distributorUsersRoutes = routesUsing(['houseUsers', 'scope'], async (app) => {
  /** The house named by `?platformId`, once the caller is known to be allowed its users. */
  async function permittedHouse(request: FastifyRequest): Promise<DistributorRow> {
    const { platformId } = validate(PlatformIdQuery, request.query, 'query');
    const me = await request.scope.caller();
    const house = await app.houseUsers.byPlatformId(platformId);
    enforce(housePolicy.listUsers(me, house));
    return house!;
  }

  /** Every distributor, for the admin user-picker (internal admins only). */
  app.get('/distributor/all', { schema: routeSchema('Distributors', 'Every distributor', { answer: listOf(House) }) }, async (): Promise<House[]> => {
    return app.scope.distributors('all');
  });

  app.get('/distributor/users-of-child', { schema: routeSchema('Distributors', 'The users of one distributor', { query: PlatformIdQuery, answer: HouseUsers }) }, async (request): Promise<HouseUser[]> => {
    const house = await permittedHouse(request);
    return app.houseUsers.usersOf([house.id]);
  });

  app.get('/distributor/users-of-family', { schema: routeSchema('Distributors', 'The users of a distributor’s whole family', { query: PlatformIdQuery, answer: HouseUsers }) }, async (request): Promise<HouseUser[]> => {
    const house = await permittedHouse(request);
    return app.houseUsers.usersOf(await app.scope.familyOf(house.id));
  });
});
