import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { LISTENING, SPARE_READY, startApiProcesses, type ApiProcesses, type TakeOver } from './api-processes.ts';
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
  const work = (yes: boolean) => ({ invoices: yes && config.invoiceWorker, imports: yes && config.importWorker });
  // The spare of api-processes.ts starts its queues when it takes a dead worker's place.
  const spare = cluster.isWorker && process.env.PORTAL_SPARE === '1';
  if (!spare) queues = await startQueues(db.direct, work(true), deps);
  app = await buildApp(deps, { level: config.logLevel });
  // The in-memory indexes (dashboard figures, sellers, merchants; rebates in force) build in the
  // background (seconds; about half a minute on 20 million lines): until they are done the rollups
  // in SQL answer the same numbers (dashboard-memory.ts), so the port opens at once at any size and
  // /api/health says which answers. The dashboard index is built by one process and mapped from
  // its file by the others (shared-index.ts). A spare holds them first: it takes a dead worker's traffic.
  const t0 = performance.now();
  const indexes = Promise.all([deps.dashboardMemory.built(), deps.rebateMemory.built()]).then(([index]) => {
    if (index && !cluster.isWorker) console.log(`Dashboard index of data version ${index.version} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  });
  let takeOver: TakeOver | null = null;
  if (spare) {
    await indexes;
    process.send!(SPARE_READY);
    console.log('API spare ready');
    takeOver = await new Promise<TakeOver>((resolve) =>
      process.on('message', (m: unknown) => void ((m as TakeOver | null)?.type === 'portal:take-over' && resolve(m as TakeOver))));
  }
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) process.send!(LISTENING);
  else console.log(`Portal ready on http://localhost:${config.port}`);
  // A spare listens first (an upload meanwhile waits as pending, queued when its queue starts).
  if (takeOver) queues = await startQueues(db.direct, work(takeOver.work), deps);
}

let ready = false;
// A start left waiting on something that can no longer happen (a PostgreSQL that could not read
// its folder and died without a word) ends with nothing left to run: a failed start, not exit 0.
process.once('beforeExit', () => {
  if (ready) return;
  console.error('The server stopped before it was ready: its database never answered (is DATA_DIR readable by the user PostgreSQL runs as?).');
  process.exitCode = 1;
});

async function main() {
  const config = readConfig();
  if (cluster.isPrimary && config.apiProcesses > 1) processes = await startApiProcesses(config);
  else await serve(config);
  ready = true;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void shutdown(1);
});
