// Spreadsheet reading off the request loop: every uploaded workbook is read in a worker thread of
// its own, with a heap limit, so a bomb the checks miss ends that thread, never the server. The
// thread's temporary files (exceljs writes a worksheet that comes before the shared strings to a
// temp file) go to a folder made for the one read and removed when it ends, however it ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FileLimitError, REFUSALS, type FileLimits } from './file-limits.ts';
import type { FileRow } from './sheet-rows.ts';
import { threadEntry } from '../workers/entry.ts';

export interface SheetJob {
  file: string;
  limits: FileLimits;
  /** 'check' only scans the file (at upload); 'rows' scans it, then sends the first sheet's rows. */
  mode: 'check' | 'rows';
  /** The read's own temporary folder. */
  tmp: string;
}

export type SheetMessage =
  | { type: 'rows'; rows: FileRow[] }
  | { type: 'end' }
  | { type: 'refused' | 'failed'; message: string };

export interface SheetOptions {
  limits: FileLimits;
  /** The path the read's temporary folder's name starts with (default: portal-sheet- in the system's temp folder). */
  tmpPrefix?: string;
}

const WORKER = new URL('./sheet-worker.ts', import.meta.url);

/** Resolves when the workbook passes every bound; rejects with a FileLimitError naming the one it passed. */
export async function checkWorkbook(file: string, options: SheetOptions): Promise<void> {
  for await (const _ of sheetThread(file, 'check', options)) {
    // a check sends no rows
  }
}

/** The first worksheet's rows, read and bounded in a worker thread. */
export function workbookRows(file: string, options: SheetOptions): AsyncIterable<FileRow> {
  return sheetThread(file, 'rows', options);
}

async function* sheetThread(file: string, mode: SheetJob['mode'], options: SheetOptions): AsyncGenerator<FileRow> {
  const tmp = await fs.promises.mkdtemp(options.tmpPrefix ?? path.join(os.tmpdir(), 'portal-sheet-'));
  const job: SheetJob = { file, mode, limits: options.limits, tmp };
  const { filename, workerData } = threadEntry(WORKER, { job });
  const worker = new Worker(new URL(filename), {
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: job.limits.workerMemoryMb, maxYoungGenerationSizeMb: 64 },
    stdout: false,
  });
  const inbox: SheetMessage[] = [];
  let wake = () => {};
  const deliver = (message: SheetMessage) => (inbox.push(message), wake());
  worker.on('message', deliver);
  worker.on('error', (error: Error & { code?: string }) =>
    deliver(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? { type: 'refused', message: REFUSALS.workerMemory(job.limits) }
      : { type: 'failed', message: error.message }));
  worker.on('exit', (code) => deliver({ type: 'failed', message: `the spreadsheet reader stopped (exit code ${code})` }));
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'end') return;
      if (message.type !== 'rows') throw message.type === 'refused' ? new FileLimitError(message.message) : new Error(message.message);
      yield* message.rows;
      worker.postMessage('more');
    }
  } finally {
    worker.removeAllListeners().on('error', () => undefined);
    await worker.terminate();
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}
