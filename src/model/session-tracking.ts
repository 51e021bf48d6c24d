import type { UserSessionPayload } from './user-sessions.ts';

/** Session tracker timings (accounts spec §4, §9). */
export const ACTIVITY_WINDOW_MS = 60_000;
export const EXPIRY_CHECK_MS = 5_000;

/** The report of a session that started at `startedAt` and expired at `expiresAt` (epoch ms). */
export function sessionReport(startedAt: number, expiresAt: number): UserSessionPayload {
  return {
    startTime: new Date(startedAt).toISOString(),
    endTime: new Date(expiresAt).toISOString(),
    time: Math.round((expiresAt - startedAt) / 1000),
  };
}
