// A job cannot crash the server in a loop: each run is counted before it begins, a job the server
// died in runs again only while it has runs to spare, then it is stopped and shown failed with why;
// the queue starts cleanly whatever it holds, and a job's upload is gone once it ends. Jobs queued
// before the upload store (migration 160) still run from the file on disk, read into the store first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { NOTHING_STORED, uploadsLeft } from '../testing/uploads-left.ts';
import { BOMBS, writeWorkbook } from '../testing/workbook-bombs.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { FILE_LIMITS, REFUSALS } from '../uploads/file-limits.ts';
import { importJobsRepository } from '../repositories/import-jobs.ts';
import { readUpload, storeFile } from '../uploads/upload-store.ts';
import { jobRejects } from './job-files.ts';
import { IMPORT_ATTEMPTS, runImportJob, STOPPED_MESSAGE, startImportQueue, type RunOptions } from './import-queue.ts';
import { sampleRows, sampleSource, writeImportCsv } from './sample-file.ts';

const today = new Date().toISOString().slice(0, 10);

describe.each(testTargets())('the import queue on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let folder: string;
  let adminId: number;
  const jobs = () => importJobsRepository(db.pool);
  const row = async (id: number) => (await db.pool.query('select status, attempts, message from import_jobs where id = $1', [id])).rows[0];
  const files = () => fs.readdirSync(folder).sort();
  const stored = () => uploadsLeft(db.pool);
  type State = { status: string; attempts: number; stage?: string };
  const setState = (id: number, state: State) =>
    db.pool.query('update import_jobs set status = $2, attempts = $3, stage = $4 where id = $1', [id, state.status, state.attempts, state.stage ?? null]);

  /** A job as a dead server left it: its row and its upload in the store. */
  async function leftJob(name: string, write: (file: string) => Promise<unknown>, state: State) {
    const file = path.join(folder, name);
    await write(file);
    const upload = await inTransaction(db.pool, (tx) => storeFile(tx, name, file));
    fs.rmSync(file);
    const job = await jobs().create(name, upload.id, adminId);
    await setState(job.id, state);
    return job.id;
  }

  /** A job from before migration 160: its file on disk at stored_path (with a temporary folder of a read it was in), none in the store. */
  async function legacyJob(name: string, write: (file: string) => Promise<unknown>, state: State) {
    const file = path.join(folder, name);
    await write(file);
    fs.mkdirSync(`${file}.sheet-x1`, { recursive: true });
    fs.writeFileSync(`${file}.sheet-x1/tmp-worksheet`, 'x');
    const { rows: [job] } = await db.pool.query(`insert into import_jobs (file_name, stored_path, created_by) values ($1, $2, $3) returning id`, [name, file, adminId]);
    await setState(job.id, state);
    return job.id as number;
  }

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 20, months: 2 });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-queue-'));
    adminId = (await db.pool.query(`select id from users where email = 'admin@portal.test'`)).rows[0].id;
  });
  afterAll(async () => {
    await db?.drop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('starts cleanly with crashed jobs queued: runs one with runs to spare, stops the one that used them, and frees their uploads', { timeout: 120_000 }, async () => {
    const source = await sampleSource(db.pool);
    const again = await leftJob('again.csv', (f) => writeImportCsv(f, sampleRows(source, 20, { seed: 'crash-again', from: today, to: today })),
      { status: 'running', attempts: 1 });
    const poison = await leftJob('poison.xlsx', (f) => writeWorkbook(f, BOMBS.sharedStrings(10)), { status: 'running', attempts: IMPORT_ATTEMPTS, stage: 'reading rows' });

    const queue = await startImportQueue(db.pool, { work: true });
    try {
      expect(await row(poison)).toEqual({ status: 'failed', attempts: IMPORT_ATTEMPTS, message: STOPPED_MESSAGE(IMPORT_ATTEMPTS, 'reading rows') });
      expect((await jobs().byId(poison))!.message).toMatch(/^Nothing was loaded: the import was started 3 times and the server stopped during each run \(last while reading rows\)/);
      await expect.poll(async () => (await row(again)).status, { timeout: 60_000, interval: 200 }).toBe('loaded');
      expect((await row(again)).attempts).toBe(2);
      expect(await stored()).toEqual(NOTHING_STORED);
    } finally {
      await queue.stop();
    }
  });

  it('a live worker takes up a run whose worker died (its heartbeat went silent), and leaves alone one whose heartbeat is fresh', { timeout: 120_000 }, async () => {
    const source = await sampleSource(db.pool);
    const csv = (seed: string) => (f: string) => writeImportCsv(f, sampleRows(source, 20, { seed, from: today, to: today }));
    const alive = await leftJob('alive.csv', csv('still-running'), { status: 'running', attempts: 1 });
    await db.pool.query('update import_jobs set heartbeat_at = now() where id = $1', [alive]);

    const queue = await startImportQueue(db.pool, { work: true, staleSeconds: 3, sweepSeconds: 1 });
    try {
      // Another worker is running it: starting here must not take it from under that worker.
      expect(await row(alive)).toMatchObject({ status: 'running', attempts: 1 });
      // A worker dies mid-run after this one started: no restart, the sweep finds it.
      const died = await leftJob('died.csv', csv('worker-died'), { status: 'running', attempts: 1, stage: 'loading' });
      await db.pool.query(`update import_jobs set heartbeat_at = now() - interval '1 minute' where id = $1`, [died]);
      await expect.poll(async () => (await row(died)).status, { timeout: 60_000, interval: 200 }).toBe('loaded');
      expect((await row(died)).attempts).toBe(2);
      // The live one's worker has gone quiet since: taken up the same way.
      await expect.poll(async () => (await row(alive)).status, { timeout: 60_000, interval: 200 }).toBe('loaded');
      expect(await stored()).toEqual(NOTHING_STORED);
    } finally {
      await queue.stop();
    }
  });

  it('retries a run that failed for a reason that may pass, at most 3 runs, then shows it failed with why', async () => {
    // A job from before the upload store whose file is not on this disk (yet: a shared folder that was not mounted).
    const id = await legacyJob('gone.csv', async () => undefined, { status: 'queued', attempts: 0 });
    fs.rmSync(path.join(folder, 'gone.csv.sheet-x1'), { recursive: true });
    let runs = 0;
    const options: RunOptions = { limits: FILE_LIMITS, retry: (jobId) => ((runs += 1), runImportJob(db.pool, jobId, options)) };
    await runImportJob(db.pool, id, options);
    expect(runs).toBe(IMPORT_ATTEMPTS - 1);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: IMPORT_ATTEMPTS });
    expect(failed.message).toMatch(/^Nothing was loaded \(after 3 runs\): ENOENT/);
    expect(failed.message).not.toContain(folder);
    expect(await stored()).toEqual(NOTHING_STORED);
  });

  it('fails a workbook refused while read at its first run, naming the limit, and frees its upload', async () => {
    const id = await leftJob('wide.xlsx', (f) => writeWorkbook(f, BOMBS.farRightCell('XFD')), { status: 'queued', attempts: 0 });
    let retried = false;
    await runImportJob(db.pool, id, { limits: FILE_LIMITS, retry: async () => void (retried = true) });
    expect(retried).toBe(false);
    expect(await row(id)).toEqual({ status: 'failed', attempts: 1, message: `Nothing was loaded: ${REFUSALS.columns(FILE_LIMITS)}` });
    expect(await stored()).toEqual(NOTHING_STORED);
  });

  it('a job queued before the upload store runs from its file on disk: read into the store, loaded, and the file and its read folders gone', async () => {
    const source = await sampleSource(db.pool);
    const id = await legacyJob('legacy.csv', (f) => writeImportCsv(f, sampleRows(source, 20, { seed: 'legacy-file', from: today, to: today })),
      { status: 'queued', attempts: 0 });
    await runImportJob(db.pool, id, { limits: FILE_LIMITS, retry: async () => undefined });
    expect(await row(id)).toMatchObject({ status: 'loaded', attempts: 1 });
    expect(files()).toEqual([]);
    expect(await stored()).toEqual(NOTHING_STORED);
  });

  it('an ended job’s reject file still on disk from before the upload store is read into it at its first download, then served from there', async () => {
    const file = path.join(folder, 'old.csv.rejects.csv');
    fs.writeFileSync(file, 'line,reason\r\n2,bad\r\n');
    const { rows: [{ id }] } = await db.pool.query(
      `insert into import_jobs (file_name, stored_path, reject_path, status, rejects, created_by) values ('old.csv', $1, $2, 'loaded', 1, $3) returning id`,
      [path.join(folder, 'old.csv'), file, adminId]);
    expect((await jobs().byId(id))!.hasRejects).toBe(true);
    const upload = await jobRejects(db.pool, id, 'old rejects.csv');
    expect(upload).not.toBeNull();
    expect(files()).toEqual([]);
    expect(await jobRejects(db.pool, id, 'old rejects.csv')).toBe(upload);
    expect((await readUpload(db.pool, upload!).toArray()).join('')).toBe('line,reason\r\n2,bad\r\n');
  });
});
