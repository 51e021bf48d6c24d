import type { FastifyRequest } from 'fastify';
import type { ScopeRepository } from '../repositories/scope.ts';

/**
 * Whether an internal admin is logged in as the caller through this session (accounts spec §6),
 * and is still one: the gate's `internalAdminOrActing` routes and the roles User Management lets
 * such a session give both ask this.
 */
export async function actingAdmin(repo: Pick<ScopeRepository, 'user'>, request: FastifyRequest): Promise<boolean> {
  return request.actingAdminId !== null && (await repo.user(request.actingAdminId))?.internalAdmin === true;
}
