// Purchase imports started from the admin panel: one pg-boss job per uploaded file, run here with
// npm run import's own code (importPurchaseFile), one at a time. Progress goes to the job's row
// about once a second; the admin's browser reads it. Each run is counted in the job's row before it
// begins, and a run writes a heartbeat while it lasts: a job a dead process left (queued, found at
// start, or running with a silent heartbeat, found by any live worker's sweep) is queued again while
// it has runs to spare (the batch is all in or all out, and a file already in adds nothing), and
// stopped, failed with the reason, once it has used them. The uploaded file is removed when the job
// ends, however.
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { startBoss } from '../db/job-boss.ts';
import { importJobsRepository } from '../repositories/import-jobs.ts';
import { fileLimits, FileLimitError, type FileLimits } from '../uploads/file-limits.ts';
import { ImportFileError, importPurchaseFile } from './import-file.ts';

export const IMPORT_QUEUE = 'purchase-import';
/** Runs of one job, counting runs the server did not survive, before it is stopped as failed. */
export const IMPORT_ATTEMPTS = 3;
export type ImportQueue = { enqueue(jobId: number): Promise<void>; stop(): Promise<void> };

export const STOPPED_MESSAGE = (attempts: number, stage: string | null) =>
  `Nothing was loaded: the import was started ${attempts} times and the server stopped during each run` +
  `${stage ? ` (last while ${stage})` : ''}, so it will not be tried again. Check the file, then upload it again.`;

/** A run writes its heartbeat this often; one silent for STALE_SECONDS is a dead worker's, swept every SWEEP_SECONDS. */
export const HEARTBEAT_SECONDS = 5;
export const STALE_SECONDS = 30;
const SWEEP_SECONDS = 10;

export async function startImportQueue(pool: pg.Pool, options: { work: boolean; limits?: FileLimits; staleSeconds?: number; sweepSeconds?: number }): Promise<ImportQueue> {
  const boss = await startBoss(pool, 'import queue', [{ name: IMPORT_QUEUE }]);
  let sweep: NodeJS.Timeout | undefined;
  const jobs = importJobsRepository(pool);
  // A million-line file takes a minute or two: expire well after that. Runs are counted (and
  // retried) by the job's row, not by pg-boss.
  const send = (jobId: number, startAfter = 0) =>
    boss.send(IMPORT_QUEUE, { jobId }, { singletonKey: String(jobId), retryLimit: 0, expireInSeconds: 3600, startAfter }).then(() => undefined);
  if (options.work) {
    const run = { limits: options.limits ?? fileLimits(), retry: (jobId: number) => send(jobId, 10) };
    await boss.work<{ jobId: number }>(IMPORT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await runImportJob(pool, job.data.jobId, run);
    });
    const recover = async (queued: boolean) => {
      const { requeued, stopped } = await jobs.recoverUnfinished(IMPORT_ATTEMPTS, STOPPED_MESSAGE, { staleSeconds: options.staleSeconds ?? STALE_SECONDS, queued });
      for (const stored of stopped) await removeJobFiles(stored);
      for (const id of requeued) await send(id);
    };
    await recover(true);
    // Another worker may die mid-run at any time: its job is taken up again once its heartbeat stops.
    sweep = setInterval(() => void recover(false).catch((err: Error) => console.error('import queue sweep:', err.message)), (options.sweepSeconds ?? SWEEP_SECONDS) * 1000);
    sweep.unref();
  }
  return {
    enqueue: (jobId) => send(jobId),
    stop: () => {
      clearInterval(sweep);
      return boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    },
  };
}

/** Where a job's workbook reads keep their temporary files: beside the upload, named after it. */
export const sheetTmpPrefix = (stored: string) => `${stored}.sheet-`;

/**
 * The uploaded file and everything named after it: the temporary folders of its reads (one a dead
 * server left too), and the rejects unless kept for the admin to download.
 */
export async function removeJobFiles(stored: string, keep: string | null = null): Promise<void> {
  const folder = path.dirname(stored);
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const mine = names.map((name) => path.join(folder, name)).filter((file) => file === stored || file.startsWith(`${stored}.`));
  await Promise.all(mine.filter((file) => file !== keep).map((file) => fs.rm(file, { recursive: true, force: true })));
}

export interface RunOptions {
  limits: FileLimits;
  /** Queues the job for another run (after a failure that may pass). */
  retry: (jobId: number) => Promise<void>;
}

/** Runs one job to its end; a file the import refuses is a failed job with the reason, not a crash. */
export async function runImportJob(pool: pg.Pool, jobId: number, options: RunOptions): Promise<void> {
  const jobs = importJobsRepository(pool);
  const claimed = await jobs.claim(jobId);
  if (!claimed) return;
  const heartbeat = setInterval(() => void jobs.heartbeat(jobId).catch(() => undefined), HEARTBEAT_SECONDS * 1000);
  try {
    await runClaimedJob(pool, jobId, claimed.attempts, options);
  } finally {
    clearInterval(heartbeat);
  }
}

async function runClaimedJob(pool: pg.Pool, jobId: number, attempts: number, options: RunOptions): Promise<void> {
  const jobs = importJobsRepository(pool);
  const job = (await jobs.byId(jobId))!;
  const paths = (await jobs.paths(jobId))!;
  const rejectPath = `${paths.stored}.rejects.csv`;
  const counts = { rowsRead: 0, rejects: 0 };
  let written = 0;
  let pending: Promise<void> = Promise.resolve();
  try {
    const summary = await importPurchaseFile(pool, paths.stored, {
      fileName: job.fileName,
      rejectPath,
      sheet: { limits: options.limits, tmpPrefix: sheetTmpPrefix(paths.stored) },
      onProgress: (p) => {
        Object.assign(counts, { rowsRead: p.rowsRead, rejects: p.rejects });
        // At most one write a second (and every change of stage), never two at once.
        if (p.elapsedMs - written < 1000 && !p.stage) return;
        written = p.elapsedMs;
        pending = pending.then(() => jobs.progress(jobId, p)).catch(() => undefined);
      },
    });
    await pending;
    await jobs.finish(jobId, {
      status: summary.status, rowsRead: summary.rowsRead, rejects: summary.rejects, linesLoaded: summary.linesLoaded,
      batchId: summary.batchId, rejectPath: summary.rejectPath,
    });
    await removeJobFiles(paths.stored, summary.rejectPath);
  } catch (err) {
    await pending;
    // A refused file fails at once: another run would read the same bytes. Anything else may pass.
    const refused = err instanceof FileLimitError || err instanceof ImportFileError;
    if (!refused && attempts < IMPORT_ATTEMPTS) {
      await jobs.requeue(jobId);
      await options.retry(jobId);
      return;
    }
    // The import names the file by the path it read: say the admin's file name instead.
    const reason = (err as Error).message.replaceAll(paths.stored, job.fileName);
    const runs = attempts > 1 ? ` (after ${attempts} runs)` : '';
    await jobs.finish(jobId, { status: 'failed', ...counts, message: `Nothing was loaded${runs}: ${reason}` });
    await removeJobFiles(paths.stored);
  }
}
