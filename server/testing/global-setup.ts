// vitest globalSetup: one embedded PostgreSQL for the whole test run; tests create their
// own scratch databases on it (see databases.ts).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { templatePrefix } from './template-names.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedAdminUrl: string;
    /** Names the run's template databases (databases.ts), so a run drops only its own. */
    testRunId: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-pg-'));
  const embedded = await startEmbeddedPostgres(dir);
  const runId = crypto.randomBytes(4).toString('hex');
  project.provide('embeddedAdminUrl', embedded.url);
  project.provide('testRunId', runId);
  return async () => {
    // The embedded server goes whole; a server of TEST_DATABASE_URL outlives the run, so its templates are dropped.
    if (process.env.TEST_DATABASE_URL) await dropTemplates(process.env.TEST_DATABASE_URL, runId);
    await embedded.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}

async function dropTemplates(adminUrl: string, runId: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [templatePrefix(runId)]);
    for (const { datname } of rows) {
      await client.query(`alter database ${datname} with is_template false`);
      await client.query(`drop database ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}
