// `npm run worker`: the invoice OCR worker and the purchase import worker as a process of their
// own (run the servers with INVOICE_WORKER=0 IMPORT_WORKER=0), for when one machine's server is
// not enough. Needs DATABASE_URL (and DATABASE_DIRECT_URL behind a transaction pooler).
import { readConfig } from './config.ts';
import { openPreparedDatabase, startQueues } from './startup.ts';

const config = readConfig();
const db = await openPreparedDatabase(config);
const queues = await startQueues(db.direct, { invoices: true, imports: true });
console.log('Invoice OCR and import worker ready');
const stop = async () => {
  await queues.stop();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
