import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { migrate } from './migrate.ts';

// Everything a migration could change: columns, indexes, constraints, recorded migrations, settings.
async function snapshot(db: ScratchDatabase) {
  const q = async (sql: string) => (await db.pool.query(sql)).rows;
  return {
    columns: await q(`select table_name, column_name, data_type, is_nullable, column_default
                        from information_schema.columns where table_schema = 'public' order by 1, 2`),
    indexes: await q(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
    constraints: await q(`select conname, pg_get_constraintdef(oid) as def from pg_constraint
                           where connamespace = 'public'::regnamespace order by 1, 2`),
    migrations: await q('select name, applied_at from schema_migrations order by name'),
    settings: await q('select key, value from app_settings order by key'),
  };
}

describe.each(testTargets())('migrate on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase(adminUrl);
  });
  afterAll(() => db?.drop());

  it('applies every migration to an empty database, then nothing on a second run', async () => {
    const first = await migrate(db.pool);
    expect(first).toContain('001_schema');
    const tables = (await db.pool.query(`select tablename from pg_tables where schemaname = 'public'`)).rows.map((r) => r.tablename);
    expect(tables).toEqual(expect.arrayContaining(['distributors', 'users', 'auth_sessions', 'login_attempts', 'purchase_lines', 'rebate_checks']));
    const settings = (await db.pool.query('select key, value from app_settings order by key')).rows;
    expect(settings).toEqual([
      { key: 'features', value: { volumeByMonth: true } },
      { key: 'maintenance', value: false },
    ]);

    const before = await snapshot(db);
    expect(await migrate(db.pool)).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
  });

  it('lets two servers migrate at once without racing', async () => {
    const other = await createScratchDatabase(adminUrl);
    try {
      const [a, b] = await Promise.all([migrate(other.pool), migrate(other.pool)]);
      expect([...a, ...b].sort()).toEqual(a.length ? a : b);
    } finally {
      await other.drop();
    }
  });
});
