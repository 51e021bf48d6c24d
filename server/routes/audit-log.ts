import { AuditQuery, type AuditRow, ImpersonationStatus, AuditRows } from '../../src/model/impersonation.ts';
import { caller } from '../auth/authenticate.ts';
import { routesUsing } from '../plugins/services.ts';
import { validate } from '../http/validate.ts';
import { routeSchema } from '../http/route-schema.ts';

/** Impersonation, seen from both sides: the banner's status, and the Admin Panel's audit log (read only). */
export const auditLogRoutes = routesUsing(['auditLog'], async (app) => {
  /** Whether an admin is acting through the caller's session: whom, since when, until when, why. */
  app.get('/auth/impersonation', { schema: routeSchema('Admin', 'Whether an admin acts through this session', { answer: ImpersonationStatus }) }, async (request): Promise<ImpersonationStatus> => {
    const acting = await app.auditLog.impersonation(caller(request).sessionId);
    return acting ? { active: true, ...acting } : { active: false };
  });

  app.get('/admin/audit', { schema: routeSchema('Admin', 'The impersonation audit log', { query: AuditQuery, answer: AuditRows }) }, async (request): Promise<AuditRow[]> => {
    const q = validate(AuditQuery, request.query, 'query');
    return app.auditLog.list(q);
  });
});
