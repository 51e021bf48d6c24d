import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { copyOut } from './copy.ts';

describe.each(testTargets())('COPY to stdout (copyOut) on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase(adminUrl);
  });
  afterAll(() => db?.drop());

  it('streams every row into the parser', async () => {
    const client = await db.pool.connect();
    let text = '';
    try {
      await copyOut(client, 'copy (select g, g * 2 from generate_series(1, 3) g) to stdout', (chunk) => (text += chunk.toString()));
    } finally {
      client.release();
    }
    expect(text).toBe('1\t2\n2\t4\n3\t6\n');
  });

  // A connection terminated mid-COPY (a failover, the database stopping): the copy fails with the
  // database's reason, and the pool serves the next query.
  it('fails, and ends nothing else, when its connection is terminated mid-COPY', async () => {
    const client = await db.pool.connect();
    let rows = 0;
    // Rows of 8 kB, so that PostgreSQL sends each as it comes rather than a buffer at the end.
    const copying = copyOut(client, `copy (select g, repeat('x', 8192), pg_sleep(0.02) from generate_series(1, 1000) g) to stdout`,
      (chunk) => (rows += chunk.toString().split('\n').length - 1)).then(() => null, (e: unknown) => e as Error);
    const terminate = () => db.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where query like 'copy (select g, repeat%' and pid <> pg_backend_pid()`);
    try {
      await expect.poll(() => rows, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    } finally {
      await terminate();
    }
    const error = await copying;
    client.release(error ?? undefined);
    expect(error?.message).toMatch(/terminating connection/);
    expect(rows).toBeLessThan(1000);
    expect((await db.pool.query('select 1 as one')).rows[0].one).toBe(1);
  });
});
