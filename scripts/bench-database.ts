// The benchmarks' database: 5,000 merchants of Harbor Foods Boston over 12 months (~20 million
// purchase lines) in DATA_DIR (default ./data-bench; DATABASE_URL for another server), seeded on
// first use, with any missing rollups built. Shared by bench:dashboard and bench:intel.
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { missingRollups, refreshMerchantLostIfEmpty, refreshRollups, refreshRunningTotals } from '../server/rollups/rollups.ts';
import { isSeeded, seed } from '../server/seed/seed.ts';

export const BENCH_SIZE = { merchants: 5000, months: 12, house: 'boston', linesScale: 4 };

export async function openBenchDatabase() {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || './data-bench' });
  try {
    await prepare(db.pool);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

export type BenchDatabase = Awaited<ReturnType<typeof openBenchDatabase>>;

/** Opens the benchmark database, runs `bench` on it, closes it, and exits 1 if it failed. */
export async function runBench(bench: (db: BenchDatabase) => Promise<void>): Promise<never> {
  const db = await openBenchDatabase();
  let failed = false;
  try {
    await bench(db);
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    await db.close();
  }
  process.exit(failed ? 1 : 0);
}

async function prepare(pool: Parameters<typeof migrate>[0]) {
  const db = { pool };
  await migrate(db.pool);
  if (!(await isSeeded(db.pool))) {
    console.log(`Seeding ${BENCH_SIZE.merchants} merchants of one house, ${BENCH_SIZE.months} months (several minutes)…`);
    const s = await seed(db.pool, BENCH_SIZE);
    console.log(`Seeded ${s.purchaseLines.toLocaleString('en-US')} lines in ${(s.ms / 1000).toFixed(0)} s (rollups included)`);
  } else {
    const missing = await missingRollups(db.pool);
    const t0 = performance.now();
    if (missing === 'all') await refreshRollups(db.pool);
    if (missing === 'running') await refreshRunningTotals(db.pool);
    if (missing) console.log(`Built the missing rollups (${missing}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    if (await refreshMerchantLostIfEmpty(db.pool)) console.log(`Built the per-merchant lost rollups in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
}

/** Runs `fn` `runs` times one after another; the durations in ms, sorted. */
export async function timed(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
