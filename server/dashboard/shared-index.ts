// One copy of the dashboard index per machine, however many API processes serve it: the first
// process to want a data version's index builds it from SQL and writes it to a file in the
// machine's index folder (DATA_DIR/index); every process, the builder included, then maps that
// file (index-file.ts), so the page cache holds its arrays once. A process started later, a
// spare taking a dead worker's place or a restart on the same data, maps the file in a moment
// instead of building for minutes. While one process builds, the others wait for its file and
// the SQL answers meanwhile (dashboard-memory.ts).
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { isAlive } from '../process-alive.ts';
import { buildDashboardIndexState, dashboardIndexOf, type DashboardIndex, type DashboardIndexState } from './dashboard-index-load.ts';
import { mmapBinding, readIndexFile, writeIndexFile } from './index-file.ts';

/** How often a process waiting for another's build looks again. */
const WAIT_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid in the lock file: 0 while its process has not written it yet, null when there is no lock. */
function lockHolder(lock: string): number | null {
  try {
    return Number(fs.readFileSync(lock, 'utf8')) || 0;
  } catch {
    return null;
  }
}

/** Whether the lock file's process is gone (or it never wrote its pid, a while ago); false when the file is gone. */
function abandoned(lock: string): boolean {
  const holder = lockHolder(lock);
  if (holder === null) return false;
  if (holder > 0) return !isAlive(holder);
  try {
    return Date.now() - fs.statSync(lock).mtimeMs > 10_000;
  } catch {
    return false;
  }
}

/**
 * Runs `work` while this process holds the lock file `lock` (its pid inside). A lock whose process
 * is gone (killed while building) is taken over: nothing else would ever remove it.
 */
async function withLockFile<T>(lock: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (abandoned(lock)) fs.rmSync(lock, { force: true });
      else await sleep(WAIT_MS);
    }
  }
  try {
    return await work();
  } finally {
    // Only this process's own lock: another may have taken it over, judging this one gone.
    if (lockHolder(lock) === process.pid) fs.rmSync(lock, { force: true });
  }
}

/** The state in `file`, or null when it is missing or not a whole index file of this format (then removed). */
function mapped(file: string, log: (message: string) => void): DashboardIndexState | null {
  try {
    return readIndexFile<DashboardIndexState>(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    log(`dashboard index file ${file} not used: ${(error as Error).message}`);
    fs.rmSync(file, { force: true });
    return null;
  }
}

/**
 * The dashboard index of the database's current data version (of `families`, or every family),
 * mapped from the machine's file in `dir`, built and written there first when no process has.
 */
export async function loadSharedIndex(pool: pg.Pool, dir: string, families: readonly number[] | null, log: (message: string) => void): Promise<DashboardIndex> {
  if ('error' in mmapBinding) {
    log(`dashboard index: each process builds its own, files cannot be mapped (${mmapBinding.error}; npm rebuild builds the binding for this Node)`);
    return dashboardIndexOf(await buildDashboardIndexState(pool, families));
  }
  fs.mkdirSync(dir, { recursive: true });
  // The database's identity in every name: a folder may outlive its database, or serve another.
  const { rows: [current] } = await pool.query<{ database: string; version: string }>(
    `select (select system_identifier from pg_control_system())::text || '-' || (select oid from pg_database where datname = current_database())::text as database,
            (select version::text from data_version) as version`);
  const stem = `dashboard-${current!.database}-${families ? [...families].sort((a, b) => a - b).join('_') : 'all'}`;
  const fileOf = (version: string) => path.join(dir, `${stem}-${version}.idx`);
  const ready = mapped(fileOf(current!.version), log);
  if (ready) return dashboardIndexOf(ready);
  return withLockFile(path.join(dir, `${stem}.lock`), async () => {
    // Another process may have built it while this one waited.
    const built = mapped(fileOf(current!.version), log);
    if (built) return dashboardIndexOf(built);
    const state = await buildDashboardIndexState(pool, families);
    const file = fileOf(state.version);
    try {
      writeIndexFile(file, state);
    } catch (error) {
      // A full disk, say: this process answers from its own copy, the others build theirs.
      log(`dashboard index file ${file} could not be written (${(error as Error).message}): this process keeps its own copy`);
      return dashboardIndexOf(state);
    }
    // Older versions' files: a process still reading one keeps its mapping until it lets go.
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith(`${stem}-`) && path.join(dir, name) !== file && (name.endsWith('.idx') || !isAlive(Number(name.split('.').at(-2))))) fs.rmSync(path.join(dir, name), { force: true });
    }
    return dashboardIndexOf(mapped(file, log) ?? state);
  });
}
