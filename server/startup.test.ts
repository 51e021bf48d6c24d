import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { sampleRows, sampleSource, writeImportCsv } from './import/sample-file.ts';
import { inTransaction } from './db/transaction.ts';
import { isSeeded } from './seed/seed.ts';
import { openPreparedDatabase, startQueues, type Queues } from './startup.ts';
import { createScratchDatabase, seededScratchDatabase, testTargets, type ScratchDatabase } from './testing/databases.ts';
import { multipartForm } from './testing/multipart-form.ts';
import { loginToken } from './testing/portal-callers.ts';
import { testApp } from './testing/test-app.ts';
import { storeFile } from './uploads/upload-store.ts';
import type { ImportJob } from '../src/model/purchase-import.ts';

describe.each(testTargets())('starting a server or a worker on $name', ({ adminUrl }) => {
  describe('behind a transaction pooler (DATABASE_URL cannot hold a session lock)', () => {
    let db: ScratchDatabase;
    const role = `portal_pooled_${crypto.randomBytes(4).toString('hex')}`;
    let pooledUrl: string;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-'));

    beforeAll(async () => {
      db = await createScratchDatabase(adminUrl);
      // A stand-in for PgBouncer in transaction mode: this role may not take session advisory
      // locks in this database (under PgBouncer they would outlive the transaction and leak).
      await db.pool.query(`create role ${role} login password 'pooled'`);
      await db.pool.query('revoke execute on function pg_advisory_lock(bigint) from public');
      const url = new URL(db.url);
      [url.username, url.password] = [role, 'pooled'];
      pooledUrl = url.toString();
    });
    afterAll(async () => {
      await db?.drop();
      const admin = await createScratchDatabase(adminUrl); // any connection will do to drop the role
      await admin.pool.query(`drop role if exists ${role}`);
      await admin.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const env = { DATABASE_URL: '', DATA_DIR: dataDir, SEED_MERCHANTS: '20', SEED_MONTHS: '2' };

    it('migrating through DATABASE_URL alone fails there', async () => {
      await expect(openPreparedDatabase(readConfig({ ...env, DATABASE_URL: pooledUrl })))
        .rejects.toThrow(/permission denied for function pg_advisory_lock/);
    });

    it('with DATABASE_DIRECT_URL the migrations, the seed and the queues run on the direct connection', async () => {
      const prepared = await openPreparedDatabase(readConfig({ ...env, DATABASE_URL: pooledUrl, DATABASE_DIRECT_URL: db.url }));
      try {
        expect(prepared.direct).not.toBe(prepared.pool);
        expect(await isSeeded(db.pool)).toBe(true);
        const { rows } = await db.pool.query('select count(*)::int as n from schema_migrations');
        expect(rows[0].n).toBe(fs.readdirSync(new URL('./db/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql')).length);
        const queues = await startQueues(prepared.direct, { invoices: false, imports: false });
        await queues.stop();
      } finally {
        await prepared.close();
      }
    });
  });

  describe('with IMPORT_WORKER=0', () => {
    let db: ScratchDatabase;
    let app: FastifyInstance;
    let deps: Awaited<ReturnType<typeof testApp>>['deps'];
    let api: Queues | undefined, worker: Queues | undefined;
    let dir: string;
    let admin: string;
    const lineCount = async () => Number((await db.pool.query('select count(*) as n from purchase_lines')).rows[0].n);
    const job = async (id: number) => (await app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: { authorization: `Bearer ${admin}` } })).json() as ImportJob;
    async function settled(id: number): Promise<ImportJob> {
      for (let i = 0; i < 300; i++) {
        const now = await job(id);
        if (now.status !== 'queued' && now.status !== 'running') return now;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`import ${id} did not finish`);
    }

    beforeAll(async () => {
      db = await seededScratchDatabase(adminUrl);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-worker-'));
      ({ app, deps } = await testApp(db.pool, { dataDir: dir, importWorker: false }));
      api = await startQueues(db.pool, { invoices: false, imports: deps.config.importWorker }, deps);
      admin = await loginToken(app, 'admin@portal.test');
    });
    afterAll(async () => {
      await worker?.stop();
      await api?.stop();
      await app?.close();
      await db?.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('the server only queues an import; a worker started later loads it, and a rerun of the same job loads nothing more', async () => {
      const file = path.join(dir, 'weekly.csv');
      const today = new Date().toISOString().slice(0, 10);
      await writeImportCsv(file, sampleRows(await sampleSource(db.pool), 50, { seed: 'import-worker', from: today, to: today }));
      const before = await lineCount();
      const { payload, headers } = multipartForm({}, { field: 'file', name: 'weekly.csv', data: fs.readFileSync(file), type: 'text/csv' });
      const res = await app.inject({ method: 'POST', url: '/api/admin/imports', payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
      expect(res.statusCode, res.body).toBe(202);
      const { id } = res.json() as ImportJob;

      // Several polls of the queue later, nobody has run it.
      await new Promise((r) => setTimeout(r, 3000));
      expect((await job(id)).status).toBe('queued');
      expect(await lineCount()).toBe(before);

      worker = await startQueues(db.pool, { invoices: false, imports: true });
      expect(await settled(id)).toMatchObject({ status: 'loaded', linesLoaded: 50 });
      expect(await lineCount()).toBe(before + 50);

      // A worker killed after the load committed but before the job was marked done: the job runs
      // again (its upload is still stored: it goes only with the job's end) and finds the file loaded.
      const again = await inTransaction(db.pool, (tx) => storeFile(tx, 'weekly.csv', file));
      await db.pool.query(`update import_jobs set status = 'queued', upload_id = $2 where id = $1`, [id, again.id]);
      await deps.importQueue.enqueue(id);
      expect(await settled(id)).toMatchObject({ status: 'already-loaded' });
      expect(await lineCount()).toBe(before + 50);
    });
  });
});
