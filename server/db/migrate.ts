// Forward-only migrations: server/db/migrations/NNN_name.sql, applied in name order, each in
// its own transaction together with its schema_migrations record.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../repo-root.ts';
import type pg from 'pg';
import { LOCKS, withSessionLock } from './session-lock.ts';

const MIGRATIONS_DIR = pathToFileURL(path.join(REPO_ROOT, 'server/db/migrations/'));

export async function migrate(pool: pg.Pool): Promise<string[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  return withSessionLock(pool, LOCKS.migrate, async (client) => {
    const applied: string[] = [];
    await client.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now())`);
    const done = new Set(
      (await client.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
    );
    for (const file of files) {
      const name = file.replace(/\.sql$/, '');
      if (done.has(name)) continue;
      const sql = await fs.readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into schema_migrations (name) values ($1)', [name]);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(name);
    }
    return applied;
  });
}
