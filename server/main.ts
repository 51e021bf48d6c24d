import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { tokenSigner } from './auth/tokens.ts';
import { readConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { makeDeps } from './deps.ts';
import { settingsRepository } from './repositories/settings.ts';
import { openPreparedDatabase, startQueues, type Queues } from './startup.ts';

let db: Database | undefined;
let app: FastifyInstance | undefined;
let queues: Queues | undefined;

/** Stops the HTTP server, then the database (the embedded one must not outlive us). */
async function shutdown(code: number) {
  await app?.close().catch(() => {});
  await queues?.stop();
  await db?.close().catch(() => {});
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

async function main() {
  const config = readConfig();
  db = await openPreparedDatabase(config);
  const secret = config.tokenSecret ?? (await settingsRepository(db.pool).tokenSecret());
  const deps = makeDeps(config, db.pool, tokenSigner(secret), undefined, db.replica);
  // OCR and imports run here unless INVOICE_WORKER=0 / IMPORT_WORKER=0 (then `npm run worker`
  // runs them); either way this server queues them (docs/invoices.md, docs/import.md).
  queues = await startQueues(db.direct, { invoices: config.invoiceWorker, imports: config.importWorker }, deps);
  app = await buildApp(deps, { level: config.logLevel });
  // The dashboard's index (lost figures, volume per merchant) in memory before the first request (seconds; a minute or so on
  // 20 million lines): a server behind a load balancer takes no traffic until it listens.
  const t0 = performance.now();
  const index = await deps.dashboardMemory.built();
  if (index) console.log(`Dashboard index of data version ${index.version} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Portal ready on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void shutdown(1);
});
