// Who calls, remembered between requests while nothing it was read from has changed. Reading
// the session, user, houses and locations was one query per request, the one left on most
// calls; now a request reads only the caller version (migration 140), and that read is shared by
// every request waiting for it (freshRead: never one that began before the request arrived).
// A deactivation, a revoked session or a changed house bumps the version in its own
// transaction, so it takes effect at the caller's next request, on every server, as before.
import { freshRead } from '../db/fresh-read.ts';
import type { LiveCaller, ScopeRepository } from '../repositories/scope.ts';

/** Sessions remembered at most; the oldest remembered goes first. */
const MAX_SESSIONS = 20_000;

export interface LiveCallers {
  /** The caller of a live session of `userId`, else null (unknown, revoked, expired, deactivated, not approved). */
  live(sessionId: string, userId: number): Promise<LiveCaller | null>;
}

/** Deep-frozen: one caller's facts serve many requests, and none may change them for the others. */
function frozen(caller: LiveCaller): LiveCaller {
  Object.freeze(caller.user.houseIds);
  Object.freeze(caller.user);
  Object.freeze(caller.familyIds);
  Object.freeze(caller.assignedIds);
  return Object.freeze(caller);
}

/** `remember: false` (ANSWER_CACHE=off): every request reads its caller, as it did before. */
export function liveCallers(repo: Pick<ScopeRepository, 'liveCaller' | 'callerVersion'>, { remember = true } = {}): LiveCallers {
  if (!remember) return { live: (sessionId, userId) => repo.liveCaller(sessionId, userId) };
  const version = freshRead(() => repo.callerVersion());
  const known = new Map<string, LiveCaller>();
  return {
    async live(sessionId, userId) {
      const now = await version();
      const hit = known.get(sessionId);
      if (hit && hit.callerVersion === now && hit.user.id === userId && hit.expiresAt > Date.now()) return hit;
      const caller = await repo.liveCaller(sessionId, userId);
      if (!caller) {
        known.delete(sessionId);
        return null;
      }
      known.delete(sessionId);
      known.set(sessionId, frozen(caller));
      if (known.size > MAX_SESSIONS) known.delete(known.keys().next().value!);
      return caller;
    },
  };
}
