import type { AuthenticationResult, PublicClientApplication } from '@azure/msal-browser';
import { defer, type Observable } from 'rxjs';
import { LoginResponse } from '../model/auth.ts';
import { MICROSOFT_REDIRECT_PATH, MicrosoftConfig, type MicrosoftLoginPayload } from '../model/microsoft-auth.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

export type EnabledMicrosoftConfig = Extract<MicrosoftConfig, { enabled: true }>;

/** One MSAL client per configuration: MSAL keeps its cache and interaction lock in it. */
const clients = new Map<string, Promise<PublicClientApplication>>();

function msalFor(config: EnabledMicrosoftConfig): Promise<PublicClientApplication> {
  const key = `${config.clientId}/${config.tenantId}`;
  let client = clients.get(key);
  if (!client) {
    // MSAL is large and only needed once someone clicks the button: loaded then, not with the login page.
    client = import('@azure/msal-browser').then(async ({ PublicClientApplication }) => {
      const app = new PublicClientApplication({
        auth: {
          clientId: config.clientId,
          authority: `https://login.microsoftonline.com/${config.tenantId}`,
          // The popup comes back to the redirect bridge (src/microsoft-redirect.ts), which hands the response over.
          redirectUri: `${window.location.origin}${MICROSOFT_REDIRECT_PATH}`,
        },
      cache: { cacheLocation: 'sessionStorage' },
      });
      await app.initialize();
      return app;
    });
    clients.set(key, client);
    // A failed start (e.g. no crypto in an old browser) may be retried on the next click.
    client.catch(() => clients.delete(key));
  }
  return client;
}

/** The popup's outcome in the shape POST /auth/microsoft takes. */
export function toLoginPayload(result: AuthenticationResult, switchingDist = false): MicrosoftLoginPayload {
  return {
    accessToken: result.accessToken,
    tenantId: result.tenantId,
    tokenType: result.tokenType,
    name: result.account?.name ?? '',
    email: result.account?.username ?? '',
    switchingDist,
  };
}

/** MSAL's own messages point to a web page; the common ones get a sentence the user can act on. */
const READABLE: Record<string, string> = {
  timed_out: 'The Microsoft sign-in window was closed or did not answer in time. Please try again.',
  user_cancelled: 'Microsoft sign-in was cancelled.',
  popup_window_error: 'The Microsoft sign-in window could not open. Please allow pop-ups for this site and try again.',
  empty_window_error: 'The Microsoft sign-in window could not open. Please allow pop-ups for this site and try again.',
};

export function readableMicrosoftError(error: unknown): Error {
  // MSAL's AuthError carries `errorCode`; read it without importing MSAL up front.
  const code = typeof error === 'object' && error !== null && 'errorCode' in error ? String(error.errorCode) : '';
  if (READABLE[code]) return new Error(READABLE[code]);
  return error instanceof Error ? error : new Error(String(error));
}

/** The Microsoft popup: the user picks an account; we get an access token for the portal's API scope. */
async function popupPayload(config: EnabledMicrosoftConfig): Promise<MicrosoftLoginPayload> {
  try {
    const msal = await msalFor(config);
    const login = await msal.loginPopup({ scopes: config.scopes, prompt: 'select_account' });
    // loginPopup answers with a token for the first resource asked; ask again only if it did not.
    const result = login.accessToken ? login : await msal.acquireTokenPopup({ scopes: config.scopes, account: login.account });
    return toLoginPayload(result);
  } catch (error) {
    throw readableMicrosoftError(error);
  }
}

export function createMicrosoftService(api: ApiClient) {
  return {
    config: (): Observable<MicrosoftConfig> => api.get('/auth/microsoft/config', MicrosoftConfig, { authKey: null, quiet: true }),
    /** MSAL's popup cannot be cancelled from outside: unsubscribing only ignores its outcome. */
    signInPopup: (config: EnabledMicrosoftConfig): Observable<MicrosoftLoginPayload> => defer(() => popupPayload(config)),
    login: (payload: MicrosoftLoginPayload): Observable<LoginResponse> =>
      api.post('/auth/microsoft', LoginResponse, { data: payload, authKey: null, ignoreUnauthorized: true }),
  };
}

export type MicrosoftService = ReturnType<typeof createMicrosoftService>;
export const microsoftService = createMicrosoftService(apiClient);
