// Session advisory locks: processes starting at once on one database (API processes, workers,
// servers of a cluster) take turns at the steps that must happen once. They need a direct
// connection: under a transaction pooler a session lock would outlive its transaction.
import type pg from 'pg';

/** Arbitrary constants, one per step that runs once. */
export const LOCKS = { migrate: 7_240_001, prepare: 7_240_002, jobSchema: 7_240_003 } as const;

/** Runs `work` while this process holds the session advisory lock `key`. */
export async function withSessionLock<T>(pool: pg.Pool, key: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}
