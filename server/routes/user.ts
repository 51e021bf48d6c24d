import { caller } from '../auth/authenticate.ts';
import { routesUsing } from '../plugins/services.ts';
import { unauthorized } from '../http/errors.ts';
import { routeSchema } from '../http/route-schema.ts';
import { SessionUser } from '../../src/model/session-user.ts';

export const userRoutes = routesUsing(['users'], async (app) => {
  /** The caller's session user as it is now (flags may have changed since login). */
  app.get('/user', { schema: routeSchema('Users', 'The caller’s session user as it is now', { answer: SessionUser }) }, async (request) => {
    const user = await app.users.sessionUser(caller(request).userId);
    if (!user) throw unauthorized();
    return user;
  });
});
