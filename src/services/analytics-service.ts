import * as t from 'io-ts';
import type { UserSessionPayload } from '../model/user-sessions.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

export function createAnalyticsService(api: ApiClient) {
  return {
    /** Reported in the background when a tracked session ends: no spinner. Answers 204. */
    reportSession: async (payload: UserSessionPayload, signal: AbortSignal): Promise<void> => {
      await api.post('/analytics/user-sessions', t.unknown, { signal, data: payload, quiet: true });
    },
  };
}

export const analyticsService = createAnalyticsService(apiClient);
