import { SESSION_WINDOW_DAYS, UserSessionPayload, UserSessionsQuery, sessionProblem, UserSessionRows } from '../../src/model/user-sessions.ts';
import { caller } from '../auth/authenticate.ts';
import { routesUsing } from '../plugins/services.ts';
import { badRequest } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { NO_CONTENT, routeSchema } from '../http/route-schema.ts';
import { enforce } from '../policies/refusal.ts';
import { userPolicy } from '../policies/user-policy.ts';

/** Session analytics (accounts spec §7): the session tracker reports visits, the admin user editor reads them. */
export const analyticsRoutes = routesUsing(['sessions', 'userSessions'], async (app) => {
  app.post('/analytics/user-sessions', { schema: routeSchema('Analytics', 'Record a stretch of time on the portal', { body: UserSessionPayload, answer: NO_CONTENT }) }, async (request, reply) => {
    const { userId, sessionId } = caller(request);
    const body = validate(UserSessionPayload, request.body, 'session');
    const problem = sessionProblem(body, Date.now());
    if (problem) throw badRequest(`Invalid session: ${problem}`);
    // An internal admin browsing as this user is not the user being online: accepted, not counted.
    if ((await app.sessions.actingAdmin(sessionId)) !== null) return reply.code(204).send();
    await app.userSessions.record(userId, new Date(body.startTime), new Date(body.endTime), body.time);
    return reply.code(204).send();
  });

  app.get('/analytics/user-sessions', { schema: routeSchema('Analytics', 'A user’s recent sessions', { query: UserSessionsQuery, answer: UserSessionRows }) }, async (request) => {
    const target = Number(validate(UserSessionsQuery, request.query, 'query').user_id);
    enforce(userPolicy.sessionsOf(await request.scope.caller(), target));
    return app.userSessions.recent(target, SESSION_WINDOW_DAYS);
  });
});
