// vitest globalSetup: one embedded PostgreSQL for the whole test run; tests create their
// own scratch databases on it (see databases.ts).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-pg-'));
  const pg = await startEmbeddedPostgres(dir);
  project.provide('embeddedAdminUrl', pg.url);
  return async () => {
    await pg.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
