import { LoginPayload, LoginResponse } from '../../src/model/auth.ts';
import { caller } from '../auth/authenticate.ts';
import { login } from '../auth/login.ts';
import { endSession } from '../auth/switch-session.ts';
import { routesUsing } from '../plugins/services.ts';
import { validate } from '../http/validate.ts';
import { NO_CONTENT, routeSchema } from '../http/route-schema.ts';

export const authRoutes = routesUsing(['attempts', 'auditLog', 'config', 'sessions', 'tokens', 'users'], async (app) => {
  app.post('/auth/login', { schema: routeSchema('Sign-in', 'Log in with email and password', { body: LoginPayload, answer: LoginResponse }) }, async (request) => {
    const body = validate(LoginPayload, request.body, 'login');
    return login(
      app,
      { email: body.email, password: body.password, ip: request.ip, userAgent: request.headers['user-agent'] },
    );
  });

  app.post('/auth/logout', { schema: routeSchema('Sign-in', 'End this session', { answer: NO_CONTENT }) }, async (request, reply) => {
    const me = caller(request);
    await endSession(app, me.sessionId, me.userId);
    return reply.code(204).send();
  });
});
