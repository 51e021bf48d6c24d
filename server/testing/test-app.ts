import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { buildApp } from '../app.ts';
import { tokenSigner } from '../auth/tokens.ts';
import { readConfig, type Config } from '../config.ts';
import { makeDeps } from '../deps.ts';
import { createMailer } from '../mail/mailer.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * The real app on a test database, for `app.inject`. Mail goes to `smtpUrl` when given (see
 * smtp-capture.ts), else to an outbox in a temp folder of this app's own, never into the project.
 * `replica` stands in for DATABASE_REPLICA_URL's pool.
 */
export async function testApp(pool: pg.Pool, overrides: Partial<Config> = {}, smtpUrl?: string, replica: pg.Pool | null = null) {
  // Test files run side by side: nothing of one app may land in a folder another app reads
  // (DATA_DIR defaults to ./data), so each app has its own, removed when it closes.
  const own = overrides.dataDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-app-'));
  // A closing test app waits half a second, not 10 s, for a request a test left in flight.
  const dataDir = overrides.dataDir ?? own!;
  const config = { ...readConfig({}), shutdownGraceMs: 500, dataDir, indexDir: path.join(dataDir, 'index'), ...overrides };
  const mailer = createMailer({
    smtpUrl,
    from: config.mail.from,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: () => {},
  });
  const deps = makeDeps(config, pool, tokenSigner(TEST_SECRET), mailer, replica);
  const app = await buildApp(deps);
  if (own) app.addHook('onClose', async () => fs.rmSync(own, { recursive: true, force: true }));
  return { app, deps };
}
