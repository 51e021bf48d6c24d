// Purchase imports started from the admin panel: one pg-boss job per uploaded file, run here with
// npm run import's own code (importPurchaseFile), one at a time. Progress goes to the job's row
// about once a second; the admin's browser reads it. A job a dead server left queued or running
// is queued again at start: the batch is all in or all out, and a file already in adds nothing.
import fs from 'node:fs/promises';
import type pg from 'pg';
import { startBoss } from '../db/job-boss.ts';
import { importJobsRepository } from '../repositories/import-jobs.ts';
import { importPurchaseFile } from './import-file.ts';

export const IMPORT_QUEUE = 'purchase-import';
export type ImportQueue = { enqueue(jobId: number): Promise<void>; stop(): Promise<void> };

export async function startImportQueue(pool: pg.Pool, options: { work: boolean }): Promise<ImportQueue> {
  const boss = await startBoss(pool, 'import queue');
  await boss.createQueue(IMPORT_QUEUE);
  const jobs = importJobsRepository(pool);
  // A million-line file takes a minute or two: expire well after that, retry once.
  const enqueue = async (jobId: number) => {
    await boss.send(IMPORT_QUEUE, { jobId }, { singletonKey: String(jobId), retryLimit: 1, retryDelay: 10, expireInSeconds: 3600 });
  };
  if (options.work) {
    await boss.work<{ jobId: number }>(IMPORT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await runImportJob(pool, job.data.jobId);
    });
    for (const id of await jobs.requeueUnfinished()) await enqueue(id);
  }
  return {
    enqueue,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined),
  };
}

/** Runs one job to its end; a file the import refuses is a failed job with the reason, not a crash. */
export async function runImportJob(pool: pg.Pool, jobId: number): Promise<void> {
  const jobs = importJobsRepository(pool);
  if (!(await jobs.claim(jobId))) return;
  const job = (await jobs.byId(jobId))!;
  const paths = (await jobs.paths(jobId))!;
  const counts = { rowsRead: 0, rejects: 0 };
  let written = 0;
  let pending: Promise<void> = Promise.resolve();
  try {
    const summary = await importPurchaseFile(pool, paths.stored, {
      fileName: job.fileName,
      rejectPath: `${paths.stored}.rejects.csv`,
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
  } catch (err) {
    await pending;
    // The import names the file by the path it read: say the admin's file name instead.
    const reason = (err as Error).message.replaceAll(paths.stored, job.fileName);
    await jobs.finish(jobId, { status: 'failed', ...counts, message: `Nothing was loaded: ${reason}` });
    await fs.rm(`${paths.stored}.rejects.csv`, { force: true });
  }
}
