import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { UnpreparedClient } from './unprepared.ts';

/** Behind PgBouncer in transaction mode a statement prepared by name is lost with its server connection. */
describe.each(testTargets())('a pool for a transaction pooler on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  beforeAll(async () => void (db = await createScratchDatabase(adminUrl)));
  afterAll(async () => db?.drop());

  const preparedAfterNamedQuery = async (pool: pg.Pool) => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ n: number }>({ name: 'answer', text: 'select $1::int as n', values: [42] });
      expect(rows[0]!.n).toBe(42);
      return (await client.query('select name from pg_prepared_statements')).rows.map((r) => r.name as string);
    } finally {
      client.release();
    }
  };

  it('runs named queries without preparing them by name; an ordinary pool prepares them', async () => {
    const unprepared = new pg.Pool({ connectionString: db.url, max: 1, Client: UnpreparedClient });
    const ordinary = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      expect(await preparedAfterNamedQuery(unprepared)).toEqual([]);
      expect(await preparedAfterNamedQuery(ordinary)).toEqual(['answer']);
    } finally {
      await Promise.all([unprepared.end(), ordinary.end()]);
    }
  });
});
