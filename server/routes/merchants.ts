import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.ts';
import { forbidden } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { callerUser, mayImpersonate, scopeOf, visibleMerchantIds } from '../scope/visible-merchants.ts';
import { IdParams } from '../../src/model/merchant-access.ts';

export const merchantRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  /** The visible locations of the active distributor (the header's Location selector), by name. */
  app.get('/merchant', async (request) => {
    const scope = await scopeOf(deps.scope, request);
    return deps.merchants.list(scope.distributorId, await visibleMerchantIds(deps.scope, scope));
  });

  /** The same locations grouped under their parent account (chain): ordered by account, then name. */
  app.get('/merchant/with-parents', async (request) => {
    const scope = await scopeOf(deps.scope, request);
    return deps.merchants.list(scope.distributorId, await visibleMerchantIds(deps.scope, scope), 'account');
  });

  /** Every location of the active distributor for internal admins (view-as aside); others get /merchant. */
  app.get('/merchant/all', async (request) => {
    const scope = await scopeOf(deps.scope, request);
    const ids = scope.caller.internalAdmin
      ? await deps.scope.accountMerchantIds(scope.distributorId, null)
      : await visibleMerchantIds(deps.scope, scope);
    return deps.merchants.list(scope.distributorId, ids);
  });

  /** A user's assigned locations and invite-to-all flag: themselves, leaders of their family, internal admins. */
  app.get('/merchant/available/:id', async (request) => {
    const { id } = validate(IdParams, request.params, 'path');
    const me = await callerUser(deps.scope, request);
    const target = Number(id) === me.id ? me : await deps.scope.user(Number(id));
    if (!target || (target !== me && !mayImpersonate(me, target))) throw forbidden('You may not see this user\'s locations.');
    const locations = await deps.scope.assignedLocations(target.id);
    return {
      locations: await deps.merchants.list(me.activeDistributorId ?? 0, locations),
      inviteAll: target.inviteAll,
    };
  });
};
