// Admin-panel imports (migration 012): the job rows the worker writes and the admin's browser reads.
import type pg from 'pg';
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
  hasRejects: r.reject_path !== null,
  message: r.message as string | null,
  createdAt: iso(r.created_at as Date)!,
  startedAt: iso(r.started_at as Date | null),
  finishedAt: iso(r.finished_at as Date | null),
});

export interface JobOutcome {
  status: 'loaded' | 'already-loaded' | 'failed';
  linesLoaded?: number;
  batchId?: number | null;
  rejectPath?: string | null;
  message?: string | null;
}

export function importJobsRepository(db: pg.Pool) {
  return {
    async create(fileName: string, storedPath: string, userId: number): Promise<ImportJob> {
      const { rows } = await db.query('insert into import_jobs (file_name, stored_path, created_by) values ($1, $2, $3) returning *',
        [fileName, storedPath, userId]);
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
    async paths(id: number): Promise<{ stored: string; rejects: string | null } | null> {
      const { rows } = await db.query('select stored_path, reject_path from import_jobs where id = $1', [id]);
      return rows[0] ? { stored: rows[0].stored_path, rejects: rows[0].reject_path } : null;
    },
    /** Jobs a dead server left queued or running, queued again at start (a batch is all in or all out). */
    async requeueUnfinished(): Promise<number[]> {
      const { rows } = await db.query(`update import_jobs set status = 'queued', stage = null where status in ('queued', 'running') returning id`);
      return rows.map((r) => r.id as number).sort((a, b) => a - b);
    },
    /** Takes a queued job for this worker; false when another took it (a job sent twice runs once). */
    async claim(id: number): Promise<boolean> {
      const { rowCount } = await db.query(
        `update import_jobs set status = 'running', started_at = now(), rows_read = 0, rejects = 0, stage = 'reading rows'
          where id = $1 and status = 'queued'`, [id]);
      return rowCount === 1;
    },
    async progress(id: number, p: { rowsRead: number; rejects: number; stage?: string }): Promise<void> {
      await db.query('update import_jobs set rows_read = $2, rejects = $3, stage = coalesce($4, stage) where id = $1', [id, p.rowsRead, p.rejects, p.stage ?? null]);
    },
    async finish(id: number, o: JobOutcome & { rowsRead: number; rejects: number }): Promise<void> {
      await db.query(
        `update import_jobs set status = $2, rows_read = $3, rejects = $4, lines_loaded = $5, batch_id = $6, reject_path = $7,
                message = $8, stage = null, finished_at = now() where id = $1`,
        [id, o.status, o.rowsRead, o.rejects, o.linesLoaded ?? 0, o.batchId ?? null, o.rejectPath ?? null, o.message ?? null]);
    },
  };
}
export type ImportJobsRepository = ReturnType<typeof importJobsRepository>;
