// `npm run worker`: the invoice OCR worker as a process of its own (run the servers with
// INVOICE_WORKER=0), for when one machine's server is not enough. Needs DATABASE_URL.
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { startInvoiceQueue } from './invoices/queue.ts';

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db.pool);
const queue = await startInvoiceQueue(db.pool, { work: true });
console.log('Invoice OCR worker ready');
const stop = async () => {
  await queue.stop();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
