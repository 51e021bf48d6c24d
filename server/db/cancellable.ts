import type pg from 'pg';
import type { Queryable } from './queryable.ts';

/** A query is cancelled (SQLSTATE 57014 query_canceled). */
export const isQueryCancelled = (err: unknown) => (err as { code?: string } | null)?.code === '57014';

/**
 * Runs `work` with queries that PostgreSQL cancels if `signal` aborts first (the browser went
 * away: a new range cancels an intel batch), so the server stops working for nobody. Each query
 * borrows its own connection, so they still run side by side; a connection that saw an abort is
 * closed rather than pooled, so a late cancel can never reach the next borrower's query.
 */
export async function cancellable<T>(pool: pg.Pool, signal: AbortSignal, work: (db: Queryable) => Promise<T>): Promise<T> {
  const running = new Set<number>();
  const cancel = () => {
    for (const pid of running) void pool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined);
  };
  // Text with values, or a whole (named, so prepared) query config.
  const query = async (text: string | pg.QueryConfig, values?: unknown[]) => {
    signal.throwIfAborted();
    const client = await pool.connect();
    // A query that waited for a connection while the abort came was in no `running` set to cancel.
    if (signal.aborted) {
      client.release();
      signal.throwIfAborted();
    }
    const pid = (client as unknown as { processID: number }).processID;
    running.add(pid);
    try {
      return await (typeof text === 'string' ? client.query(text, values) : client.query(text));
    } finally {
      running.delete(pid);
      client.release(signal.aborted);
    }
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await work({ query } as Queryable);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
