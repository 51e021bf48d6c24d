// PostgreSQL 15 under pg_auto_failover (Debian's postgresql-15-auto-failover): a monitor and two
// data nodes, each `pg_autoctl run` in a process group of its own. The monitor promotes the
// standby when the primary dies, and while the standby is healthy it keeps
// synchronous_standby_names set on the primary (two nodes, replication-quorum true), so a commit
// is acknowledged only once both nodes have it. Created on the first run; trust authentication,
// loopback only, no TLS (loopback). Which node is primary is asked of the monitor.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isRoot, PG_BIN } from './packages.ts';
import { signalGroup, startChild, stopChild, type Child } from './processes.ts';

/** The database the portal uses. */
export const DATABASE = 'portal';
/** PostgreSQL refuses to run as root: then pg_autoctl runs as the postgres user. */
const OS_USER = 'postgres';
const FORMATION = 'default';

export const databaseUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
export const monitorUrl = (port: number) => `postgres://autoctl_node@127.0.0.1:${port}/pg_auto_failover?sslmode=disable`;

export interface PgNode { name: string; dir: string; port: number }

/** One row of the monitor's pgautofailover.current_state(): a node and its states. */
export interface NodeState {
  nodename: string;
  nodeport: number;
  current_group_state: string;
  assigned_group_state: string;
  /** The monitor's own check of the node: 1 good, 0 bad, -1 not checked yet. */
  health: number;
}

/** The node both reported and assigned `state` (a node in transition is neither). */
export function nodeIn(rows: NodeState[], state: string): NodeState | undefined {
  return rows.find((r) => r.current_group_state === state && r.assigned_group_state === state);
}

/**
 * One primary and one secondary, both reached and both found healthy by the monitor: a node it
 * last saw down (the cluster's previous stop) is otherwise failed over a second after the start.
 */
export function formationReady(rows: NodeState[]): boolean {
  return !!nodeIn(rows, 'primary') && !!nodeIn(rows, 'secondary') && rows.every((r) => r.health === 1);
}

/** "node-1 primary, node-2 catchingup→secondary": the formation in one line, for logs. */
export function describe(rows: NodeState[]): string {
  return rows.map((r) => `${r.nodename} ${r.current_group_state}${r.assigned_group_state === r.current_group_state ? '' : `→${r.assigned_group_state}`}`).join(', ') || 'no node';
}

// Small enough for a shared 2-core machine (pg_autoctl would size shared_buffers from the RAM);
// postgresql.auto.conf is read last, and pg_basebackup copies it to the standby.
const SETTINGS = `max_connections = 300
shared_buffers = '128MB'
wal_keep_size = '256MB'
hot_standby_feedback = on
`;

// How fast a dead primary is replaced. The monitor fails a node over once its pg_autoctl has been
// silent node_considered_unhealthy_timeout (20 s by default) and its own checks fail (every 5 s);
// then it promotes the standby read-only and waits primary_demote_timeout (30 s) for the old
// primary to say it stepped down, before the new one takes writes: 50 s and more. A primary's
// pg_autoctl that can reach neither the monitor nor its standby for network_partition_timeout
// (20 s) steps down by itself, so that wait must stay longer than it. On loopback, 6 + 10 s with
// 8 s for the step-down. A false alarm (a pg_autoctl stalled 6 s) costs a needless failover, no
// data: the standby is synchronous.
const MONITOR_SETTINGS: [string, string][] = [
  ['pgautofailover.health_check_period', '2000'],
  ['pgautofailover.health_check_timeout', '2000'],
  ['pgautofailover.health_check_retry_delay', '1000'],
  ['pgautofailover.node_considered_unhealthy_timeout', '6000'],
  ['pgautofailover.primary_demote_timeout', '10000'],
];
const NETWORK_PARTITION_TIMEOUT_S = '8';

export interface Postgres {
  monitor: PgNode;
  nodes: PgNode[];
  /** The formation as the monitor sees it now. */
  states(): Promise<NodeState[]>;
  /** The node the monitor holds for primary (reported and assigned), if any. */
  primary(): Promise<PgNode | null>;
  /** Waits until one node is primary and the other secondary. */
  waitReady(timeoutMs: number): Promise<NodeState[]>;
  /** SIGKILL to the node's postmaster (its pid from postmaster.pid); pg_autoctl stays, and starts it again. */
  killPostmaster(node: PgNode): number;
  /** SIGKILL to the node's whole process group, pg_autoctl and Postgres (the machine died): the postmaster's pid. */
  killNode(node: PgNode): number;
  /** `pg_autoctl run` again for a node killed with killNode. */
  startNode(node: PgNode): void;
  /** Stops the node's pg_autoctl (and so its Postgres, fast) and runs it again. */
  restartNode(node: PgNode): Promise<void>;
  /** Standby first (so the primary is never left for a failover), then the primary, then the monitor. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPostgres(
  dataDir: string, ports: { monitor: number; nodes: [number, number] },
  log: (line: string) => void, onExit: (child: Child, code: number | string) => void,
): Promise<Postgres> {
  const root = path.join(dataDir, 'pg');
  const monitor: PgNode = { name: 'monitor', dir: path.join(root, 'monitor'), port: ports.monitor };
  const nodes: PgNode[] = ports.nodes.map((port, i) => ({ name: `node-${i + 1}`, dir: path.join(root, `node-${i + 1}`), port }));
  const ids = isRoot()
    ? { uid: Number(execFileSync('id', ['-u', OS_USER], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', OS_USER], { encoding: 'utf8' })) }
    : {};
  // pg_autoctl keeps its configuration, state and pid files under the XDG folders: in the data folder.
  const xdg = Object.fromEntries(['config', 'data', 'run'].map((d) => [d, path.join(root, 'xdg', d)]));
  const env = {
    ...process.env, PATH: `${PG_BIN}:${process.env.PATH}`, HOME: root,
    XDG_CONFIG_HOME: xdg.config, XDG_DATA_HOME: xdg.data, XDG_RUNTIME_DIR: xdg.run,
  };
  const autoctl = (args: string[]) => execFileSync('pg_autoctl', args, { env, ...ids, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const created = (node: PgNode) => fs.existsSync(path.join(node.dir, 'PG_VERSION'))
    && fs.existsSync(path.join(xdg.config!, 'pg_autoctl', node.dir, 'pg_autoctl.cfg'));

  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  for (const dir of Object.values(xdg)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (isRoot()) execFileSync('chown', ['-R', `${OS_USER}:${OS_USER}`, root]);

  const children = new Map<string, Child>();
  const run = (node: PgNode, args: string[]) => {
    const child = startChild(node.name, 'pg_autoctl', args, { env, ...ids, onExit });
    children.set(node.name, child);
    return child;
  };

  if (!created(monitor)) {
    log(`Creating the pg_auto_failover monitor in ${monitor.dir}…`);
    autoctl(['create', 'monitor', '--pgdata', monitor.dir, '--pgport', String(monitor.port), '--hostname', '127.0.0.1',
      '--auth', 'trust', '--no-ssl', '--pgctl', `${PG_BIN}/pg_ctl`]);
    // pg_autoctl passes listen_addresses on the command line ('*' by default): loopback only.
    autoctl(['config', 'set', '--pgdata', monitor.dir, 'postgresql.listen_addresses', '127.0.0.1']);
    fs.appendFileSync(path.join(monitor.dir, 'postgresql.auto.conf'), "shared_buffers = '64MB'\n");
  }
  run(monitor, ['run', '--pgdata', monitor.dir]);

  const db = new pg.Pool({ connectionString: monitorUrl(monitor.port), max: 1, connectionTimeoutMillis: 2000 });
  db.on('error', () => undefined); // the monitor restarting is no reason to stop
  const states = async () => (await db.query<NodeState>('select nodename, nodeport, current_group_state, assigned_group_state, health from pgautofailover.current_state($1)', [FORMATION])).rows;
  const wait = async (what: string, timeoutMs: number, done: (rows: NodeState[]) => boolean | Promise<boolean>, meanwhile?: (rows: NodeState[]) => Promise<void>) => {
    const until = Date.now() + timeoutMs;
    let rows: NodeState[] = [];
    for (;;) {
      try {
        rows = await states();
        if (await done(rows)) return rows;
        await meanwhile?.(rows);
      } catch { /* the monitor is starting */ }
      if (Date.now() > until) throw new Error(`PostgreSQL: ${what} not reached within ${timeoutMs / 1000} s (${describe(rows)})`);
      await sleep(500);
    }
  };
  // Applied on every start (ALTER SYSTEM, then a reload), so a changed value reaches an existing monitor.
  await wait('the monitor', 60_000, () => true);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${monitor.port}/postgres` });
  await admin.connect();
  try {
    for (const [name, value] of MONITOR_SETTINGS) await admin.query(`alter system set ${name} = ${value}`);
    await admin.query('select pg_reload_conf()');
  } finally {
    await admin.end();
  }
  const partitionTimeout = (node: PgNode) => {
    try {
      autoctl(['config', 'set', '--pgdata', node.dir, 'timeout.network_partition_timeout', NETWORK_PARTITION_TIMEOUT_S]);
    } catch (err) {
      log(`${node.name}: network_partition_timeout not set (${(err as Error).message.split('\n')[0]})`);
    }
  };
  const byName = (name: string | undefined) => nodes.find((n) => n.name === name) ?? null;
  // pg_autoctl's pg_basebackup waits for the primary's next checkpoint (minutes when idle): ask for one.
  const hurryBaseBackup = async (rows: NodeState[]) => {
    const source = rows.find((r) => ['single', 'wait_primary', 'primary'].includes(r.current_group_state));
    if (!source || !rows.some((r) => ['wait_standby', 'catchingup'].includes(r.current_group_state))) return;
    const client = new pg.Client({ connectionString: databaseUrl(source.nodeport) });
    await client.connect();
    await client.query('checkpoint').finally(() => client.end());
  };

  const createArgs = (node: PgNode) => ['create', 'postgres', '--pgdata', node.dir, '--pgport', String(node.port),
    '--listen', '127.0.0.1', '--hostname', '127.0.0.1', '--name', node.name, '--dbname', DATABASE,
    '--monitor', monitorUrl(monitor.port), '--auth', 'trust', '--no-ssl', '--pgctl', `${PG_BIN}/pg_ctl`, '--run'];
  const start = (node: PgNode) => run(node, created(node) ? ['run', '--pgdata', node.dir] : createArgs(node));
  // The monitor's table outlives a stop (it may still say primary and secondary, healthy, from
  // the last run): ready is when both nodes' Postgres answer too, in the roles it says.
  const ready = async (rows: NodeState[]) => {
    if (!formationReady(rows)) return false;
    for (const row of rows) {
      const client = new pg.Client({ connectionString: databaseUrl(row.nodeport), connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        const { rows: [r] } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
        if (r!.standby !== (row.current_group_state === 'secondary')) return false;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    return true;
  };

  const [first, second] = nodes as [PgNode, PgNode];
  if (!created(first)) {
    // The first node is made here, with the settings above; the second is its copy (pg_basebackup).
    log(`Creating ${first.name} in ${first.dir} (pg_autoctl create postgres)…`);
    autoctlInitdb(first.dir, { env, ...ids });
    start(first);
    await wait(`${first.name} single`, 120_000, (rows) => rows.some((r) => r.nodename === first.name && r.current_group_state === 'single'));
    log(`Creating ${second.name} in ${second.dir} (a copy of ${first.name}, pg_basebackup)…`);
    start(second);
  } else {
    start(first);
    start(second);
  }
  const rows = await wait('a primary and a secondary', 300_000, ready, hurryBaseBackup);
  // Once they run: `config set` signals the running pg_autoctl to reload.
  for (const node of nodes) partitionTimeout(node);
  log(`PostgreSQL formation ready: ${describe(rows)}; monitor :${monitor.port}`);

  let stopping: Promise<void> | undefined;
  return {
    monitor,
    nodes,
    states,
    async primary() {
      return byName(nodeIn(await states(), 'primary')?.nodename);
    },
    waitReady: (timeoutMs) => wait('a primary and a secondary', timeoutMs, ready, hurryBaseBackup),
    killPostmaster(node) {
      const pid = postmasterPid(node);
      process.kill(pid, 'SIGKILL');
      return pid;
    },
    killNode(node) {
      const pid = postmasterPid(node);
      const child = children.get(node.name)!;
      child.stopping = true;
      signalGroup(child, 'SIGKILL');
      return pid;
    },
    startNode(node) {
      start(node);
    },
    async restartNode(node) {
      await stopChild(children.get(node.name)!, 30_000);
      start(node);
    },
    stop: () => (stopping ??= (async () => {
      let order = [...nodes].reverse();
      try {
        const rows = await states();
        const rank = (n: PgNode) => (rows.find((r) => r.nodename === n.name)?.current_group_state === 'primary' ? 1 : 0);
        order = [...nodes].sort((a, b) => rank(a) - rank(b));
      } catch { /* the monitor is gone: any order */ }
      for (const node of order) {
        const child = children.get(node.name);
        if (child) await stopChild(child, 30_000);
      }
      await db.end().catch(() => undefined);
      const child = children.get(monitor.name);
      if (child) await stopChild(child, 30_000);
      // Nothing of a node may outlive it (a Postgres whose pg_autoctl was killed).
      for (const c of children.values()) signalGroup(c, 'SIGKILL');
    })()),
  };
}

export const postmasterPid = (node: PgNode) => Number(fs.readFileSync(path.join(node.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** initdb as pg_autoctl would, then the cluster's own settings. */
function autoctlInitdb(dir: string, opts: { env: NodeJS.ProcessEnv; uid?: number; gid?: number }) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (opts.uid !== undefined) fs.chownSync(dir, opts.uid, opts.gid!);
  execFileSync(`${PG_BIN}/initdb`, ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'], { ...opts, stdio: 'ignore' });
  fs.appendFileSync(path.join(dir, 'postgresql.auto.conf'), SETTINGS);
}
