// The PostgreSQL 15 primary and its streaming replica: created on the first run (initdb, then
// pg_basebackup -R), started and stopped with pg_ctl. Trust authentication, loopback only.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { isRoot, PG_BIN } from './packages.ts';

/** The database the portal uses on both servers. */
export const DATABASE = 'portal';
/** PostgreSQL refuses to run as root: then every command runs as the postgres user. */
const OS_USER = 'postgres';

export const databaseUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;

/** A PostgreSQL program, as the postgres user when we are root. */
function pg(program: string, args: string[], opts: { quiet?: boolean } = {}): string {
  const [file, argv] = isRoot() ? ['runuser', ['-u', OS_USER, '--', `${PG_BIN}/${program}`, ...args]] : [`${PG_BIN}/${program}`, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', opts.quiet ? 'pipe' : 'inherit'] });
}

/** The replica restarted without blocking the caller's event loop (a benchmark's probes keep running). */
export async function restart(server: PgServer): Promise<void> {
  const args = ['restart', '-w', '-t', '120', '-m', 'fast', '-D', server.dir, '-l', server.log, '-o', `-p ${server.port}`];
  const [file, argv] = isRoot() ? ['runuser', ['-u', OS_USER, '--', `${PG_BIN}/pg_ctl`, ...args]] : [`${PG_BIN}/pg_ctl`, args];
  await promisify(execFile)(file, argv);
}

/** A folder the postgres user owns (when we are root), mode 700 as PostgreSQL wants. */
function ownFolder(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (isRoot()) execFileSync('chown', ['-R', `${OS_USER}:${OS_USER}`, dir]);
}

const settings = (port: number) => `
# Written by scripts/cluster/postgres.ts
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = ''
max_connections = 300
wal_level = replica
max_wal_senders = 5
wal_keep_size = '256MB'
hot_standby = on
hot_standby_feedback = on
shared_buffers = '128MB'
fsync = on
`;

export interface PgServer {
  name: 'primary' | 'replica';
  dir: string;
  port: number;
  log: string;
}

export function servers(dataDir: string, primaryPort: number, replicaPort: number): [PgServer, PgServer] {
  return [
    { name: 'primary', dir: path.join(dataDir, 'primary'), port: primaryPort, log: path.join(dataDir, 'primary.log') },
    { name: 'replica', dir: path.join(dataDir, 'replica'), port: replicaPort, log: path.join(dataDir, 'replica.log') },
  ];
}

const exists = (server: PgServer) => fs.existsSync(path.join(server.dir, 'PG_VERSION'));

/** Writes the log file's folder entry so the postgres user can append to it. */
function logFile(server: PgServer) {
  if (!fs.existsSync(server.log)) fs.writeFileSync(server.log, '');
  if (isRoot()) execFileSync('chown', [`${OS_USER}:${OS_USER}`, server.log]);
}

export function isRunning(server: PgServer): boolean {
  if (!exists(server)) return false;
  try {
    pg('pg_ctl', ['status', '-D', server.dir], { quiet: true });
    return true;
  } catch {
    return false;
  }
}

export function start(server: PgServer, log: (line: string) => void): void {
  if (isRunning(server)) {
    log(`${server.name} already running on port ${server.port}`);
    return;
  }
  logFile(server);
  pg('pg_ctl', ['start', '-w', '-t', '120', '-D', server.dir, '-l', server.log, '-o', `-p ${server.port}`], { quiet: true });
  log(`${server.name} started on port ${server.port} (log ${server.log})`);
}

export function stop(server: PgServer, log: (line: string) => void): void {
  if (!isRunning(server)) return;
  try {
    pg('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', server.dir], { quiet: true });
    log(`${server.name} stopped`);
  } catch (err) {
    log(`${server.name} did not stop: ${(err as Error).message}`);
  }
}

/** First run: initdb, the portal database, then the replica copied with pg_basebackup -R (standby.signal + primary_conninfo). */
export function createIfMissing(primary: PgServer, replica: PgServer, log: (line: string) => void): void {
  if (!exists(primary)) {
    log(`Creating the primary in ${primary.dir}…`);
    ownFolder(primary.dir);
    pg('initdb', ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'], { quiet: true });
    fs.appendFileSync(path.join(primary.dir, 'postgresql.conf'), settings(primary.port));
    // initdb's pg_hba.conf already trusts loopback, replication connections included.
    start(primary, log);
    pg('createdb', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', DATABASE]);
  } else {
    start(primary, log);
  }
  if (!exists(replica)) {
    log(`Creating the replica in ${replica.dir} (pg_basebackup -R)…`);
    fs.rmSync(replica.dir, { recursive: true, force: true });
    ownFolder(replica.dir);
    pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', replica.dir, '-R', '-X', 'stream', '-c', 'fast']);
    // The copy carries the primary's settings: only its port differs (the last line wins).
    fs.appendFileSync(path.join(replica.dir, 'postgresql.conf'), `port = ${replica.port}\n`);
  }
}
