// Test databases: every test file gets fresh, uniquely named databases on each target
// server (the embedded one, plus TEST_DATABASE_URL when set) and drops them afterwards.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import '../db/type-parsers.ts';
import { migrate } from '../db/migrate.ts';
import { seed, type SeedOptions } from '../seed/seed.ts';
import { templatePrefix } from './template-names.ts';

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

/** An empty database, or a copy of `template`. */
export async function createScratchDatabase(adminUrl: string, template?: string): Promise<ScratchDatabase> {
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
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
      await withAdmin(adminUrl, async (c) => {
        // A pool's end() resolves before its connections have closed: a connection cut by FORCE in
        // that moment reaches its client as an error nobody listens to any more. So wait a little
        // for them to go, then FORCE (PG13+) ends any connection a test left open.
        for (let waited = 0; waited < 2_000; waited += 50) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

// A migrated database with a tiny, deterministic data set: a copy of the run's template for the
// same seed options, migrated and seeded once per run and server (CREATE DATABASE … TEMPLATE
// copies files, far quicker than 27 migrations and a seed for every test file).
export async function seededScratchDatabase(
  adminUrl: string,
  seedOpts: SeedOptions = { merchants: 20, months: 2 },
): Promise<ScratchDatabase> {
  return createScratchDatabase(adminUrl, await seededTemplate(adminUrl, seedOpts));
}

/** Migrated and seeded here, not copied: for the tests of the migrations and the seed themselves. */
export async function freshlySeededDatabase(adminUrl: string, seedOpts: SeedOptions): Promise<ScratchDatabase> {
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

const templates = new Map<string, Promise<string>>();

/**
 * The name of the run's template for these options on this server, built by the first test file
 * (of any worker) that asks: an advisory lock makes the others wait for it. A template takes no
 * connections, so no session (autovacuum included) can stop a copy being made of it.
 */
function seededTemplate(adminUrl: string, seedOpts: SeedOptions): Promise<string> {
  const key = crypto.createHash('sha256').update(JSON.stringify(seedOpts)).digest('hex').slice(0, 12);
  const name = `${templatePrefix(inject('testRunId'))}${key}`;
  const memo = `${adminUrl} ${name}`;
  let made = templates.get(memo);
  if (!made) {
    made = withAdmin(adminUrl, async (c) => {
      await c.query('select pg_advisory_lock(hashtext($1))', [name]);
      const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount === 0) {
        const db = await freshlySeededDatabase(adminUrl, seedOpts);
        await db.pool.end();
        const built = new URL(db.url).pathname.slice(1);
        await c.query(`alter database ${built} rename to ${name}`);
        await c.query(`alter database ${name} with is_template true allow_connections false`);
      }
      await c.query('select pg_advisory_unlock(hashtext($1))', [name]);
      return name;
    });
    templates.set(memo, made);
  }
  return made;
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
