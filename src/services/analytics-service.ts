import * as t from 'io-ts';
import { map, type Observable } from 'rxjs';
import { UserSessionRows, type UserSessionPayload, type UserSessionRow } from '../model/user-sessions.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

export function createAnalyticsService(api: ApiClient) {
  return {
    /** Reported in the background when a tracked session ends: no spinner. Answers 204. */
    reportSession: (payload: UserSessionPayload): Observable<void> =>
      api.post('/analytics/user-sessions', t.unknown, { data: payload, quiet: true }).pipe(map(() => undefined)),
    /** The user's sessions of the last 30 days (the admin panel's counts). */
    sessionsOf: (userId: number): Observable<UserSessionRow[]> => api.get(`/analytics/user-sessions?user_id=${userId}`, UserSessionRows),
  };
}

export const analyticsService = createAnalyticsService(apiClient);
