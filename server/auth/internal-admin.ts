import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors.ts';
import type { ScopeRepository, ScopeUser } from '../repositories/scope.ts';
import { callerUser } from '../scope/visible-merchants.ts';

export const INTERNAL_ADMINS_ONLY = 'Only internal admins may do this.';

/**
 * The caller, who must be an internal admin acting as themselves (an admin logged in as a
 * distributor user holds only that user's powers).
 */
export async function internalAdmin(scope: ScopeRepository, request: FastifyRequest): Promise<ScopeUser> {
  const me = await callerUser(scope, request);
  if (!me.internalAdmin) throw forbidden(INTERNAL_ADMINS_ONLY);
  return me;
}
