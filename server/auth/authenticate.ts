import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import type { CallerFacts } from '../repositories/scope.ts';
import type { LiveCallers } from './live-callers.ts';
import { audienceOf } from './route-audience.ts';
import type { TokenClaims, TokenSigner } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TokenClaims | null;
    /** The internal admin acting through the caller's session (POST /auth/session), read with it. */
    actingAdminId: number | null;
    /** The caller's user, family and locations, read with the session (server/scope/request-scope.ts uses them). */
    callerFacts: CallerFacts | null;
  }
}

/**
 * The one check every /api call goes through: a bearer token we signed, unexpired, whose
 * session row is neither revoked nor expired and whose user is not deactivated. It comes with
 * what the caller's scope needs (live-callers.ts: remembered while none of it changes).
 */
export function authenticate(tokens: TokenSigner, callers: LiveCallers) {
  return async (request: FastifyRequest) => {
    if (audienceOf(request) === 'public') return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (\S+)$/i.exec(header);
    if (!match) throw unauthorized('Please log in.');
    const claims = await tokens.verify(match[1]!);
    const live = claims && (await callers.live(claims.sessionId, claims.userId));
    if (!live) throw unauthorized('Your session has ended. Please log in again.');
    request.auth = claims;
    request.actingAdminId = live.actingAdminId;
    request.callerFacts = { user: live.user, familyIds: live.familyIds, assignedIds: live.assignedIds };
  };
}

/** The caller of an authenticated route (the hook has already refused anyone else). */
export function caller(request: FastifyRequest): TokenClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
