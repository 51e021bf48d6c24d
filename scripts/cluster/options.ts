// The cluster's flags and their environment twins: counts, ports and the data folder.
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface ClusterOptions {
  /** Number of API processes behind HAProxy. */
  api: number;
  /** Route by family to this many groups of API nodes, each holding only its families' indexes (0: round robin over all). */
  familyGroups: number;
  /** Number of worker processes (`tsx server/worker.ts`). */
  workers: number;
  /** HAProxy's port: the cluster's URL. */
  port: number;
  /** The first API process's port; the others follow. */
  apiPort: number;
  /** HAProxy's port for whichever PostgreSQL node is primary now (PgBouncer, DATABASE_DIRECT_URL). */
  primaryPort: number;
  /** HAProxy's port for whichever node is the standby (DATABASE_REPLICA_URL). */
  replicaPort: number;
  /** pg_auto_failover's monitor. */
  monitorPort: number;
  /** The first PostgreSQL data node's own port; the second follows. */
  nodePort: number;
  pgbouncerPort: number;
  /** Where the databases, generated configs and the nodes' DATA_DIRs live. */
  dataDir: string;
  /** Build the client (only when sources changed) before the API nodes start. */
  build: boolean;
  /** Start, log in, kill an API node, check requests still succeed, stop; print one JSON line. */
  check: boolean;
  help: boolean;
}

export const HELP = `npm run cluster [-- options]: the portal as a local cluster on loopback
  PostgreSQL 15 under pg_auto_failover (a monitor, two nodes in synchronous replication, the
  standby promoted when the primary dies), HAProxy routing to the primary and to the standby,
  PgBouncer (transaction pooling), N API processes behind HAProxy, M worker processes. Installs
  haproxy, pgbouncer, postgresql-15 and postgresql-15-auto-failover with apt-get when missing.
  Ctrl-C stops everything.

  --api N             API processes (CLUSTER_API, default 3)
  --workers N         worker processes (CLUSTER_WORKERS, default 2)
  --family-groups N   route each caller's family to one of N groups of API nodes (node i in group
                      i mod N), whose indexes hold only the families hashed to it; with --check,
                      the family checks too (CLUSTER_FAMILY_GROUPS, default 0: round robin)
  --port N            HAProxy's port, the URL to open (CLUSTER_PORT, default 8000)
  --api-port N        first API process's port, the others follow (CLUSTER_API_PORT, default 8101)
  --primary-port N    whichever PostgreSQL node is primary, through HAProxy (CLUSTER_PRIMARY_PORT, default 55432)
  --replica-port N    whichever node is the standby, through HAProxy (CLUSTER_REPLICA_PORT, default 55433)
  --monitor-port N    pg_auto_failover's monitor (CLUSTER_MONITOR_PORT, default 55430)
  --node-port N       first PostgreSQL node, the second follows (CLUSTER_NODE_PORT, default 55441)
  --pgbouncer-port N  PgBouncer (CLUSTER_PGBOUNCER_PORT, default 56432)
  --data DIR          data folder (CLUSTER_DATA, default .cluster)
  --no-build          do not build the client and the server first
  --check             start, log in, SIGKILL one API node, check requests keep succeeding, stop
  --help              this text

  Other environment (SEED_MERCHANTS, LOG_LEVEL, TOKEN_SECRET, …) is passed to the nodes.`;

function count(flag: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > 65535) throw new Error(`${flag} must be a whole number ≥ ${min}, got '${raw}'`);
  return n;
}

export function readOptions(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): ClusterOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      api: { type: 'string' },
      workers: { type: 'string' },
      'family-groups': { type: 'string' },
      port: { type: 'string' },
      'api-port': { type: 'string' },
      'primary-port': { type: 'string' },
      'replica-port': { type: 'string' },
      'monitor-port': { type: 'string' },
      'node-port': { type: 'string' },
      'pgbouncer-port': { type: 'string' },
      data: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const options = {
    api: count('--api', values.api ?? env.CLUSTER_API, 3, 1),
    workers: count('--workers', values.workers ?? env.CLUSTER_WORKERS, 2, 0),
    familyGroups: count('--family-groups', values['family-groups'] ?? env.CLUSTER_FAMILY_GROUPS, 0, 0),
    port: count('--port', values.port ?? env.CLUSTER_PORT, 8000, 1),
    apiPort: count('--api-port', values['api-port'] ?? env.CLUSTER_API_PORT, 8101, 1),
    primaryPort: count('--primary-port', values['primary-port'] ?? env.CLUSTER_PRIMARY_PORT, 55432, 1),
    replicaPort: count('--replica-port', values['replica-port'] ?? env.CLUSTER_REPLICA_PORT, 55433, 1),
    monitorPort: count('--monitor-port', values['monitor-port'] ?? env.CLUSTER_MONITOR_PORT, 55430, 1),
    nodePort: count('--node-port', values['node-port'] ?? env.CLUSTER_NODE_PORT, 55441, 1),
    pgbouncerPort: count('--pgbouncer-port', values['pgbouncer-port'] ?? env.CLUSTER_PGBOUNCER_PORT, 56432, 1),
    dataDir: path.resolve(values.data ?? env.CLUSTER_DATA ?? '.cluster'),
    build: !values['no-build'],
    check: values.check,
    help: values.help,
  };
  if (options.familyGroups > options.api) throw new Error(`--family-groups (${options.familyGroups}) needs at least as many API nodes (--api ${options.api})`);
  return options;
}
