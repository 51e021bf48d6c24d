import type { FastifyRequest } from 'fastify';
import { audienceAllows, refusalOf } from '../../src/model/route-permissions.ts';
import { forbidden } from '../http/errors.ts';
import type { ScopeRepository } from '../repositories/scope.ts';
import { requestScope } from '../scope/request-scope.ts';
import { actingAdmin } from './acting-admin.ts';
import { audienceOf, routeOf } from './route-audience.ts';

/** What a route missing from ROUTE_AUDIENCE answers everyone: it is closed until it joins the table. */
export const UNLISTED_ROUTE = 'This call is not open to anyone yet.';

/**
 * The one authorization check of every /api call (an onRequest hook after authenticate): the
 * route's audience in src/model/route-permissions.ts decides who may call it, before the body is
 * read or a handler runs. It puts the caller's scope on the request (`request.scope`); what a
 * handler still decides about a row (this user, that house) it asks a policy by name
 * (server/policies), and throws no 403 of its own.
 */
export function gate(repo: ScopeRepository) {
  return async (request: FastifyRequest) => {
    request.scope = requestScope(repo, request);
    if (request.is404) return; // no handler to guard: the 404 answers
    const route = routeOf(request);
    const audience = audienceOf(request);
    if (audience === undefined) {
      request.log.error({ route }, 'route missing from ROUTE_AUDIENCE (src/model/route-permissions.ts): refused');
      throw forbidden(UNLISTED_ROUTE);
    }
    // authenticate() has refused anyone without a live session, but on public routes.
    if (audience === 'public' || audience === 'signedIn') return;
    const me = await request.scope.caller();
    // The admin acting through this session must still be one (checked only where it counts).
    const acting = audience === 'internalAdminOrActing' && !me.internalAdmin && (await actingAdmin(repo, request));
    if (!audienceAllows(audience, { ...me, actingAdmin: acting })) throw forbidden(refusalOf(route, audience));
  };
}
