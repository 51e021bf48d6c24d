// What `npm start` (main.ts) and `npm run worker` (worker.ts) both do before they serve or work:
// open the database, bring it up to date, and start the job queues.
import type pg from 'pg';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { LOCKS, withSessionLock } from './db/session-lock.ts';
import type { Deps } from './deps.ts';
import { startDigestQueue, type DigestQueue } from './digest/queue.ts';
import { digestSender } from './digest/send.ts';
import { startImportQueue, type ImportQueue } from './import/import-queue.ts';
import { startInvoiceQueue, type InvoiceQueue } from './invoices/queue.ts';
import { missingRollups, refreshMerchantLostIfEmpty, refreshRollups, refreshRunningTotals } from './rollups/rollups.ts';
import { isSeeded, seed } from './seed/seed.ts';

/** The database, migrated, seeded when empty and with its rollups built; everything that needs a session runs on `direct`. */
export async function openPreparedDatabase(config: Config): Promise<Database> {
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db.direct);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
    await withSessionLock(db.direct, LOCKS.prepare, () => prepareData(db.direct, config));
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

async function prepareData(pool: pg.Pool, config: Config): Promise<void> {
  if (!(await isSeeded(pool))) {
    console.log(`Empty database: seeding demo data (${config.seed.merchants} merchants, ${config.seed.months} months)…`);
    const summary = await seed(pool, config.seed);
    console.log(`Seeded ${summary.merchants} merchants, ${summary.purchaseLines} purchase lines in ${(summary.ms / 1000).toFixed(1)} s`);
  } else if (await missingRollups(pool)) {
    // A database seeded before the dashboard rollups existed: build them once.
    console.log('Building the dashboard rollups…');
    if ((await missingRollups(pool)) === 'running') await refreshRunningTotals(pool);
    else await refreshRollups(pool);
  }
  // Rollups built before migration 120 lack the per-merchant lost rows: built once, here.
  if (await refreshMerchantLostIfEmpty(pool)) console.log('Built the per-merchant lost rollups');
}

export interface Queues {
  invoices: InvoiceQueue;
  imports: ImportQueue;
  digest: DigestQueue | null;
  stop(): Promise<void>;
}

/**
 * The pg-boss queues on the direct pool (pg-boss keeps session state). Jobs are always sent;
 * `work` says which ones this process also runs. With `deps` (an API server) uploads and imports
 * are queued through it, and the weekly digest runs here too (docs/digest.md).
 */
export async function startQueues(direct: pg.Pool, work: { invoices: boolean; imports: boolean }, deps?: Pick<Deps, 'invoiceJobs' | 'importQueue'> & Parameters<typeof digestSender>[0]): Promise<Queues> {
  const invoices = await startInvoiceQueue(direct, { work: work.invoices });
  const imports = await startImportQueue(direct, { work: work.imports });
  let digest: DigestQueue | null = null;
  if (deps) {
    deps.invoiceJobs.attach(invoices.enqueue);
    deps.importQueue.attach(imports.enqueue);
    digest = await startDigestQueue(direct, digestSender(deps));
  }
  return {
    invoices,
    imports,
    digest,
    async stop() {
      await invoices.stop().catch(() => {});
      await imports.stop();
      await digest?.stop();
    },
  };
}
