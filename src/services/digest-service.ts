import * as t from 'io-ts';
import type { Observable } from 'rxjs';
import { Alerts, DigestPreferences } from '../model/digest.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

const Message = t.type({ message: t.string });

/** The digest's preferences (Settings) and the header's bell (docs/digest.md). */
export function createDigestService(api: ApiClient) {
  return {
    preferences: (): Observable<DigestPreferences> => api.get('/digest/preferences', DigestPreferences),
    savePreferences: (preferences: DigestPreferences): Observable<DigestPreferences> =>
      api.post('/digest/preferences', DigestPreferences, { data: preferences }),
    alerts: (): Observable<Alerts> => api.get('/alerts', Alerts, { quiet: true }),
    markRead: (): Observable<{ message: string }> => api.post('/alerts/read', Message, { quiet: true }),
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
export const digestService = createDigestService(apiClient);

/** The browser's own time zone: the digest comes at 07:00 there. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
