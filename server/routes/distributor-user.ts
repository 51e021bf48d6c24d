import { routesUsing } from '../plugins/services.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { IdParams } from '../../src/model/merchant-access.ts';
import { familyHeadRefused, HousesOfUserQuery, ActiveDistributorResponse, CurrentDistributor, House } from '../../src/model/distributor.ts';
import { listOf, routeSchema } from '../http/route-schema.ts';
import { enforce } from '../policies/refusal.ts';
import { housePolicy } from '../policies/house-policy.ts';
import { userPolicy } from '../policies/user-policy.ts';

const toActive = (d: { id: number; platform_id: string; nickname: string }) =>
  ({ id: d.id, platform_id: d.platform_id, nickname: d.nickname });

export const distributorUserRoutes = routesUsing(['scope'], async (app) => {
  /**
   * The active house and the houses the caller may switch to (internal admins: every distributor),
   * family heads left out. A caller whose saved active house is a family head acts for its first
   * house they may act for (server/repositories/acting-house.ts); here that house is saved as
   * active and the answer names the head left (`movedFrom`), so the screen can say so.
   */
  app.get('/user/current-distributor', { schema: routeSchema('Distributors', 'The active distributor and those one may switch to', { answer: CurrentDistributor }) }, async (request): Promise<CurrentDistributor> => {
    const me = await request.scope.caller();
    const moved = await app.scope.leaveFamilyHead(me.id);
    const active = me.activeDistributorId === null ? null : await app.scope.distributor(me.activeDistributorId);
    enforce(housePolicy.acting(active));
    return {
      active: toActive(active!),
      houses: await app.scope.actingHouses(me.internalAdmin ? 'all' : me.houseIds),
      movedFrom: moved ? toActive(moved.from) : null,
    };
  });

  /**
   * GET /distributor[?userId=] (spec §7): the houses a user may act for, the caller's own without
   * userId; another user's under User Management's rule (a leader of their family, an internal admin).
   */
  app.get('/distributor', { schema: routeSchema('Distributors', 'A user’s distributors', { query: HousesOfUserQuery, answer: listOf(House) }) }, async (request): Promise<House[]> => {
    const { userId } = validate(HousesOfUserQuery, request.query, 'query');
    const me = await request.scope.caller();
    const target = userId === undefined || Number(userId) === me.id ? me : await app.scope.user(Number(userId));
    enforce(userPolicy.seeAccessOf(me, target, 'houses'));
    return app.scope.actingHouses(target!.houseIds);
  });

  /** Switches the active house; only to a house the caller may act for, never to a family head. */
  app.post('/user/active-distributor/:id', { schema: routeSchema('Distributors', 'Switch the active distributor', { params: IdParams, answer: ActiveDistributorResponse }) }, async (request): Promise<ActiveDistributorResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    const me = await request.scope.caller();
    const distributorId = Number(id);
    // Said plainly to those who could have picked it (their own family's head, or any for internal admins).
    if ((me.internalAdmin || me.familyRootId === distributorId) && await app.scope.isFamilyHead(distributorId)) {
      const head = await app.scope.distributor(distributorId);
      throw badRequest(familyHeadRefused(head!.nickname));
    }
    enforce(housePolicy.actFor(me, distributorId));
    const house = await app.scope.distributor(distributorId);
    if (!house) throw notFound('No such distributor.');
    await app.scope.setActiveDistributor(me.id, distributorId);
    // The channel partner the client keeps in its session user is the house it now acts for.
    return { channelPartner: { distributor_id: house.id }, activeDistributor: toActive(house) };
  });
});
