import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditLogRepository } from '../repositories/audit-log.ts';

/**
 * An onSend hook: every write (any method but GET and HEAD) made through a session an internal
 * admin is acting in is appended to the audit log with the route, the ids it named and the
 * status it got, refusals included. Reads are not logged.
 */
export function auditWrites(deps: { auditLog: AuditLogRepository }) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.auth) return payload;
    const { sessionId, userId } = request.auth;
    try {
      // Read with the session by authenticate(), so an ordinary write costs no query here.
      const adminId = request.actingAdminId;
      if (adminId !== null) {
        await deps.auditLog.append({
          event: 'write', adminId, userId, sessionId,
          call: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
          record: recordOf(request.params, request.query),
          status: reply.statusCode,
        });
      }
    } catch (error) {
      request.log.error({ err: error }, 'audit log write failed');
    }
    return payload;
  };
}

/** The ids a call named, as 'id=12, imageId=3' (path first, then query), or null. */
function recordOf(params: unknown, query: unknown): string | null {
  const pairs = [params, query].flatMap((o) => (o && typeof o === 'object' ? Object.entries(o as Record<string, unknown>) : []));
  return pairs.length > 0 ? pairs.map(([k, v]) => `${k}=${String(v)}`).join(', ').slice(0, 500) : null;
}
