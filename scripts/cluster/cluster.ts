// Starts the whole cluster in order and stops it in reverse: PostgreSQL under pg_auto_failover,
// HAProxy's PostgreSQL ports (to the primary, to the standby), PgBouncer, the first API node (it
// migrates and seeds an empty database), the other API nodes, the workers, HAProxy. With
// --family-groups, the API nodes form groups, each holding the indexes of the families hashed to
// it (families.ts), and HAProxy routes each caller's family to its group.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { familyGroups, familyMap, groupName, groupOfNode, indexFamiliesEnv } from './families.ts';
import { CHECKED, writeHaproxyConfig } from './haproxy.ts';
import { haproxyCommand } from './haproxy-socket.ts';
import { ensurePackages, isRoot } from './packages.ts';
import { writePgbouncerConfig } from './pgbouncer.ts';
import { writePgRoutingConfig } from './pg-routing.ts';
import { databaseUrl, startPostgres, type Postgres } from './postgres.ts';
import { say, startChild, stopChild, type Child } from './processes.ts';
import type { ClusterOptions } from './options.ts';
import { isPortOpen, waitForHealth, waitForPort } from './wait.ts';
import { SERVER_BUILD } from '../server-command.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => say('cluster', line);

/** How long the first API node may take to migrate and seed an empty database. */
const FIRST_START_MS = 15 * 60_000;
const START_MS = 120_000;

/** `slot`: its number from 0, which names it and gives its port; a slot is never used by two nodes. */
export interface ApiNode { name: string; port: number; child: Child; group: number; slot: number }

/** A group of API nodes and the families (their heads' ids) routed to it (--family-groups). */
export interface FamilyGroup { name: string; families: number[]; nodes: string[] }

export interface Cluster {
  url: string;
  /** The primary, through HAProxy (not PgBouncer): for checks that read the database. */
  directUrl: string;
  api: ApiNode[];
  workers: Child[];
  /** The groups of API nodes by family; empty without --family-groups. */
  groups: FamilyGroup[];
  /** Adds an API node to group `group` (from 0) while everything runs: HAProxy's runtime API, no reload, no restart. */
  addApi(group: number): Promise<ApiNode>;
  /** Takes API node `name` out of HAProxy (maintenance, in every backend) and stops it: the others run on untouched. */
  removeApi(name: string): Promise<void>;
  /** Starts API node `index` again (after it was killed or stopped), waiting for its health. */
  restartApi(index: number): Promise<void>;
  /** Stops the worker at `index` and starts a new one in its place. */
  restartWorker(index: number, how?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Restarts the standby node (its pg_autoctl and Postgres), waiting until it is secondary again. */
  restartReplica(): Promise<void>;
  /** The PostgreSQL formation: which node is primary, killing a postmaster, restarting a node. */
  postgres: Postgres;
  /** Stops everything, once; later calls wait for the first. */
  stop(): Promise<void>;
}

async function mustBeFree(port: number, what: string) {
  if (await isPortOpen(port)) throw new Error(`Port ${port} (${what}) is already in use: another cluster still running? Pick other ports (--help).`);
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  let stopping: Promise<void> | undefined;
  const api: ApiNode[] = [];
  const workers: Child[] = [];
  let haproxy: Child | undefined;
  let pgbouncer: Child | undefined;
  let pgRouting: Child | undefined;
  let postgres: Postgres | undefined;

  const onExit = (child: Child, code: number | string) => {
    if (!child.stopping) say(child.name, `exited unexpectedly (${code})`);
  };

  const stop = () => (stopping ??= (async () => {
    log('Stopping…');
    if (haproxy) await stopChild(haproxy);
    await Promise.all([...api.map((n) => stopChild(n.child)), ...workers.map((w) => stopChild(w))]);
    if (pgbouncer) await stopChild(pgbouncer);
    if (pgRouting) await stopChild(pgRouting);
    await postgres?.stop();
    log('Stopped.');
  })());

  try {
    ensurePackages(log);
    fs.mkdirSync(opts.dataDir, { recursive: true });
    for (const [port, what] of [[opts.port, 'HAProxy'], [opts.pgbouncerPort, 'PgBouncer'], [opts.primaryPort, 'HAProxy to the primary'],
      [opts.replicaPort, 'HAProxy to the standby'], [opts.monitorPort, 'pg_auto_failover monitor'], [opts.nodePort, 'node-1'], [opts.nodePort + 1, 'node-2'], ...Array.from({ length: opts.api }, (_, i) => [opts.apiPort + i, `api-${i + 1}`])] as [number, string][]) {
      await mustBeFree(port, what);
    }

    const pgs = await startPostgres(opts.dataDir, { monitor: opts.monitorPort, nodes: [opts.nodePort, opts.nodePort + 1] }, log, onExit);
    postgres = pgs;
    const routing = writePgRoutingConfig(opts.dataDir, {
      primaryPort: opts.primaryPort, standbyPort: opts.replicaPort, user: 'postgres', database: 'portal',
      nodes: pgs.nodes.map((n) => ({ name: n.name, port: n.port })),
    });
    pgRouting = startChild('haproxy-pg', '/usr/sbin/haproxy', ['-db', '-f', routing], { onExit });
    await waitForPrimary(opts.primaryPort);

    const ini = writePgbouncerConfig(opts.dataDir, { port: opts.pgbouncerPort, primaryPort: opts.primaryPort, poolSize: 20 + 10 * opts.api });
    pgbouncer = startChild('pgbouncer', '/usr/sbin/pgbouncer', [...(isRoot() ? ['-u', 'postgres'] : []), ini], { onExit });
    await waitForPort(opts.pgbouncerPort, 10_000, 'PgBouncer');

    if (opts.build) {
      log('Building the client if its sources changed, and the server…');
      for (const script of ['scripts/build-client.ts --if-changed', 'scripts/build-server.ts']) {
        const built = spawnSync(process.execPath, ['--import', 'tsx', ...script.split(' ')], { cwd: ROOT, stdio: 'inherit' });
        if (built.status !== 0) throw new Error(`The build failed: ${script}`);
      }
    }

    const pooled = databaseUrl(opts.pgbouncerPort);
    const direct = databaseUrl(opts.primaryPort);
    const nodeEnv = (name: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
      ...process.env, // SEED_MERCHANTS, TOKEN_SECRET, … as the user set them
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATABASE_URL: pooled,
      DATABASE_DIRECT_URL: direct,
      DATABASE_REPLICA_URL: databaseUrl(opts.replicaPort),
      DATA_DIR: path.join(opts.dataDir, name),
      ...extra,
    });
    // The compiled server, as npm start runs it (scripts/build-server.ts).
    const compiled = (script: string): [string, string[]] => [process.execPath, ['--enable-source-maps', `${SERVER_BUILD}/${script}`]];

    // The families of each group, once the first node has seeded the database (null: every node holds all).
    let families: number[][] | null = null;
    const startApi = (slot: number, group = groupOfNode(slot, Math.max(1, opts.familyGroups))): ApiNode => {
      const name = `api-${slot + 1}`;
      const port = opts.apiPort + slot;
      // One process a node: the cluster's nodes are the processes HAProxy balances (and kills in --check).
      const env = nodeEnv(name, {
        PORT: String(port), HOST: '127.0.0.1', INVOICE_WORKER: '0', IMPORT_WORKER: '0', TRUST_PROXY: '1', API_PROCESSES: '1',
        ...(families ? { INDEX_FAMILIES: indexFamiliesEnv(families[group]!) } : {}),
      });
      const child = startChild(name, ...compiled('server/main.js'), { env, cwd: ROOT, onExit });
      return { name, port, child, group, slot };
    };
    // A worker that dies unasked is started again after a second, as a service manager would (one
    // starting while the database fails over stops at its first query).
    const startWorker = (index: number): Child =>
      startChild(`worker-${index + 1}`, ...compiled('server/worker.js'), {
        env: nodeEnv(`worker-${index + 1}`, {}), cwd: ROOT,
        onExit: (child, code) => {
          onExit(child, code);
          if (child.stopping) return;
          setTimeout(() => {
            if (!stopping && workers[index] === child) workers[index] = startWorker(index);
          }, 1000);
        },
      });
    const health = (node: ApiNode, ms: number) => waitForHealth(`http://127.0.0.1:${node.port}/api/health`, ms, node.name, node.child.exited);

    // The first node migrates and seeds an empty database; the others start on a ready one.
    const first = startApi(0);
    api.push(first);
    log(`Waiting for ${first.name} (migrations, and the demo seed on the first run)…`);
    await health(first, FIRST_START_MS);
    if (opts.familyGroups > 0) {
      families = familyGroups(await familyHeads(direct), opts.familyGroups);
      families.forEach((held, g) => log(`${groupName(g)}: families ${held.join(', ') || 'none'}`));
      // The first node held every family while it seeded; now only its group's.
      await stopChild(first.child);
      await waitForPortClosed(first.port);
      api[0] = startApi(0);
      await health(api[0], START_MS);
    }
    for (let i = 1; i < opts.api; i++) api.push(startApi(i));
    await Promise.all(api.slice(1).map((n) => health(n, START_MS)));
    for (let i = 0; i < opts.workers; i++) workers.push(startWorker(i));

    const groups: FamilyGroup[] = (families ?? []).map((held, g) => ({ name: groupName(g), families: held, nodes: api.filter((n) => n.group === g).map((n) => n.name) }));
    const mapFile = path.join(opts.dataDir, 'families.map');
    if (families) fs.writeFileSync(mapFile, familyMap(families));
    const socket = path.join(opts.dataDir, 'haproxy.sock');
    const backend = (n: ApiNode) => ({ name: n.name, port: n.port });
    const cfg = writeHaproxyConfig(opts.dataDir, {
      port: opts.port,
      backends: api.map(backend),
      requestTimeoutMs: Number(process.env.REQUEST_TIMEOUT_MS || 60_000),
      headersTimeoutMs: Number(process.env.HEADERS_TIMEOUT_MS || 30_000),
      families: families ? { mapFile, groups: groups.map((g) => ({ name: g.name, nodes: api.filter((n) => g.nodes.includes(n.name)).map(backend) })) } : undefined,
      socket,
    });
    haproxy = startChild('haproxy', '/usr/sbin/haproxy', ['-db', '-f', cfg], { onExit });
    const url = `http://127.0.0.1:${opts.port}`;
    let nextSlot = opts.api;
    await waitForHealth(`${url}/api/health`, 15_000, 'HAProxy', haproxy.exited);

    return {
      url,
      directUrl: direct,
      api,
      workers,
      groups,
      async addApi(group) {
        // A new slot, past every one used: a removed node's name stays in HAProxy, in maintenance.
        const slot = nextSlot++;
        await mustBeFree(opts.apiPort + slot, `api-${slot + 1}`);
        const node = startApi(slot, group);
        api.push(node);
        await health(node, START_MS);
        // Checked as the configured servers are; a dynamic server starts in maintenance, health checks off.
        const server = `127.0.0.1:${node.port} ${CHECKED} inter 1s fastinter 250ms downinter 1s fall 2 rise 2`;
        for (const backendName of [groups[group]!.name, 'api']) {
          await haproxyCommand(socket, `add server ${backendName}/${node.name} ${server}`);
          await haproxyCommand(socket, `enable health ${backendName}/${node.name}`);
          await haproxyCommand(socket, `enable server ${backendName}/${node.name}`);
        }
        groups[group]!.nodes.push(node.name);
        log(`${node.name} added to ${groups[group]!.name} (families ${groups[group]!.families.join(', ') || 'none'})`);
        return node;
      },
      async removeApi(name) {
        const index = api.findIndex((n) => n.name === name);
        const node = api[index]!;
        // In maintenance HAProxy sends it no new request; the ones it is answering finish as it stops.
        const entries = [...groups.map((g) => `${g.name}/${name}`), `api/${name}`, `api/${name}-anyway`];
        for (const entry of entries) await haproxyCommand(socket, `disable server ${entry}`).catch((err: unknown) => {
          if (!/No such server/i.test((err as Error).message)) throw err;
        });
        await stopChild(node.child);
        api.splice(index, 1);
        for (const g of groups) g.nodes = g.nodes.filter((n) => n !== name);
        log(`${name} removed (in maintenance in HAProxy, stopped)`);
      },
      async restartApi(index) {
        const old = api[index]!;
        await stopChild(old.child);
        await waitForPortClosed(old.port);
        api[index] = startApi(old.slot, old.group);
        await health(api[index], START_MS);
      },
      async restartWorker(index, how = 'SIGTERM') {
        const old = workers[index]!;
        if (how === 'SIGKILL') {
          old.stopping = true;
          old.process.kill('SIGKILL');
          await old.exited;
        } else {
          await stopChild(old);
        }
        workers[index] = startWorker(index);
      },
      async restartReplica() {
        const standby = (await pgs.states()).find((r) => r.current_group_state === 'secondary');
        if (!standby) throw new Error('no secondary to restart');
        await pgs.restartNode(pgs.nodes.find((n) => n.name === standby.nodename)!);
        await pgs.waitReady(120_000);
        log(`${standby.nodename} (the standby) restarted, secondary again`);
      },
      postgres: pgs,
      stop,
    };
  } catch (err) {
    log(`Could not start: ${(err as Error).message}`);
    await stop();
    throw err;
  }
}

/** The heads of the families of houses: distributors without a parent. */
async function familyHeads(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ id: number }>('select id from distributors where parent_id is null order by id')).rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** Until HAProxy's port to the primary answers a login (its check has found the primary). */
async function waitForPrimary(port: number) {
  const until = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: databaseUrl(port), connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      if (Date.now() > until) throw new Error(`HAProxy did not reach the primary on port ${port}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

async function waitForPortClosed(port: number) {
  for (let i = 0; i < 50 && (await isPortOpen(port)); i++) await new Promise((r) => setTimeout(r, 100));
}
