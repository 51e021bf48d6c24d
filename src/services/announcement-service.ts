import { defer, map, of, tap, type Observable } from 'rxjs';
import { AnnouncementList, type Announcement } from '../model/announcement.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';
import { browserBacking, type KeyValueStore } from './storage.ts';

/** The browser storage key of the announcements `userId` dismissed (ids, as JSON). */
export const dismissedKey = (userId: number) => `dismissedAnnouncements.${userId}`;

function readIds(raw: string | null): number[] {
  try {
    const value: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Spec §9: announcements load once per session. A dismissed one stays dismissed for that user in
 * this browser, across reloads and logins (issue 39), kept in browser storage by user and
 * announcement id; with no user known, for the page's life only. Ids of announcements the server no
 * longer lists are forgotten, so the list does not grow for ever.
 */
export function createAnnouncementService(api: ApiClient, storage: KeyValueStore = browserBacking) {
  // A failed (or cancelled) load may be tried again; a successful one is kept.
  let loaded: Announcement[] | null = null;
  const dismissedNow = new Set<number>();
  const dismissedBy = (userId: number | null) => (userId === null ? dismissedNow : new Set(readIds(storage.getItem(dismissedKey(userId)))));
  return {
    announcements: (userId: number | null = null): Observable<Announcement[]> =>
      defer(() => (loaded ? of(loaded) : api.get('/announcement', AnnouncementList).pipe(tap((list) => (loaded = list))))).pipe(
        map((list) => {
          const dismissed = dismissedBy(userId);
          if (userId !== null) {
            const kept = [...dismissed].filter((id) => list.some((a) => a.id === id));
            if (kept.length !== dismissed.size) storage.setItem(dismissedKey(userId), JSON.stringify(kept));
          }
          return list.filter((a) => !dismissed.has(a.id));
        }),
      ),
    dismiss: (userId: number | null, id: number) => {
      const ids = dismissedBy(userId).add(id);
      if (userId !== null) storage.setItem(dismissedKey(userId), JSON.stringify([...ids]));
    },
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
export const announcementService = createAnnouncementService(apiClient);
