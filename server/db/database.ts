// One entry point for the app's database: DATABASE_URL when given (any PostgreSQL),
// otherwise the embedded cluster under dataDir. In a cluster (docs/scale-out.md) DATABASE_URL
// may go through PgBouncer in transaction mode; DATABASE_DIRECT_URL then reaches the primary
// for work that needs a session of its own, and DATABASE_REPLICA_URL a streaming replica.
import pg from 'pg';
import './type-parsers.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { joinRequestTransactions } from './request-transaction.ts';
import { UnpreparedClient } from './unprepared.ts';

export interface Database {
  /** Requests' queries. */
  pool: pg.Pool;
  /** A session of its own on the primary: migrations, job queues, seeding (the same pool without DATABASE_DIRECT_URL). */
  direct: pg.Pool;
  /** The replica for lag-tolerant reads; null without DATABASE_REPLICA_URL. */
  replica: pg.Pool | null;
  url: string;
  close(): Promise<void>;
}

export interface DatabaseUrls {
  databaseUrl?: string;
  databaseDirectUrl?: string;
  databaseReplicaUrl?: string;
  dataDir: string;
}

function newPool(connectionString: string, options: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10, ...options });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  return pool;
}

export async function openDatabase(opts: DatabaseUrls): Promise<Database> {
  const embedded = opts.databaseUrl ? undefined : await startEmbeddedPostgres(opts.dataDir);
  const url = opts.databaseUrl ?? embedded!.url;
  const pooled = !!opts.databaseDirectUrl && opts.databaseDirectUrl !== url;
  // Through a transaction pooler, consecutive statements may reach different server connections:
  // a statement prepared by name on one is unknown on the next (PgBouncer before 1.21).
  const pool = newPool(url, pooled ? { Client: UnpreparedClient } : {});
  const direct = pooled ? newPool(opts.databaseDirectUrl!, { max: 5 }) : pool;
  // A keyed write's queries on the primary run in its transaction (request-transaction.ts): on
  // `direct` too, where pg-boss sends its jobs, so a job commits with the row it is about.
  joinRequestTransactions(pool);
  joinRequestTransactions(direct);
  // The replica is not checked here: one down at start only sends its reads to the primary.
  const replica = opts.databaseReplicaUrl ? newPool(opts.databaseReplicaUrl, { connectionTimeoutMillis: 2000 }) : null;
  const pools = [...new Set([pool, direct, replica])].filter((p): p is pg.Pool => p !== null);
  const endPools = () => Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  try {
    await pool.query('select 1');
    if (direct !== pool) await direct.query('select 1');
  } catch (err) {
    await endPools();
    await embedded?.stop();
    throw err;
  }
  let closed = false;
  return {
    pool,
    direct,
    replica,
    url,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await endPools();
      } finally {
        await embedded?.stop();
      }
    },
  };
}
