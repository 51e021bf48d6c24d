import type { FastifyPluginAsync } from 'fastify';
import { AuditQuery, type AuditRow, ImpersonationStatus, AuditRows } from '../../src/model/impersonation.ts';
import { caller } from '../auth/authenticate.ts';
import type { Deps } from '../deps.ts';
import { validate } from '../http/validate.ts';
import { routeSchema } from '../http/route-schema.ts';

/** Impersonation, seen from both sides: the banner's status, and the Admin Panel's audit log (read only). */
export const auditLogRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  /** Whether an admin is acting through the caller's session: whom, since when, until when, why. */
  app.get('/auth/impersonation', { schema: routeSchema('Admin', 'Whether an admin acts through this session', { answer: ImpersonationStatus }) }, async (request): Promise<ImpersonationStatus> => {
    const acting = await deps.auditLog.impersonation(caller(request).sessionId);
    return acting ? { active: true, ...acting } : { active: false };
  });

  app.get('/admin/audit', { schema: routeSchema('Admin', 'The impersonation audit log', { query: AuditQuery, answer: AuditRows }) }, async (request): Promise<AuditRow[]> => {
    const q = validate(AuditQuery, request.query, 'query');
    return deps.auditLog.list(q);
  });
};
