import type { AuthenticationResult, PublicClientApplication } from '@azure/msal-browser';
import { defer, type Observable } from 'rxjs';
import { LoginResponse } from '../model/auth.ts';
import { MICROSOFT_REDIRECT_PATH, MicrosoftConfig, type MicrosoftLoginPayload } from '../model/microsoft-auth.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

export type EnabledMicrosoftConfig = Extract<MicrosoftConfig, { enabled: true }>;

/**
 * Loads and starts an MSAL client for `config`. MSAL is large and only needed once someone clicks the
 * button: loaded then, not with the login page. The sign-in machine keeps the client (MSAL holds its
 * cache and interaction lock in it) and reuses it for the next click; a failed start is tried again then.
 */
async function startedMsal(config: EnabledMicrosoftConfig): Promise<PublicClientApplication> {
  try {
    const { PublicClientApplication } = await import('@azure/msal-browser');
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
  } catch (error) {
    throw readableMicrosoftError(error);
  }
}

/** What the popup needs: the started client and the server's settings. */
export interface MicrosoftPopupInput {
  msal: PublicClientApplication;
  config: EnabledMicrosoftConfig;
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
async function popupPayload({ msal, config }: MicrosoftPopupInput): Promise<MicrosoftLoginPayload> {
  try {
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
    startMsal: (config: EnabledMicrosoftConfig): Observable<PublicClientApplication> => defer(() => startedMsal(config)),
    /** MSAL's popup cannot be cancelled from outside: unsubscribing only ignores its outcome. */
    signInPopup: (input: MicrosoftPopupInput): Observable<MicrosoftLoginPayload> => defer(() => popupPayload(input)),
    login: (payload: MicrosoftLoginPayload): Observable<LoginResponse> =>
      api.post('/auth/microsoft', LoginResponse, { data: payload, authKey: null, ignoreUnauthorized: true }),
  };
}

export type MicrosoftService = ReturnType<typeof createMicrosoftService>;
export const microsoftService = createMicrosoftService(apiClient);
