// Keeps the in-memory indexes of the newest data version asked for: the dashboard index
// (dashboard-index-load.ts: lost figures, volumes, sellers, the directory) and the rebates in
// force (server/rebates/rebate-catalogue.ts, also of one day). An index answers only requests of
// its own key, so an import (which bumps the version in the same commit as its rollups) makes it
// stale at once; the next request of the new version starts a new build in the background and
// the SQL answers until it is done (about a minute on 20 million lines for the dashboard's).
import type pg from 'pg';
import { loadRebateCatalogue, type RebateCatalogue } from '../rebates/rebate-catalogue.ts';
import { indexServing, loadDashboardIndex, type DashboardIndex } from './dashboard-index-load.ts';
import { loadSharedIndex } from './shared-index.ts';

/** After a failed build (a lost connection, a rollup rebuild holding the tables), the next try waits this long. */
const RETRY_AFTER_MS = 10_000;

export interface Memory<T> {
  /** The index of `key`, or null (not built yet, being built, or turned off); asking starts a build. */
  at(key: string): T | null;
  /** The index once the build under way, or one started now, is done (tests, benchmarks, start-up). */
  built(): Promise<T | null>;
  /** For /api/health: an index is held, one is being built (SQL answers meanwhile), none, or turned off. */
  state(): IndexState;
}
export type IndexState = 'ready' | 'building' | 'none' | 'off';
export interface DashboardMemory extends Memory<DashboardIndex> {
  /** The index of `key` when it holds `houseId`'s family (INDEX_FAMILIES), else null: SQL answers that house. */
  serving(key: string, houseId: number): DashboardIndex | null;
  /** The heads of the families held; null: every family. */
  families: readonly number[] | null;
}

interface MemoryOptions { enabled?: boolean; log?: (message: string) => void }

/** An index built by `load`, answering for the key it reports (`keyOf`). */
function memory<T>(what: string, load: () => Promise<T>, keyOf: (index: T) => string, { enabled = true, log = console.warn }: MemoryOptions): Memory<T> {
  let current: T | null = null;
  let building: Promise<T | null> | null = null;
  let failedAt = -Infinity;
  const build = () => {
    building ??= load().then(
      (index) => (current = index),
      (err: unknown) => {
        failedAt = Date.now();
        log(`${what} build failed: ${(err as Error).message}`);
        return current;
      },
    ).finally(() => (building = null));
    return building;
  };
  return {
    at(key) {
      if (!enabled) return null;
      if (current && keyOf(current) === key) return current;
      if (!building && Date.now() - failedAt > RETRY_AFTER_MS) void build();
      return null;
    },
    built: () => (enabled ? build() : Promise.resolve(null)),
    state: () => (!enabled ? 'off' : current ? 'ready' : building ? 'building' : 'none'),
  };
}

interface DashboardMemoryOptions extends MemoryOptions {
  families?: readonly number[] | null;
  /** The machine's index folder, where its API processes share one file per data version (shared-index.ts); without it this process builds its own. */
  shared?: string;
}

export function dashboardMemory(pool: pg.Pool, options: DashboardMemoryOptions = {}): DashboardMemory {
  const log = options.log ?? console.warn;
  const families = options.families ?? null;
  const { shared } = options;
  const held = memory('dashboard index', async () => {
    const index = shared ? await loadSharedIndex(pool, shared, families, log) : await loadDashboardIndex(pool, families);
    // A node of some families may hold no house with lost figures (competitors only): not worth a warning.
    if (index.houses.size === 0 && families === null) log(`dashboard index of data version ${index.version}: no house's lost figures held exactly, SQL answers them`);
    return index;
  }, (index) => index.version, { ...options, log });
  return { ...held, serving: (key, houseId) => indexServing(held.at(key), houseId), families };
}

/** The rebates in force of a data version and day (key `${version} ${day}`). */
export const rebateMemory = (pool: pg.Pool, options: MemoryOptions = {}): Memory<RebateCatalogue> =>
  memory('rebate catalogue', () => loadRebateCatalogue(pool), (c) => `${c.version} ${c.day}`, options);
