// Issue 35, "any node reads any upload": two API nodes and a worker, each a process with a DATA_DIR
// of its own, on one database, as on three machines. Node A takes an import file and an invoice
// image; the worker (the API nodes run with INVOICE_WORKER=0 IMPORT_WORKER=0) imports the one and
// reads the other; node B serves the image and the import's reject file. Nothing is written to any
// node's DATA_DIR: the files live in PostgreSQL (the upload store, invoice_images).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isImportFinished, type ImportJob } from '../../src/model/purchase-import.ts';
import type { InvoiceDetail } from '../../src/model/invoices.ts';
import { sampleRows, sampleSource, writeImportCsv } from '../import/sample-file.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { INVOICE_FIXTURES } from '../testing/invoice-fixtures.ts';
import { multipartForm } from '../testing/multipart-form.ts';
import { freePort, killGroup, startServer, startWorker } from '../testing/server-process.ts';
import { NOTHING_STORED, uploadsLeft } from '../testing/uploads-left.ts';
import { CHUNK_BYTES } from '../uploads/upload-store.ts';

const today = new Date().toISOString().slice(0, 10);

describe.each(testTargets())('two API nodes and a worker on their own disks, one database on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  const dirs = { a: '', b: '', worker: '' };
  const nodes = { a: '', b: '' };
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    for (const key of Object.keys(dirs) as (keyof typeof dirs)[]) dirs[key] = fs.mkdtempSync(path.join(os.tmpdir(), `portal-node-${key}-`));
    const api = { DATABASE_URL: db.url, API_PROCESSES: '1', INVOICE_WORKER: '0', IMPORT_WORKER: '0' };
    for (const node of ['a', 'b'] as const) {
      const port = await freePort();
      children.push(await startServer(port, dirs[node], api));
      nodes[node] = `http://127.0.0.1:${port}/api`;
    }
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      killGroup(child, 'SIGTERM');
    })));
    await db?.drop();
    for (const dir of Object.values(dirs)) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const login = async (node: string, email: string) => ((await (await fetch(`${node}/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'portal-demo' }),
  })).json()) as { authKey: string }).authKey;
  const send = (node: string, token: string, url: string, form: ReturnType<typeof multipartForm>) =>
    fetch(`${node}${url}`, { method: 'POST', headers: { ...form.headers, authorization: `Bearer ${token}` }, body: form.payload });
  const get = (node: string, token: string, url: string) => fetch(`${node}${url}`, { headers: { authorization: `Bearer ${token}` } });
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > end) return value;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('A takes the files, the worker imports and reads them, B serves the image and the reject file', { timeout: 300_000 }, async () => {
    const admin = await login(nodes.a, 'admin@portal.test');
    const leader = await login(nodes.a, 'leader@harbor.test');

    // An import file of more than one chunk, with one row the codec refuses.
    const csv = path.join(dirs.a, '..', `${path.basename(dirs.a)}-weekly.csv`);
    await writeImportCsv(csv, sampleRows(await sampleSource(db.pool), 8000, { seed: 'three-nodes', from: today, to: today }));
    const [header, first] = Papa.parse<string[]>(fs.readFileSync(csv, 'utf8').split('\n', 2).join('\n')).data;
    first![header!.indexOf('quantity')] = 'lots';
    fs.appendFileSync(csv, `${Papa.unparse([first!])}\n`);
    const data = fs.readFileSync(csv);
    fs.rmSync(csv);
    expect(data.length).toBeGreaterThan(CHUNK_BYTES);

    const imported = await send(nodes.a, admin, '/admin/imports', multipartForm({}, { field: 'file', name: 'weekly.csv', data, type: 'text/csv' }));
    expect(imported.status, await imported.clone().text()).toBe(202);
    const { id: jobId } = (await imported.json()) as ImportJob;
    const png = fs.readFileSync(path.join(INVOICE_FIXTURES, 'invoice-01-a-clean.png'));
    const uploaded = await send(nodes.a, leader, '/invoice',
      multipartForm({ description: 'Weekly produce', merchant: 'Blue Anchor Grill' }, { field: 'imageFile', name: 'page-1.png', data: png, type: 'image/png' }));
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { id: invoiceId } = (await uploaded.json()) as { id: number };

    // Neither API node runs jobs: the file waits, in the database, for the worker.
    const job = () => get(nodes.b, admin, `/admin/imports/${jobId}`).then((r) => r.json() as Promise<ImportJob>);
    expect((await job()).status).toBe('queued');
    const upload = (await db.pool.query('select u.size, count(c.seq)::int as chunks from import_jobs j join uploads u on u.id = j.upload_id join upload_chunks c on c.upload_id = u.id where j.id = $1 group by u.size', [jobId])).rows[0];
    expect(upload).toEqual({ size: data.length, chunks: Math.ceil(data.length / CHUNK_BYTES) });

    children.push(await startWorker(dirs.worker, { DATABASE_URL: db.url }));

    const ended = await until(job, (j) => isImportFinished(j.status), 120_000);
    expect(ended).toMatchObject({ status: 'loaded', rowsRead: 8001, rejects: 1, linesLoaded: 8000, hasRejects: true });
    const rejects = await get(nodes.b, admin, `/admin/imports/${jobId}/rejects`);
    expect(rejects.status).toBe(200);
    expect(await rejects.text()).toMatch(/^line,reason,.*\r\n8002,quantity/s);

    const invoice = () => get(nodes.b, leader, `/invoice/${invoiceId}`).then((r) => r.json() as Promise<InvoiceDetail>);
    const read = await until(invoice, (i) => i.status !== 'inprocessing', 120_000);
    expect(read.status).toBe('done');
    expect(read.items.length).toBeGreaterThan(0);
    const image = await get(nodes.b, leader, read.images[0]!.src.replace('/api', ''));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    // The import's upload was freed with its job's end; its reject file stays, in the database.
    expect(await uploadsLeft(db.pool)).toEqual(NOTHING_STORED);
    // Only a node's own caches stay on its disk: the mail outbox and its machine's index files.
    for (const dir of Object.values(dirs)) expect(fs.readdirSync(dir).filter((name) => name !== 'outbox' && name !== 'index')).toEqual([]);
  });
});
