import type { FastifyReply, FastifyRequest } from 'fastify';
import { routeEffect } from '../../src/model/route-permissions.ts';
import type { AuditLogRepository } from '../repositories/audit-log.ts';

/**
 * An onSend hook: every call but a plain GET made through a session an internal admin is acting
 * in is appended to the audit log with the route, the ids it named and the status it got,
 * refusals included, marked 'write' or 'read' by the route's effect (route-permissions.ts): a
 * POST that only asks (the dashboard) is a read, the GET that deactivates a user a write.
 * GETs that read are not logged.
 */
export function auditWrites(deps: { auditLog: AuditLogRepository }) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.auth) return payload;
    const call = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    const event = routeEffect(call);
    if (event === 'read' && (request.method === 'GET' || request.method === 'HEAD')) return payload;
    const { sessionId, userId } = request.auth;
    try {
      // Read with the session by authenticate(), so an ordinary call costs no query here.
      const adminId = request.actingAdminId;
      if (adminId !== null) {
        await deps.auditLog.append({ event, adminId, userId, sessionId, call, record: recordOf(request.params, request.query), status: reply.statusCode });
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
