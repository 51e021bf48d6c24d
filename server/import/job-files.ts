// Where an admin-panel import's files are: its upload and its reject file live in the upload
// store (server/uploads/upload-store.ts), which every API node and worker reads. Jobs queued
// before migration 160 name their files by a path on the disk of the node that took the upload
// (the old setup had every worker see that disk): the first use of such a file reads it into the
// store, and the file goes from disk.
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction } from '../db/transaction.ts';
import { importJobsRepository } from '../repositories/import-jobs.ts';
import { storeFile, UploadMissingError } from '../uploads/upload-store.ts';

/** The job's upload in the store, read in from its old path first if it has none yet. */
export async function jobUpload(pool: pg.Pool, jobId: number, fileName: string): Promise<number> {
  const files = (await importJobsRepository(pool).files(jobId))!;
  if (files.upload !== null) return files.upload;
  if (files.legacyPath === null) throw new UploadMissingError('the uploaded file is no longer stored');
  return adopt(pool, jobId, 'upload', fileName, files.legacyPath);
}

/** The job's reject file in the store, read in from its old path first when this node has it; null when there is none. */
export async function jobRejects(pool: pg.Pool, jobId: number, fileName: string): Promise<number | null> {
  const files = await importJobsRepository(pool).files(jobId);
  if (!files || files.rejects !== null) return files?.rejects ?? null;
  if (files.legacyRejects === null || !(await fs.stat(files.legacyRejects).catch(() => null))) return null;
  return adopt(pool, jobId, 'rejects', fileName, files.legacyRejects);
}

async function adopt(pool: pg.Pool, jobId: number, column: 'upload' | 'rejects', name: string, file: string): Promise<number> {
  const id = await inTransaction(pool, async (tx) => {
    const stored = await storeFile(tx, name, file);
    await importJobsRepository(pool).adopted(jobId, column, stored.id, tx);
    return stored.id;
  });
  await (column === 'upload' ? removeLegacyFiles(file) : fs.rm(file, { force: true }));
  return id;
}

/** Frees the job's upload (its chunks go with it): in the transaction that ends the job, so a run cut short before is run again with its file. */
export async function deleteJobUpload(tx: Queryable, jobId: number): Promise<void> {
  await tx.query('delete from uploads where id = (select upload_id from import_jobs where id = $1)', [jobId]);
}

/** A file from before migration 160 and everything named after it (temporary folders of its reads, a dead server's too). */
export async function removeLegacyFiles(stored: string): Promise<void> {
  const folder = path.dirname(stored);
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const mine = names.map((name) => path.join(folder, name)).filter((file) => file === stored || file.startsWith(`${stored}.`));
  await Promise.all(mine.map((file) => fs.rm(file, { recursive: true, force: true })));
}
