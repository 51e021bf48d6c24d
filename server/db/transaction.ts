import type pg from 'pg';
import { joinedTransaction } from './request-transaction.ts';

/**
 * Runs work on one connection inside a transaction: committed when it resolves, rolled back when
 * it throws. In a keyed write's transaction (request-transaction.ts) it is a savepoint of that
 * one, committed with the request's answer.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const scope = joinedTransaction(pool);
  if (scope) return scope.tx.block(scope, work);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
