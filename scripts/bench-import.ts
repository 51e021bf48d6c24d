// npm run bench:import — a purchase file of BENCH_IMPORT_LINES lines (default 1,000,000) into the
// benchmark database (DATA_DIR, default ./data-bench, made by `npm run bench:dashboard`; or
// DATABASE_URL), rollups included. The file is generated from the database's own merchants and
// items over the last two months and this one (a weekly file's months), with a new invoice
// prefix each run so it is a new batch every time. The last line is one JSON object.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { importPurchaseFile } from '../server/import/import-file.ts';
import { progressLine, progressReporter } from '../server/import/progress.ts';
import { sampleRows, sampleSource, writeImportCsv } from '../server/import/sample-file.ts';
import { monthStart } from '../server/repositories/dashboard-range.ts';
import { isSeeded } from '../server/seed/seed.ts';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 1_000_000);
if (!Number.isInteger(LINES) || LINES <= 0) {
  console.error(`BENCH_IMPORT_LINES needs a positive whole number, got '${process.env.BENCH_IMPORT_LINES}'`);
  process.exit(2);
}
const dataDir = process.env.DATA_DIR || './data-bench';
const HOW_TO_CREATE = `Create the benchmark database first with \`npm run bench:dashboard\` (20 million lines in ${dataDir}, ` +
  'several minutes), or point DATA_DIR at a seeded data folder (`DATA_DIR=… npm run seed`).';
if (!process.env.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'pg'))) {
  console.error(`No database in ${dataDir}. ${HOW_TO_CREATE}`);
  process.exit(1);
}

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
let failed = false;
try {
  await migrate(db.pool);
  if (!(await isSeeded(db.pool))) throw new Error(`The database holds no data. ${HOW_TO_CREATE}`);
  const { rows: [facts] } = await db.pool.query<{ lines: string }>('select count(*) as lines from purchase_lines');
  console.log(`Database: ${Number(facts!.lines).toLocaleString('en-US')} purchase lines`);

  const today = new Date();
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
  const file = path.join(dir, 'purchases.csv');
  const t0 = performance.now();
  await writeImportCsv(file, sampleRows(await sampleSource(db.pool), LINES, { seed: `bench${Date.now()}`, from: monthStart(today, 2), to }));
  console.log(`Generated ${LINES.toLocaleString('en-US')} lines (${(fs.statSync(file).size / 1e6).toFixed(0)} MB) in ` +
    `${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const progress = progressReporter(process.stdout);
  const summary = await importPurchaseFile(db.pool, file, { onProgress: progress.update });
  progress.done();
  const seconds = summary.ms / 1000;
  console.log(progressLine({ rowsRead: summary.rowsRead, rejects: summary.rejects, elapsedMs: summary.ms }));
  console.log(`Imported ${summary.linesLoaded.toLocaleString('en-US')} lines with rollups in ${seconds.toFixed(1)} s ` +
    `(batch ${summary.batchId}, ${summary.rejects} rejected)`);
  const result: Record<string, number> = { s_import_1m: Number(seconds.toFixed(1)), rows_per_s: Math.round(summary.linesLoaded / seconds) };
  // s_import_1m is named for the default size; a smaller run says how many lines it timed.
  if (LINES !== 1_000_000) result.lines = LINES;
  console.log(JSON.stringify(result));
} catch (err) {
  failed = true;
  console.error((err as Error).message);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  await db.close();
}
process.exit(failed ? 1 : 0);
