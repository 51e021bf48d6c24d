import { MicrosoftLoginPayload, MicrosoftConfig } from '../../src/model/microsoft-auth.ts';
import { startSession } from '../auth/login.ts';
import { microsoftTokenVerifier } from '../auth/microsoft.ts';
import { routesUsing } from '../plugins/services.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { routeSchema } from '../http/route-schema.ts';
import { LoginResponse } from '../../src/model/auth.ts';

export const MICROSOFT_DISABLED = 'Microsoft sign-in is not set up on this portal.';
export const noAccountFor = (email: string) => `No portal account uses ${email}. Ask your administrator for access.`;

/** Microsoft (Entra ID) sign-in, accounts spec §7: the browser gets an access token by MSAL popup, we verify it. */
export const microsoftAuthRoutes = routesUsing(['config', 'sessions', 'tokens', 'users'], async (app) => {
  const azure = app.config.azure;
  const verify = azure ? microsoftTokenVerifier(azure) : null;

  app.get('/auth/microsoft/config', { schema: routeSchema('Sign-in', 'Microsoft sign-in settings for the browser', { answer: MicrosoftConfig }) }, async (): Promise<MicrosoftConfig> =>
    azure ? { enabled: true, clientId: azure.clientId, tenantId: azure.tenantId, scopes: [azure.scope] } : { enabled: false },
  );

  app.post('/auth/microsoft', { schema: routeSchema('Sign-in', 'Log in with a Microsoft token', { body: MicrosoftLoginPayload, answer: LoginResponse }) }, async (request) => {
    const body = validate(MicrosoftLoginPayload, request.body, 'Microsoft sign-in');
    if (!verify) throw new HttpError(503, MICROSOFT_DISABLED);
    // The email comes from the verified token only; body.email is what the browser claims and proves nothing.
    const { email } = await verify(body.accessToken);
    const record = await app.users.findForLogin(email);
    if (!record) throw unauthorized(noAccountFor(email));
    return startSession(
      app,
      record,
      { ip: request.ip, userAgent: request.headers['user-agent'] },
    );
  });
});
