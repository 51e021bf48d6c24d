import { SwitchSessionPayload } from '../../src/model/house-users.ts';
import { caller } from '../auth/authenticate.ts';
import { switchSession } from '../auth/switch-session.ts';
import { routesUsing } from '../plugins/services.ts';
import { validate } from '../http/validate.ts';
import { routeSchema } from '../http/route-schema.ts';
import { LoginResponse } from '../../src/model/auth.ts';

/** POST /auth/session {id}: an internal admin logs in as a chosen user, or back as themselves (the gate checked the admin). */
export const authSessionRoutes = routesUsing(['auditLog', 'config', 'houseUsers', 'sessions', 'tokens', 'users'], async (app) => {
  app.post('/auth/session', { schema: routeSchema('Sign-in', 'Act as another user (or end acting)', { body: SwitchSessionPayload, answer: LoginResponse }) }, async (request) => {
    const { id, reason } = validate(SwitchSessionPayload, request.body, 'body');
    const me = caller(request);
    return switchSession(
      app,
      { adminId: request.actingAdminId ?? me.userId, sessionId: me.sessionId, callerId: me.userId, targetId: id, reason, ip: request.ip, userAgent: request.headers['user-agent'] },
    );
  });
});
