// Which PostgreSQL node a connection reaches: HAProxy in TCP mode, one port for "whichever node is
// primary now" (PgBouncer and DATABASE_DIRECT_URL) and one for "whichever is the standby"
// (DATABASE_REPLICA_URL). node-postgres has no multi-host URL with target_session_attrs=read-write
// (that is libpq's, and pg_autoctl's `show uri` gives one), and PgBouncer 1.18 no primary-aware
// host list; so HAProxy's check does what libpq does: it logs in and reads the in_hot_standby
// parameter PostgreSQL 14+ reports at login ("off" on the primary, "on" on a standby).
// Unlike libpq's read-write, default_transaction_read_only is not asked: the standby pg_autoctl
// has just promoted stays read-only until the old primary is known to have stepped down (up to
// primary_demote_timeout), and meanwhile it answers reads; a write there fails with SQLSTATE
// 25006, which the API answers 503 (server/db/unavailable.ts) for the client to send again.
import fs from 'node:fs';
import path from 'node:path';

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b.toString('hex');
};

/**
 * A StartupMessage (protocol 3.0) for `user` on `database`, then a Terminate: the server answers
 * the login (trust: no password exchange), then closes the session itself, so the check leaves
 * nothing in PostgreSQL's log whichever way it ends.
 */
export function startupThenTerminate(user: string, database: string): string {
  const body = int32(0x0003_0000) + hex(`user\0${user}\0database\0${database}\0application_name\0haproxy-check\0\0`);
  return int32(4 + body.length / 2) + body + hex('X') + int32(4);
}

/** ReadyForQuery, idle: the whole login answer, its parameters included, has arrived. */
export const READY_FOR_QUERY = hex('Z') + int32(5) + hex('I');
export const inHotStandby = (value: 'on' | 'off') => hex(`in_hot_standby\0${value}\0`);

export interface PgRouting { primaryPort: number; standbyPort: number; user: string; database: string; nodes: { name: string; port: number }[] }

export function pgRoutingConfig(opts: PgRouting): string {
  const backend = (name: string, standby: 'on' | 'off') => `backend ${name}
  option tcp-check
  tcp-check connect
  tcp-check send-binary ${startupThenTerminate(opts.user, opts.database)}
  tcp-check expect binary ${READY_FOR_QUERY}
  # min-recv: the answer is all there, a mismatch is final (no wait for more bytes)
  tcp-check expect min-recv 1 binary ${inHotStandby(standby)}
  # A node that stops being ${standby === 'off' ? 'primary' : 'the standby'} loses its sessions at once.
  default-server inter 1s fastinter 250ms downinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${opts.nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`).join('\n')}
`;
  return `# Written by scripts/cluster/pg-routing.ts on every start.
global
  maxconn 2000

defaults
  mode tcp
  timeout connect 2s
  # Sessions are long-lived (pools): idle ones are closed by their owners, not here.
  timeout client 1h
  timeout server 1h
  timeout check 2s

frontend pg_primary
  bind 127.0.0.1:${opts.primaryPort}
  default_backend pg_primary

frontend pg_standby
  bind 127.0.0.1:${opts.standbyPort}
  default_backend pg_standby

${backend('pg_primary', 'off')}
${backend('pg_standby', 'on')}`;
}

export function writePgRoutingConfig(dataDir: string, opts: PgRouting): string {
  const file = path.join(dataDir, 'haproxy-pg.cfg');
  fs.writeFileSync(file, pgRoutingConfig(opts));
  return file;
}
