// Admin-panel imports (migration 012): the job rows the worker writes and the admin's browser reads.
import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction } from '../db/transaction.ts';
import type { ImportJob, ImportJobStatus } from '../../src/model/purchase-import.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toJob = (r: Record<string, unknown>): ImportJob => ({
  id: r.id as number,
  fileName: r.file_name as string,
  status: r.status as ImportJobStatus,
  stage: r.stage as string | null,
  rowsRead: r.rows_read as number,
  rejects: r.rejects as number,
  linesLoaded: r.lines_loaded as number,
  batchId: r.batch_id as number | null,
  hasRejects: r.rejects_upload_id !== null || r.reject_path !== null,
  message: r.message as string | null,
  createdAt: iso(r.created_at as Date)!,
  startedAt: iso(r.started_at as Date | null),
  finishedAt: iso(r.finished_at as Date | null),
});

export interface JobOutcome {
  status: 'loaded' | 'already-loaded' | 'failed';
  linesLoaded?: number;
  batchId?: number | null;
  /** The reject file, in the upload store (migration 160). */
  rejectsUploadId?: number | null;
  message?: string | null;
}

/** Where a job's files are: in the upload store, or (jobs from before migration 160) on the disk of the node that took the upload. */
export interface JobFiles {
  upload: number | null;
  rejects: number | null;
  legacyPath: string | null;
  legacyRejects: string | null;
}

export function importJobsRepository(db: pg.Pool) {
  return {
    /** A job for a stored upload (server/uploads/upload-store.ts); `tx`: the upload's own transaction. */
    async create(fileName: string, uploadId: number, userId: number, tx: Queryable = db): Promise<ImportJob> {
      const { rows } = await tx.query('insert into import_jobs (file_name, upload_id, created_by) values ($1, $2, $3) returning *',
        [fileName, uploadId, userId]);
      return toJob(rows[0]);
    },
    async recent(limit = 20): Promise<ImportJob[]> {
      const { rows } = await db.query('select * from import_jobs order by created_at desc, id desc limit $1', [limit]);
      return rows.map(toJob);
    },
    async byId(id: number): Promise<ImportJob | null> {
      const { rows } = await db.query('select * from import_jobs where id = $1', [id]);
      return rows[0] ? toJob(rows[0]) : null;
    },
    async files(id: number, tx: Queryable = db): Promise<JobFiles | null> {
      const { rows: [r] } = await tx.query('select upload_id, rejects_upload_id, stored_path, reject_path from import_jobs where id = $1', [id]);
      return r ? { upload: r.upload_id, rejects: r.rejects_upload_id, legacyPath: r.stored_path, legacyRejects: r.reject_path } : null;
    },
    /** A file a job had on disk (before migration 160), now in the store: the job reads it there from now on. */
    async adopted(id: number, column: 'upload' | 'rejects', uploadId: number, tx: Queryable): Promise<void> {
      await tx.query(column === 'upload'
        ? 'update import_jobs set upload_id = $2, stored_path = null where id = $1'
        : 'update import_jobs set rejects_upload_id = $2, reject_path = null where id = $1', [id, uploadId]);
    },
    /**
     * The jobs a dead process left: runs whose heartbeat stopped `staleSeconds` ago or more (and, with
     * `queued`, jobs still waiting, whose pg-boss job a dead server may have held). Those with runs to
     * spare are queued again (a batch is all in or all out); those that used them all are stopped,
     * failed with why, their uploads deleted in the same transaction (the paths returned are files such jobs
     * still had on disk from before migration 160). Rows another sweep holds are skipped, so two workers
     * sweeping at once never share a job.
     */
    async recoverUnfinished(
      maxAttempts: number,
      stopped: (attempts: number, stage: string | null) => string,
      options: { staleSeconds: number; queued: boolean },
    ): Promise<{ requeued: number[]; stopped: string[] }> {
      return inTransaction(db, async (tx) => {
        const { rows } = await tx.query(
          `select id, attempts, stage, upload_id, stored_path from import_jobs
            where (status = 'running' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $1)))
               or ($2 and status = 'queued')
            order by id for update skip locked`, [options.staleSeconds, options.queued]);
        const requeued: number[] = [];
        const paths: string[] = [];
        for (const r of rows) {
          if (r.attempts < maxAttempts) {
            await tx.query(`update import_jobs set status = 'queued', stage = null where id = $1`, [r.id]);
            requeued.push(r.id);
          } else {
            await tx.query(`update import_jobs set status = 'failed', stage = null, message = $2, finished_at = now() where id = $1`,
              [r.id, stopped(r.attempts, r.stage)]);
            if (r.upload_id !== null) await tx.query('delete from uploads where id = $1', [r.upload_id]);
            if (r.stored_path !== null) paths.push(r.stored_path);
          }
        }
        return { requeued, stopped: paths };
      });
    },
    /** A running job's sign of life (see recoverUnfinished). */
    async heartbeat(id: number): Promise<void> {
      await db.query(`update import_jobs set heartbeat_at = now() where id = $1 and status = 'running'`, [id]);
    },
    /** A run that failed for a reason that may pass (the database went away): queued for another run. */
    async requeue(id: number): Promise<void> {
      await db.query(`update import_jobs set status = 'queued', stage = null where id = $1`, [id]);
    },
    /**
     * Takes a queued job for this worker and counts the run, committed before the run begins (so a
     * run that ends the process counts too); null when another took it (a job sent twice runs once).
     */
    async claim(id: number): Promise<{ attempts: number } | null> {
      const { rows } = await db.query(
        `update import_jobs set status = 'running', started_at = now(), rows_read = 0, rejects = 0, stage = 'reading rows',
                attempts = attempts + 1, heartbeat_at = now()
          where id = $1 and status = 'queued' returning attempts`, [id]);
      return rows[0] ? { attempts: rows[0].attempts as number } : null;
    },
    async progress(id: number, p: { rowsRead: number; rejects: number; stage?: string }): Promise<void> {
      await db.query('update import_jobs set rows_read = $2, rejects = $3, stage = coalesce($4, stage) where id = $1', [id, p.rowsRead, p.rejects, p.stage ?? null]);
    },
    async finish(id: number, o: JobOutcome & { rowsRead: number; rejects: number }, tx: Queryable = db): Promise<void> {
      await tx.query(
        `update import_jobs set status = $2, rows_read = $3, rejects = $4, lines_loaded = $5, batch_id = $6, rejects_upload_id = $7,
                message = $8, stage = null, finished_at = now() where id = $1`,
        [id, o.status, o.rowsRead, o.rejects, o.linesLoaded ?? 0, o.batchId ?? null, o.rejectsUploadId ?? null, o.message ?? null]);
    },
  };
}
export type ImportJobsRepository = ReturnType<typeof importJobsRepository>;
