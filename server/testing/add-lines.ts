import type pg from 'pg';
import { addLinesToRollups } from '../rollups/incremental-rollups.ts';

/**
 * Adds purchase lines as an import adds its batch: `insert` writes them (every line it writes has
 * `invoiceId`), the rollups are summed with theirs and the data version bumped, all in one
 * transaction.
 */
export async function addLinesAsAnImportDoes(pool: pg.Pool, insert: string, params: unknown[], invoiceId: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(insert, params);
    await client.query(`create temp view new_lines as select * from purchase_lines where invoice_id = '${invoiceId.replace(/'/g, "''")}'`);
    await addLinesToRollups(client, 'new_lines');
    await client.query('drop view new_lines');
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}
