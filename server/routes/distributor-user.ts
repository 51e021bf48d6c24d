import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { mayActFor, mayImpersonate } from '../scope/visible-merchants.ts';
import { IdParams } from '../../src/model/merchant-access.ts';
import { HousesOfUserQuery, type ActiveDistributorResponse, type CurrentDistributor, type House } from '../../src/model/distributor.ts';

const toActive = (d: { id: number; platform_id: string; nickname: string }) =>
  ({ id: d.id, platform_id: d.platform_id, nickname: d.nickname });

export const distributorUserRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  /** The active house and the houses the caller may switch to (internal admins: every distributor). */
  app.get('/user/current-distributor', async (request): Promise<CurrentDistributor> => {
    const me = await request.scope.caller();
    const active = me.activeDistributorId === null ? null : await deps.scope.distributor(me.activeDistributorId);
    if (!active) throw forbidden('You have no distributor to act for.');
    return { active: toActive(active), houses: await deps.scope.distributors(me.internalAdmin ? 'all' : me.houseIds) };
  });

  /**
   * GET /distributor[?userId=] (spec §7): the houses a user may act for, the caller's own without
   * userId; another user's under User Management's rule (a leader of their family, an internal admin).
   */
  app.get('/distributor', async (request): Promise<House[]> => {
    const { userId } = validate(HousesOfUserQuery, request.query, 'query');
    const me = await request.scope.caller();
    const target = userId === undefined || Number(userId) === me.id ? me : await deps.scope.user(Number(userId));
    if (!target || (target !== me && !mayImpersonate(me, target))) throw forbidden("You may not see this user's houses.");
    return deps.scope.distributors(target.houseIds);
  });

  /** Switches the active house; only to a house the caller may act for. */
  app.post('/user/active-distributor/:id', async (request): Promise<ActiveDistributorResponse> => {
    const { id } = validate(IdParams, request.params, 'path');
    const me = await request.scope.caller();
    const distributorId = Number(id);
    if (!mayActFor(me, distributorId)) throw forbidden('You may not act for this distributor.');
    const house = await deps.scope.distributor(distributorId);
    if (!house) throw notFound('No such distributor.');
    await deps.scope.setActiveDistributor(me.id, distributorId);
    // The channel partner the client keeps in its session user is the house it now acts for.
    return { channelPartner: { distributor_id: house.id }, activeDistributor: toActive(house) };
  });
};
