// Purchase imports started from the admin panel: one pg-boss job per uploaded file, run here with
// npm run import's own code (importPurchaseFile), one at a time. Progress goes to the job's row
// about once a second; the admin's browser reads it. Each run is counted in the job's row before it
// begins, and a run writes a heartbeat while it lasts: a job a dead process left (queued, found at
// start, or running with a silent heartbeat, found by any live worker's sweep) is queued again while
// it has runs to spare (the batch is all in or all out, and a file already in adds nothing), and
// stopped, failed with the reason, once it has used them. The uploaded file is in PostgreSQL (the
// upload store), so any worker runs any job: a run copies it to a private temp folder for the
// readers, and the upload is deleted in the transaction that ends the job, however it ends.
import path from 'node:path';
import type pg from 'pg';
import { startBoss } from '../db/job-boss.ts';
import { inTransaction } from '../db/transaction.ts';
import { importJobsRepository } from '../repositories/import-jobs.ts';
import { fileLimits, FileLimitError, type FileLimits } from '../uploads/file-limits.ts';
import { removeDeadTemps, withPrivateTemp } from '../uploads/private-temp.ts';
import { copyUploadToFile, storeFile } from '../uploads/upload-store.ts';
import { ImportFileError, importPurchaseFile } from './import-file.ts';
import { deleteJobUpload, jobUpload, removeLegacyFiles } from './job-files.ts';

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
  // Temp folders a killed process on this machine left (an upload's check, a job's read).
  await removeDeadTemps();
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
      for (const stored of stopped) await removeLegacyFiles(stored);
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
  const legacyPath = (await jobs.files(jobId))!.legacyPath;
  const counts = { rowsRead: 0, rejects: 0 };
  let local = '';
  let written = 0;
  let pending: Promise<void> = Promise.resolve();
  try {
    await withPrivateTemp(async (tmp) => {
      // The readers need a file: this run's own copy, the store stays the file's one home.
      local = path.join(tmp, `upload${path.extname(job.fileName).toLowerCase()}`);
      await copyUploadToFile(pool, await jobUpload(pool, jobId, job.fileName), local);
      const summary = await importPurchaseFile(pool, local, {
        fileName: job.fileName,
        rejectPath: path.join(tmp, 'rejects.csv'),
        sheet: { limits: options.limits, tmpPrefix: path.join(tmp, 'sheet-') },
        onProgress: (p) => {
          Object.assign(counts, { rowsRead: p.rowsRead, rejects: p.rejects });
          // At most one write a second (and every change of stage), never two at once.
          if (p.elapsedMs - written < 1000 && !p.stage) return;
          written = p.elapsedMs;
          pending = pending.then(() => jobs.progress(jobId, p)).catch(() => undefined);
        },
      });
      await pending;
      // The reject file stored, the job ended and its upload freed together: a run killed before
      // this commits is run again with its file (and finds its batch loaded).
      await inTransaction(pool, async (tx) => {
        const rejects = summary.rejectPath ? await storeFile(tx, `${job.fileName} rejects.csv`, summary.rejectPath) : null;
        await jobs.finish(jobId, {
          status: summary.status, rowsRead: summary.rowsRead, rejects: summary.rejects, linesLoaded: summary.linesLoaded,
          batchId: summary.batchId, rejectsUploadId: rejects?.id ?? null,
        }, tx);
        await deleteJobUpload(tx, jobId);
      });
    });
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
    const reason = [local, legacyPath].reduce<string>((text, file) => (file ? text.replaceAll(file, job.fileName) : text), (err as Error).message);
    const runs = attempts > 1 ? ` (after ${attempts} runs)` : '';
    await inTransaction(pool, async (tx) => {
      await jobs.finish(jobId, { status: 'failed', ...counts, message: `Nothing was loaded${runs}: ${reason}` }, tx);
      await deleteJobUpload(tx, jobId);
    });
    if (legacyPath) await removeLegacyFiles(legacyPath);
  }
}
