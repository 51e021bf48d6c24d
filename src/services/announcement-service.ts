import { AnnouncementList, type Announcement } from '../model/announcement.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** Spec §9: announcements load once per session; dismissed ones stay dismissed for the session. */
export function createAnnouncementService(api: ApiClient) {
  let loaded: Promise<Announcement[]> | null = null;
  const dismissed = new Set<number>();
  return {
    announcements: async (signal: AbortSignal): Promise<Announcement[]> => {
      // A failed (or cancelled) load may be tried again; a successful one is kept.
      loaded ??= api.get('/announcement', AnnouncementList, { signal }).catch((error: unknown) => {
        loaded = null;
        throw error;
      });
      return (await loaded).filter((a) => !dismissed.has(a.id));
    },
    dismiss: (id: number) => void dismissed.add(id),
  };
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>;
export const announcementService = createAnnouncementService(apiClient);
