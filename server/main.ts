import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { LISTENING, startApiProcesses, type ApiProcesses } from './api-processes.ts';
import { buildApp } from './app.ts';
import { tokenSigner } from './auth/tokens.ts';
import { readConfig, type Config } from './config.ts';
import type { Database } from './db/database.ts';
import { makeDeps } from './deps.ts';
import { settingsRepository } from './repositories/settings.ts';
import { openPreparedDatabase, startQueues, type Queues } from './startup.ts';

let db: Database | undefined;
let app: FastifyInstance | undefined;
let queues: Queues | undefined;
let processes: ApiProcesses | undefined;

/** Stops the HTTP server, then the database (the embedded one must not outlive us); or the API processes, then the database. */
async function shutdown(code: number) {
  await processes?.stop().catch(() => {});
  await app?.close().catch(() => {});
  await queues?.stop();
  await db?.close().catch(() => {});
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

/** Serves the API from this process: the only one (API_PROCESSES=1), or a worker of api-processes.ts. */
async function serve(config: Config) {
  db = await openPreparedDatabase(config);
  const secret = config.tokenSecret ?? (await settingsRepository(db.pool).tokenSecret());
  const deps = makeDeps(config, db.pool, tokenSigner(secret), undefined, db.replica);
  // OCR and imports run here unless INVOICE_WORKER=0 / IMPORT_WORKER=0 (then `npm run worker`
  // runs them); either way this server queues them (docs/invoices.md, docs/import.md).
  queues = await startQueues(db.direct, { invoices: config.invoiceWorker, imports: config.importWorker }, deps);
  app = await buildApp(deps, { level: config.logLevel });
  // The in-memory indexes (dashboard figures, sellers, merchants; rebates in force) before the first request (seconds;
  // a minute or so on 20 million lines): a server behind a load balancer takes no traffic until it listens.
  const t0 = performance.now();
  const [index] = await Promise.all([deps.dashboardMemory.built(), deps.rebateMemory.built()]);
  if (index && !cluster.isWorker) console.log(`Dashboard index of data version ${index.version} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) process.send!(LISTENING);
  else console.log(`Portal ready on http://localhost:${config.port}`);
}

async function main() {
  const config = readConfig();
  if (cluster.isPrimary && config.apiProcesses > 1) processes = await startApiProcesses(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void shutdown(1);
});
