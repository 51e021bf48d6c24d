import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { tokenSigner } from './auth/tokens.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { makeDeps } from './deps.ts';
import { startInvoiceQueue, type InvoiceQueue } from './invoices/queue.ts';
import { startImportQueue, type ImportQueue } from './import/import-queue.ts';
import { settingsRepository } from './repositories/settings.ts';
import { missingRollups, refreshRollups, refreshRunningTotals } from './rollups/rollups.ts';
import { isSeeded, seed } from './seed/seed.ts';

let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
let app: FastifyInstance | undefined;
let invoiceQueue: InvoiceQueue | undefined;
let importQueue: ImportQueue | undefined;

/** Stops the HTTP server, then the database (the embedded one must not outlive us). */
async function shutdown(code: number) {
  await app?.close().catch(() => {});
  await invoiceQueue?.stop().catch(() => {});
  await importQueue?.stop();
  await db?.close().catch(() => {});
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

async function main() {
  const config = readConfig();
  db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  const applied = await migrate(db.pool);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  if (!(await isSeeded(db.pool))) {
    console.log(`Empty database: seeding demo data (${config.seed.merchants} merchants, ${config.seed.months} months)…`);
    const summary = await seed(db.pool, config.seed);
    console.log(`Seeded ${summary.merchants} merchants, ${summary.purchaseLines} purchase lines in ${(summary.ms / 1000).toFixed(1)} s`);
  } else if (await missingRollups(db.pool)) {
    // A database seeded before the dashboard rollups existed: build them once.
    console.log('Building the dashboard rollups…');
    if ((await missingRollups(db.pool)) === 'running') await refreshRunningTotals(db.pool);
    else await refreshRollups(db.pool);
  }

  const secret = config.tokenSecret ?? (await settingsRepository(db.pool).tokenSecret());
  const deps = makeDeps(config, db.pool, tokenSigner(secret));
  // The invoice OCR queue (pg-boss); its worker runs here unless INVOICE_WORKER=0 (then `npm run worker`).
  invoiceQueue = await startInvoiceQueue(db.pool, { work: config.invoiceWorker });
  deps.invoiceJobs.attach(invoiceQueue.enqueue);
  // Purchase imports from the admin panel run here too, one at a time (docs/import.md).
  importQueue = await startImportQueue(db.pool, { work: true });
  deps.importQueue.attach(importQueue.enqueue);
  app = await buildApp(deps, { level: config.logLevel });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Portal ready on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void shutdown(1);
});
