import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { startBoss } from './job-boss.ts';

// API processes, workers and cluster nodes start their queues at once on a new database: each
// must find pg-boss's schema made once, never fail on another's (CI saw "duplicate key value
// violates unique constraint pg_namespace_nspname_index" from four API processes).
describe.each(testTargets())('pg-boss started by many processes at once on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    db = await createScratchDatabase(adminUrl);
    for (let i = 0; i < 8; i++) {
      const pool = new pg.Pool({ connectionString: db.url, max: 3 });
      pool.on('error', () => undefined); // connections are cut when the database is dropped
      pools.push(pool);
    }
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await db?.drop();
  });

  const startAll = () => Promise.all(pools.map((pool, i) => startBoss(pool, `queue ${i}`, [{ name: 'ocr', policy: 'short' }, { name: 'imports' }])));

  it('every one starts on an empty database, again and again, and jobs go through the one schema', async () => {
    // Each round: connections already open (as in a running process), no job schema yet.
    for (let round = 0; round < 10; round++) {
      await Promise.all(pools.map((pool) => pool.query('select 1')));
      await db.pool.query('drop schema if exists pgboss cascade');
      const bosses = await startAll();
      await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, close: false })));
    }
    const bosses = await startAll();
    await bosses[5].send('imports', { n: 1 });
    expect((await db.pool.query('select count(*)::int as n from pgboss.job')).rows[0].n).toBe(1);
    await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, close: false })));
  });
});
