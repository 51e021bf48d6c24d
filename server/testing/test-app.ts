import type pg from 'pg';
import { buildApp } from '../app.ts';
import { tokenSigner } from '../auth/tokens.ts';
import { readConfig, type Config } from '../config.ts';
import { makeDeps } from '../deps.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** The real app on a test database, for `app.inject`. */
export async function testApp(pool: pg.Pool, overrides: Partial<Config> = {}) {
  const config = { ...readConfig({}), ...overrides };
  const deps = makeDeps(config, pool, tokenSigner(TEST_SECRET));
  const app = await buildApp(deps);
  return { app, deps };
}
