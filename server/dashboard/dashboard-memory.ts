// Keeps the dashboard index (dashboard-index-load.ts: lost figures, volume per merchant) of the
// newest data version asked for. An index answers only requests of its own version, so an import
// (which bumps the version in the same commit as its rollups) makes it stale at once; the next
// request of the new version starts a new build in the background and the SQL answers until it
// is done (about a minute on 20 million lines).
import type pg from 'pg';
import { loadDashboardIndex, type DashboardIndex } from './dashboard-index-load.ts';

/** After a failed build (a lost connection, a rollup rebuild holding the tables), the next try waits this long. */
const RETRY_AFTER_MS = 10_000;

export interface DashboardMemory {
  /** The index of `version`, or null (not built yet, being built, or turned off); asking starts a build. */
  at(version: string): DashboardIndex | null;
  /** The index once the build under way, or one started now, is done (tests, benchmarks). */
  built(): Promise<DashboardIndex | null>;
}

export function dashboardMemory(pool: pg.Pool, { enabled = true, log = console.warn }: { enabled?: boolean; log?: (message: string) => void } = {}): DashboardMemory {
  let current: DashboardIndex | null = null;
  let building: Promise<DashboardIndex | null> | null = null;
  let failedAt = -Infinity;
  const build = () => {
    building ??= loadDashboardIndex(pool).then(
      (index) => {
        if (index && index.houses.size === 0) log(`dashboard index of data version ${index.version}: no house's lost figures held exactly, SQL answers them`);
        return (current = index);
      },
      (err: unknown) => {
        failedAt = Date.now();
        log(`dashboard index build failed: ${(err as Error).message}`);
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
