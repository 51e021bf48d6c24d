import * as t from 'io-ts';
import { map, type Observable } from 'rxjs';
import { AppStatus, LoginResponse, type LoginPayload } from '../model/auth.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { browserStore } from './storage.ts';

export function createAuthService(api: ApiClient) {
  return {
    status: (): Observable<AppStatus> => api.get('/status', AppStatus, { authKey: null }),
    login: (payload: LoginPayload): Observable<LoginResponse> =>
      api.post('/auth/login', LoginResponse, { data: payload, authKey: null, ignoreUnauthorized: true }),
    // 204 has no body; the key is passed in because storage is cleared before the call finishes.
    logout: (authKey: string): Observable<void> =>
      api.post('/auth/logout', t.unknown, { authKey, ignoreUnauthorized: true }).pipe(map(() => undefined)),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export const apiClient = createApiClient({ getAuthKey: browserStore.getAuthKey });
export const authService = createAuthService(apiClient);
