import { defer, map, of, tap, type Observable } from 'rxjs';
import { AnnouncementList, type Announcement } from '../model/announcement.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** Spec §9: announcements load once per session; dismissed ones stay dismissed for the session. */
export function createAnnouncementService(api: ApiClient) {
  // A failed (or cancelled) load may be tried again; a successful one is kept.
  let loaded: Announcement[] | null = null;
  const dismissed = new Set<number>();
  return {
    announcements: (): Observable<Announcement[]> =>
      defer(() => (loaded ? of(loaded) : api.get('/announcement', AnnouncementList).pipe(tap((list) => (loaded = list))))).pipe(
        map((list) => list.filter((a) => !dismissed.has(a.id))),
      ),
    dismiss: (id: number) => void dismissed.add(id),
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
export const announcementService = createAnnouncementService(apiClient);
