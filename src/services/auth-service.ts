import * as t from 'io-ts';
import { AppStatus, LoginResponse, type LoginPayload } from '../model/auth.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { browserStore } from './storage.ts';

export function createAuthService(api: ApiClient) {
  return {
    status: (signal: AbortSignal): Promise<AppStatus> => api.get('/status', AppStatus, { signal, authKey: null }),
    login: (payload: LoginPayload, signal: AbortSignal): Promise<LoginResponse> =>
      api.post('/auth/login', LoginResponse, { signal, data: payload, authKey: null, ignoreUnauthorized: true }),
    // 204 has no body; the key is passed in because storage is cleared before the call finishes.
    logout: async (authKey: string, signal: AbortSignal): Promise<void> => {
      await api.post('/auth/logout', t.unknown, { signal, authKey, ignoreUnauthorized: true });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export const apiClient = createApiClient({ getAuthKey: browserStore.getAuthKey });
export const authService = createAuthService(apiClient);
