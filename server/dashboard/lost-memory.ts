// Keeps the lost index (lost-index-load.ts) of the newest data version asked for. An index answers
// only requests of its own version, so an import (which bumps the version in the same commit as
// its rollups) makes it stale at once; the next request of the new version starts a new build
// in the background and the SQL answers until it is done (tens of seconds on 20 million lines).
import type pg from 'pg';
import { loadLostIndex, type LostIndex } from './lost-index-load.ts';

/** After a failed build (a lost connection, say), the next try waits this long. */
const RETRY_AFTER_MS = 60_000;

export interface LostMemory {
  /** The index of `version`, or null (not built yet, being built, or turned off); asking starts a build. */
  at(version: string): LostIndex | null;
  /** The index once the build under way, or one started now, is done (tests, benchmarks). */
  built(): Promise<LostIndex | null>;
}

export function lostMemory(pool: pg.Pool, { enabled = true, log = console.warn }: { enabled?: boolean; log?: (message: string) => void } = {}): LostMemory {
  let current: LostIndex | null = null;
  let building: Promise<LostIndex | null> | null = null;
  let failedAt = -Infinity;
  const build = () => {
    building ??= loadLostIndex(pool).then(
      (index) => {
        if (index && index.houses.size === 0) log(`lost index of data version ${index.version}: no house held exactly, SQL answers`);
        return (current = index);
      },
      (err: unknown) => {
        failedAt = Date.now();
        log(`lost index build failed: ${(err as Error).message}`);
        return current;
      },
    ).finally(() => (building = null));
    return building;
  };
  return {
    at(version) {
      if (!enabled) return null;
      if (current?.version === version) return current;
      if (!building && Date.now() - failedAt > RETRY_AFTER_MS) void build();
      return null;
    },
    built: () => (enabled ? build() : Promise.resolve(null)),
  };
}
