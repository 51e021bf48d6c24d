import type { FastifyReply, FastifyRequest } from 'fastify';
import { routesUsing } from '../plugins/services.ts';
import { jsonFor, sendCached } from '../dashboard/answer-cache.ts';
import type { MerchantOrder } from '../repositories/merchants.ts';
import { validate } from '../http/validate.ts';
import { visibleMerchantIds } from '../scope/visible-merchants.ts';
import { IdParams, AvailableMerchants } from '../../src/model/merchant-access.ts';
import { routeSchema } from '../http/route-schema.ts';
import { MerchantList } from '../../src/model/dashboard.ts';
import { enforce } from '../policies/refusal.ts';
import { userPolicy } from '../policies/user-policy.ts';

export const merchantRoutes = routesUsing(['dashboardMemory', 'merchantAnswers', 'merchants', 'readsFor', 'scope'], async (app) => {
  /**
   * The scope's visible locations, cached per house, scope and data version: merchants and their
   * accounts change only with the data (seed, import), and a house-wide scope is the same list
   * for every user of the house.
   */
  const visibleList = async (request: FastifyRequest, reply: FastifyReply, order: MerchantOrder) => {
    const reads = await app.readsFor(request, reply); // the replica when it is new enough
    const [scope, version] = await Promise.all([request.scope.visible(), reads.dashboard.dataVersion()]);
    const key = { distributorId: scope.distributorId, order, ...(scope.all ? { all: true } : { ids: scope.merchantIds }) };
    // The data version's directory lists them without a query when it is built.
    const directory = app.dashboardMemory.at(version)?.directory;
    return sendCached(reply, app.merchantAnswers, key, version, async () => {
      const ids = await visibleMerchantIds(directory ?? app.scope, scope);
      return jsonFor(reply)(directory?.list(scope.distributorId, ids, order) ?? await reads.merchants.list(scope.distributorId, ids, order));
    });
  };

  /** The visible locations of the active distributor (the header's Location selector), by name. */
  app.get('/merchant', { schema: routeSchema('Locations', 'The visible locations, by name', { answer: MerchantList }) }, async (request, reply) => visibleList(request, reply, 'name'));

  /** The same locations grouped under their parent account (chain): ordered by account, then name. */
  app.get('/merchant/with-parents', { schema: routeSchema('Locations', 'The visible locations, by account', { answer: MerchantList }) }, async (request, reply) => visibleList(request, reply, 'account'));

  /** Every location of the active distributor for internal admins (view-as aside); others get /merchant. */
  app.get('/merchant/all', { schema: routeSchema('Locations', 'Every location of the active distributor (internal admins)', { answer: MerchantList }) }, async (request) => {
    const scope = await request.scope.visible();
    const ids = scope.caller.internalAdmin
      ? await app.scope.accountMerchantIds(scope.distributorId, null)
      : await visibleMerchantIds(app.scope, scope);
    return app.merchants.list(scope.distributorId, ids);
  });

  /** A user's assigned locations and invite-to-all flag: themselves, leaders of their family, internal admins. */
  app.get('/merchant/available/:id', { schema: routeSchema('Locations', 'A user’s assigned locations', { params: IdParams, answer: AvailableMerchants }) }, async (request) => {
    const { id } = validate(IdParams, request.params, 'path');
    const me = await request.scope.caller();
    const target = Number(id) === me.id ? me : await app.scope.user(Number(id));
    enforce(userPolicy.seeAccessOf(me, target, 'locations'));
    const locations = await app.scope.assignedLocations(target!.id);
    return {
      locations: await app.merchants.list(me.activeDistributorId ?? 0, locations),
      inviteAll: target!.inviteAll,
    };
  });
});
