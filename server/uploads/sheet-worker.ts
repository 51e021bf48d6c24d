// The worker thread that reads an uploaded workbook (sheet-thread.ts starts it): first the bounded
// scan, then, for an import, the rows in batches. The parent grants credit for batches as the import
// takes them, so a fast reader never piles rows up in memory.
import { parentPort, workerData } from 'node:worker_threads';
import { FileLimitError } from './file-limits.ts';
import type { SheetJob, SheetMessage } from './sheet-thread.ts';
import type { FileRow } from './sheet-rows.ts';
import { scanWorkbook } from './zip-scan.ts';

const BATCH = 2000;
const { file, limits, mode, tmp } = (workerData as { job: SheetJob }).job;
// This thread's own environment (a worker's is a copy): exceljs's temp files (the tmp package reads
// it at each file) land in the read's folder, while tsx keeps its compile cache in the system's.
process.env.TMPDIR = tmp;
const port = parentPort!;
const send = (message: SheetMessage) => port.postMessage(message);

let credit = 4;
let wake = () => {};
port.on('message', () => ((credit += 1), wake()));

async function sendBatch(rows: FileRow[]) {
  while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
  credit -= 1;
  send({ type: 'rows', rows });
}

try {
  await scanWorkbook(file, limits);
  if (mode === 'rows') {
    const { worksheetRows } = await import('./sheet-rows.ts'); // exceljs: loaded only by a read that needs it
    let batch: FileRow[] = [];
    for await (const row of worksheetRows(file, limits)) {
      batch.push(row);
      if (batch.length === BATCH) await sendBatch(batch.splice(0));
    }
    if (batch.length) await sendBatch(batch);
    batch = [];
  }
  send({ type: 'end' });
} catch (error) {
  send({ type: error instanceof FileLimitError ? 'refused' : 'failed', message: (error as Error).message });
}
port.removeAllListeners('message'); // nothing keeps the thread alive: it ends
