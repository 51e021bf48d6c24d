import { EMPTY, asyncScheduler, catchError, exhaustMap, filter, map, take, timer, type Observable, type SchedulerLike } from 'rxjs';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** How often the served version is compared with the page's own (accounts spec §9). */
export const VERSION_POLL_MS = 300_000;

/** Longer than any version the build writes: an HTML page served instead of the file, say. */
const MAX_VERSION_LENGTH = 200;

/** The version the server serves now (vite writes dist/version.txt at build time). */
export function createVersionService(api: ApiClient) {
  return {
    // Never a cached copy: the point is to notice a new deployment.
    servedVersion: (): Observable<string> =>
      api.text('/version.txt', { headers: { 'Cache-Control': 'no-cache' } }).pipe(
        map((text) => {
          const version = text.trim();
          if (!version || version.length > MAX_VERSION_LENGTH || version.includes('<')) throw new Error('version.txt is not a version');
          return version;
        }),
      ),
  };
}

/**
 * Every `VERSION_POLL_MS` reads the served version; emits it once when it differs from the page's
 * own, then completes. A failed read (offline, server restarting) waits for the next poll; a read
 * still out when the next poll is due is not doubled.
 */
export function newerVersion$(
  servedVersion: () => Observable<string>,
  currentVersion: string,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<string> {
  return timer(VERSION_POLL_MS, VERSION_POLL_MS, scheduler).pipe(
    exhaustMap(() => servedVersion().pipe(catchError(() => EMPTY))),
    filter((served) => served !== currentVersion),
    take(1),
  );
}

export const versionService = createVersionService(apiClient);
