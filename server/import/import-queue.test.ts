// A job cannot crash the server in a loop: each run is counted before it begins, a job the server
// died in runs again only while it has runs to spare, then it is stopped and shown failed with why;
// the queue starts cleanly whatever it holds, and a job's files are gone once it ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOMBS, writeWorkbook } from '../testing/workbook-bombs.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { FILE_LIMITS, REFUSALS } from '../uploads/file-limits.ts';
import { importJobsRepository } from '../repositories/import-jobs.ts';
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

  /** A job as a dead server left it: its row, its upload, and a temporary folder of the read it was in. */
  async function leftJob(name: string, write: (file: string) => Promise<unknown>, state: { status: string; attempts: number; stage?: string }) {
    const stored = path.join(folder, name);
    await write(stored);
    fs.mkdirSync(`${stored}.sheet-x1`);
    fs.writeFileSync(`${stored}.sheet-x1/tmp-worksheet`, 'x');
    const job = await jobs().create(name, stored, adminId);
    await db.pool.query('update import_jobs set status = $2, attempts = $3, stage = $4 where id = $1', [job.id, state.status, state.attempts, state.stage ?? null]);
    return job.id;
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

  it('starts cleanly with crashed jobs queued: runs one with runs to spare, stops the one that used them, and clears their files', { timeout: 120_000 }, async () => {
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
      expect(files()).toEqual([]);
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
      expect(files()).toEqual([]);
    } finally {
      await queue.stop();
    }
  });

  it('retries a run that failed for a reason that may pass, at most 3 runs, then shows it failed with why', async () => {
    const id = await leftJob('gone.csv', async () => undefined, { status: 'queued', attempts: 0 });
    let runs = 0;
    const options: RunOptions = { limits: FILE_LIMITS, retry: (jobId) => ((runs += 1), runImportJob(db.pool, jobId, options)) };
    await runImportJob(db.pool, id, options);
    expect(runs).toBe(IMPORT_ATTEMPTS - 1);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: IMPORT_ATTEMPTS });
    expect(failed.message).toMatch(/^Nothing was loaded \(after 3 runs\): ENOENT/);
    expect(failed.message).not.toContain(folder);
    expect(files()).toEqual([]);
  });

  it('fails a workbook refused while read at its first run, naming the limit, and leaves no file', async () => {
    const id = await leftJob('wide.xlsx', (f) => writeWorkbook(f, BOMBS.farRightCell('XFD')), { status: 'queued', attempts: 0 });
    let retried = false;
    await runImportJob(db.pool, id, { limits: FILE_LIMITS, retry: async () => void (retried = true) });
    expect(retried).toBe(false);
    expect(await row(id)).toEqual({ status: 'failed', attempts: 1, message: `Nothing was loaded: ${REFUSALS.columns(FILE_LIMITS)}` });
    expect(files()).toEqual([]);
  });
});
