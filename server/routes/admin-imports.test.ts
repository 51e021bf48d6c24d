import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportQueue, type ImportQueue } from '../import/import-queue.ts';
import { sampleRows, sampleSource, writeImportCsv } from '../import/sample-file.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { multipartForm } from '../testing/multipart-form.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { IMPORT_COLUMNS, IMPORT_UPLOAD_MESSAGES, isImportFinished, type ImportJob } from '../../src/model/purchase-import.ts';
import { AUDIENCE_REFUSAL } from '../../src/model/route-permissions.ts';
import { NOTHING_STORED, uploadsLeft } from '../testing/uploads-left.ts';
import { BOMBS, writeWorkbook } from '../testing/workbook-bombs.ts';
import { FILE_LIMITS, REFUSALS } from '../uploads/file-limits.ts';

const today = new Date().toISOString().slice(0, 10);

describe.each(testTargets())('purchase imports from the admin panel on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let queue: ImportQueue;
  let dir: string;
  let admin: string, leader: string;
  const lineCount = async () => Number((await db.pool.query('select count(*) as n from purchase_lines')).rows[0].n);
  const storedUploads = () => uploadsLeft(db.pool);

  const upload = (token: string, name: string, data: Buffer) =>
    app.inject({
      method: 'POST', url: '/api/admin/imports',
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, authorization: `Bearer ${token}` } }))(
        multipartForm({}, { field: 'file', name, data, type: 'text/csv' })),
    });
  const get = (token: string, url: string) => app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });

  /** Polls the job as the admin's browser does, until it has finished. */
  async function finished(id: number): Promise<ImportJob> {
    for (let i = 0; i < 300; i++) {
      const job = (await get(admin, `/admin/imports/${id}`)).json() as ImportJob;
      if (isImportFinished(job.status)) return job;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`import ${id} did not finish`);
  }

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 40, months: 2 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-admin-import-'));
    const built = await testApp(db.pool, { dataDir: dir });
    app = built.app;
    queue = await startImportQueue(db.pool, { work: true });
    built.deps.importQueue.attach(queue.enqueue);
    [admin, leader] = await Promise.all([loginToken(app, 'admin@portal.test'), loginToken(app, 'leader@harbor.test')]);
  });
  afterAll(async () => {
    await queue?.stop();
    await app?.close();
    await db?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an upload becomes a job that loads the lines in the background, with its counts and its reject file', async () => {
    const file = path.join(dir, 'weekly.csv');
    await writeImportCsv(file, sampleRows(await sampleSource(db.pool), 200, { seed: 'admin-upload', from: today, to: today }));
    // One row the codec refuses: a quantity that is not a number.
    const [header, first] = Papa.parse<string[]>(fs.readFileSync(file, 'utf8').trim()).data;
    first![header!.indexOf('quantity')] = 'lots';
    fs.appendFileSync(file, `${Papa.unparse([first!])}\n`);
    const before = await lineCount();

    const res = await upload(admin, 'weekly.csv', fs.readFileSync(file));
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as ImportJob;
    expect(queued).toMatchObject({ fileName: 'weekly.csv', status: 'queued' });

    const job = await finished(queued.id);
    expect(job).toMatchObject({ status: 'loaded', rowsRead: 201, rejects: 1, linesLoaded: 200, hasRejects: true, message: null });
    expect(await lineCount()).toBe(before + 200);
    const rejects = await get(admin, `/admin/imports/${job.id}/rejects`);
    expect(rejects.statusCode).toBe(200);
    expect(rejects.headers['content-disposition']).toBe(`attachment; filename="weekly rejects.csv"; filename*=UTF-8''weekly%20rejects.csv`);
    expect(rejects.body).toMatch(/202.*quantity/i);
    expect(((await get(admin, '/admin/imports')).json() as ImportJob[])[0]!.id).toBe(job.id);

    // The same file again adds nothing.
    const again = await finished(((await upload(admin, 'weekly-copy.csv', fs.readFileSync(file))).json() as ImportJob).id);
    expect(again).toMatchObject({ status: 'already-loaded', batchId: job.batchId });
    expect(await lineCount()).toBe(before + 200);
  });

  it('an XLSX upload is imported like a CSV (the extension of its name says how to read it)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lines');
    const rows = [...sampleRows(await sampleSource(db.pool), 30, { seed: 'admin-xlsx', from: today, to: today })];
    sheet.addRows([[...IMPORT_COLUMNS], ...rows.map((row) => IMPORT_COLUMNS.map((c) => row[c]))]);
    const before = await lineCount();
    const res = await upload(admin, 'Week 48.XLSX', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(202);
    expect(await finished((res.json() as ImportJob).id)).toMatchObject({ status: 'loaded', rowsRead: 30, linesLoaded: 30, rejects: 0 });
    expect(await lineCount()).toBe(before + 30);
  });

  it('a file the import cannot read fails with the reason, naming the admin’s file, and loads nothing', async () => {
    const before = await lineCount();
    const job = await finished(((await upload(admin, 'wrong.csv', Buffer.from('name,amount\nx,1\n'))).json() as ImportJob).id);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^Nothing was loaded: /);
    expect(job.message).not.toContain(dir);
    expect(await lineCount()).toBe(before);
  });

  it('refuses what is not a CSV or XLSX, an empty file, and anyone but an internal admin', async () => {
    expect((await upload(admin, 'lines.pdf', Buffer.from('%PDF'))).json().message).toBe(IMPORT_UPLOAD_MESSAGES.notImportFile);
    expect((await upload(admin, 'empty.csv', Buffer.alloc(0))).json().message).toBe(IMPORT_UPLOAD_MESSAGES.empty);
    const refused = await upload(leader, 'weekly.csv', Buffer.from('x'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUDIENCE_REFUSAL.internalAdmin);
    expect((await get(leader, '/admin/imports')).statusCode).toBe(403);
    // Every upload is gone once its job ended (loaded, already loaded or failed); only kept rejects remain,
    // in the database: nothing was ever written to the node's DATA_DIR.
    await expect.poll(storedUploads, { timeout: 2_000 }).toEqual(NOTHING_STORED);
    expect(fs.existsSync(path.join(dir, 'imports'))).toBe(false);
  });

  it('refuses a workbook bomb at upload (422 naming the limit), keeps nothing of it, and goes on answering', { timeout: 60_000 }, async () => {
    const bomb = path.join(dir, 'bomb.xlsx');
    await writeWorkbook(bomb, BOMBS.sharedStrings(2_000_000));
    const before = (await get(admin, '/admin/imports')).json() as ImportJob[];
    const res = await upload(admin, 'Week 49.xlsx', fs.readFileSync(bomb));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(REFUSALS.ratio(FILE_LIMITS, 'xl/sharedStrings.xml'));
    expect(await storedUploads()).toEqual(NOTHING_STORED);
    expect(((await get(admin, '/admin/imports')).json() as ImportJob[]).length).toBe(before.length);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a workbook that passes the upload scan but not the read fails its job with the limit named, and its file is gone', async () => {
    const wide = path.join(dir, 'wide.xlsx');
    await writeWorkbook(wide, BOMBS.farRightCell('XFD'));
    const res = await upload(admin, 'wide.xlsx', fs.readFileSync(wide));
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished((res.json() as ImportJob).id);
    expect(job).toMatchObject({ status: 'failed', message: `Nothing was loaded: ${REFUSALS.columns(FILE_LIMITS)}` });
    // The file goes with the job's end, in its transaction (never before: a run cut short in between is run again).
    expect(await storedUploads()).toEqual(NOTHING_STORED);
  });
});
