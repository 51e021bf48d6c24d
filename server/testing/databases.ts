// Test databases: every test file gets fresh, uniquely named databases on each target
// server (the embedded one, plus TEST_DATABASE_URL when set) and drops them afterwards.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import '../db/type-parsers.ts';
import { migrate } from '../db/migrate.ts';
import { seed, type SeedOptions } from '../seed/seed.ts';

export interface TestTarget {
  name: string;
  adminUrl: string;
}

export interface ScratchDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

export function testTargets(): TestTarget[] {
  const targets = [{ name: 'embedded', adminUrl: inject('embeddedAdminUrl') }];
  if (process.env.TEST_DATABASE_URL) targets.push({ name: 'TEST_DATABASE_URL', adminUrl: process.env.TEST_DATABASE_URL });
  return targets;
}

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => undefined); // connections are cut when the database is dropped
  let dropped = false;
  return {
    url: url.toString(),
    pool,
    async drop() {
      if (dropped) return;
      dropped = true;
      await pool.end();
      // FORCE (PG13+) ends any connection a test left open.
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

// A migrated database with a tiny, deterministic data set: quick enough for any test file.
export async function seededScratchDatabase(
  adminUrl: string,
  seedOpts: SeedOptions = { merchants: 20, months: 2 },
): Promise<ScratchDatabase> {
  const db = await createScratchDatabase(adminUrl);
  try {
    await migrate(db.pool);
    await seed(db.pool, seedOpts);
    return db;
  } catch (err) {
    await db.drop();
    throw err;
  }
}

async function withAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
