import { multipartForm } from '../testing/multipart-form.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../deps.ts';
import type { Ocr } from '../invoices/ocr.ts';
import { processImage } from '../invoices/pipeline.ts';
import { OCR_GAVE_UP, OCR_RUNS, startInvoiceQueue } from '../invoices/queue.ts';
import { readerOn, ReaderStopped, type InvoiceReader } from '../invoices/reader.ts';
import { startReaderProcess } from '../invoices/reader-process.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { cheaperInBoston, dropFixtureDeals, fixtureReading, INVOICE_FIXTURES, truePages } from '../testing/invoice-fixtures.ts';
import type { InvoiceDetail } from '../../src/model/invoices.ts';

const FIXTURES = INVOICE_FIXTURES;
const clean = truePages.find((t) => t.file === 'invoice-01-a-clean.png')!;

/** A multipart body with the invoice image in `imageFile`. */
const form = (fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }, truncate = false) =>
  multipartForm(fields, file && { field: 'imageFile', type: 'image/png', ...file }, truncate);

describe.each(testTargets())('invoice scanning on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let deps: Deps;
  let reader: InvoiceReader;
  const tokens: Record<string, string> = {};
  const q = async (sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows;
  const count = async () => (await q('select (select count(*) from invoices)::int as i, (select count(*) from invoice_images)::int as g'))[0];
  const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: ReturnType<typeof form>) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${tokens[who]}`, ...body?.headers }, ...(body ? { payload: body.payload } : {}) });
  const png = fs.readFileSync(path.join(FIXTURES, clean.file));
  const upload = (who: string, file: { name: string; data: Buffer; type?: string } = { name: 'page-1.png', data: png }) =>
    call(who, 'POST', '/invoice', form({ description: 'Weekly produce', merchant: 'Blue Anchor Grill' }, file));
  async function settled(id: number, ms = 30_000): Promise<InvoiceDetail> {
    const until = Date.now() + ms;
    for (;;) {
      const detail = (await call('leader', 'GET', `/invoice/${id}`)).json() as InvoiceDetail;
      if (detail.status !== 'inprocessing' || Date.now() > until) {
        if (process.env.DEBUG_JOBS) console.log(JSON.stringify(await q('select name, state, retry_count, output, singleton_key from pgboss.job')));
        return detail;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 20, months: 1 });
    ({ app, deps } = await testApp(db.pool));
    for (const email of ['leader@harbor.test', 'ops@summit.test', 'rep@harbor.test']) tokens[email.split('@')[0]!] = await loginToken(app, email);
    reader = startReaderProcess();
    await dropFixtureDeals(db.pool);
    // The fixture's third line is in the catalogue with a Boston deviated price below what the invoice charges.
    await cheaperInBoston(db.pool, clean.lines[2]!, 5);
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
    await app?.close();
    await db?.drop();
  });

  it('reads an uploaded photo into line items and flags the line paid above the deviated price', async () => {
    const queue = await startInvoiceQueue(db.pool, { work: true, reader });
    deps.invoiceJobs.attach(queue.enqueue);
    try {
      const res = await upload('leader');
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json() as { id: number };
      const listed = (await call('leader', 'GET', '/invoice')).json() as { id: number; status: string }[];
      expect(listed.find((i) => i.id === id)?.status).toBe('inprocessing');
      // OCR's time grows with the machine's load: as generous as the restart tests below.
      const detail = await settled(id, 90_000);
      expect(detail.status).toBe('done');
      expect(detail.invoiceDate).toBe(clean.invoiceDate);
      const read = detail.items.map((i) => [i.itemCode, i.quantity, i.totalPrice]);
      expect(read).toEqual(clean.lines.map((l) => [l.itemCode, l.quantity, l.totalPrice]));
      const flagged = detail.items.filter((i) => (i.overpaid ?? 0) > 0);
      expect(flagged.map((i) => i.itemCode)).toEqual([clean.lines[2]!.itemCode]);
      expect(detail.overpaidTotal).toBeCloseTo(5 * clean.lines[2]!.quantity, 2);

      // The image comes back as it went, typed, not sniffable, private to this browser.
      const image = await call('leader', 'GET', detail.images[0]!.src.replace('/api', ''));
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toBe('no-store');
      expect(Buffer.compare(image.rawPayload, png)).toBe(0);
      const thumb = await call('leader', 'GET', `/invoice/image/${detail.images[0]!.attachmentId}?thumbnail=1`);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(240);
    } finally {
      await queue.stop();
    }
  }, 120_000);

  it('refuses by the bytes, the size and the pixels, and a refused or cut upload leaves nothing behind', async () => {
    const before = await count();
    const text = await upload('leader', { name: 'invoice.png', data: Buffer.from('not an image at all, just text pretending') });
    expect(text.statusCode).toBe(415);
    const big = await upload('leader', { name: 'big.png', data: Buffer.concat([png, Buffer.alloc(10_000_001 - png.length)]) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Max file size is 10mb');
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } } as never).png().toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const refused = await upload('leader', { name: 'bomb.png', data: bomb });
    expect(refused.statusCode).toBe(415);
    const cut = await call('leader', 'POST', '/invoice', form({ description: 'x', merchant: 'y' }, { name: 'a.png', data: png }, true));
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    const noName = await call('leader', 'POST', '/invoice', form({ description: '', merchant: 'y' }, { name: 'a.png', data: png }));
    expect(noName.statusCode).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('keeps every invoice call, image bytes included, to the family and to those allowed to scan', async () => {
    const { id, imageId } = (await upload('leader')).json() as { id: number; imageId: number };
    const before = await count();
    const calls = [['GET', '/invoice'], ['GET', `/invoice/${id}`], ['GET', `/invoice/image/${imageId}`], ['GET', `/invoice/image/${imageId}?thumbnail=1`],
      ['DELETE', `/invoice/${id}/image/${imageId}`], ['DELETE', `/invoice/${id}`]] as const;
    // Without displayInvoice: refused whatever the invoice.
    for (const [method, url] of calls) expect((await call('rep', method, url)).statusCode, `rep ${method} ${url}`).toBe(403);
    for (const url of ['/invoice', `/invoice/${id}`]) expect((await call('rep', 'POST', url, form({ description: 'a', merchant: 'b' }, { name: 'x.png', data: png }))).statusCode).toBe(403);
    // Another family: no such invoice or image (no hint that it exists).
    for (const [method, url] of calls.slice(1)) expect((await call('ops', method, url)).statusCode, `ops ${method} ${url}`).toBe(404);
    expect((await call('ops', 'POST', `/invoice/${id}`, form({}, { name: 'other.png', data: png }))).statusCode).toBe(404);
    expect(((await call('ops', 'GET', '/invoice')).json() as { id: number }[]).map((i) => i.id)).not.toContain(id);
    // Nothing was added or deleted, and the owner still gets the bytes.
    expect(await count()).toEqual(before);
    expect(Buffer.compare((await call('leader', 'GET', `/invoice/image/${imageId}`)).rawPayload, png)).toBe(0);
    await call('leader', 'DELETE', `/invoice/${id}`); // so the OCR queue has no more to read
  });

  it('keeps the type the bytes say, whatever the name or the browser claims', async () => {
    const jpeg = fs.readFileSync(path.join(FIXTURES, 'invoice-04-b-jpeg.jpg'));
    const res = await upload('leader', { name: 'photo.png', data: jpeg });
    expect(res.statusCode, res.body).toBe(200);
    const { id, imageId } = res.json() as { id: number; imageId: number };
    const served = await call('leader', 'GET', `/invoice/image/${imageId}`);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } } as never).gif().toBuffer();
    expect((await call('leader', 'POST', `/invoice/${id}`, form({}, { name: 'scan.gif', data: gif }))).statusCode).toBe(200);
    await call('leader', 'DELETE', `/invoice/${id}`);
    const html = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload('leader', { name: 'page.gif', data: html, type: 'image/gif' })).statusCode).toBe(415);
  });

  it('groups added images, refuses a duplicate name, and deleting removes the bytes', async () => {
    const { id, imageId } = (await upload('leader')).json() as { id: number; imageId: number };
    const second = await call('leader', 'POST', `/invoice/${id}`, form({}, { name: 'page-2.png', data: png }));
    expect(second.statusCode, second.body).toBe(200);
    expect((await call('leader', 'POST', `/invoice/${id}`, form({}, { name: 'page-2.png', data: png }))).statusCode).toBe(409);
    expect((await q('select count(*)::int as n from invoice_images where invoice_id = $1', [id]))[0].n).toBe(2);
    expect((await call('leader', 'DELETE', `/invoice/${id}/image/${imageId}`)).statusCode).toBe(200);
    expect((await call('leader', 'GET', `/invoice/image/${imageId}`)).statusCode).toBe(404);
    expect((await q('select count(*)::int as n from invoice_images where id = $1', [imageId]))[0].n).toBe(0);
    expect((await call('leader', 'DELETE', `/invoice/${id}`)).statusCode).toBe(200);
    expect((await q('select count(*)::int as n from invoice_images where invoice_id = $1', [id]))[0].n).toBe(0);
    expect((await call('leader', 'GET', `/invoice/${id}`)).statusCode).toBe(404);
  });

  it('an invoice deleted while its image is read: the reading is dropped quietly', async () => {
    const { id, imageId } = (await upload('leader')).json() as { id: number; imageId: number };
    const reading = fixtureReading(clean.file);
    // The OCR answers only after the user deleted the invoice.
    const slow: Ocr = { read: async () => { await call('leader', 'DELETE', `/invoice/${id}`); return reading; }, close: async () => undefined };
    await expect(processImage(db.pool, readerOn(slow), imageId)).resolves.toBeUndefined();
    expect(await q('select count(*)::int as n from invoice_items where invoice_id = $1', [id])).toEqual([{ n: 0 }]);
    expect((await call('leader', 'GET', `/invoice/${id}`)).statusCode).toBe(404);
  });

  it('a reader that stops mid-page is not the image\'s fault: the image stays pending, for its job to run again', async () => {
    const { id, imageId } = (await upload('leader')).json() as { id: number; imageId: number };
    const stopped: InvoiceReader = { read: async () => { throw new ReaderStopped('The reader stopped (SIGKILL) while reading the page.'); }, close: async () => undefined };
    await expect(processImage(db.pool, stopped, imageId)).rejects.toBeInstanceOf(ReaderStopped);
    expect((await settled(id, 0)).status).toBe('inprocessing');
    expect((await call('leader', 'DELETE', `/invoice/${id}`)).statusCode).toBe(200);
  });

  // Generous times: the restarted worker first reads what earlier tests left queued, on a shared 2-core machine.
  it('a server killed mid-job loses nothing: after a restart the image is read', async () => {
    // First server: its OCR never finishes (killed mid-job).
    const hanging: InvoiceReader = { read: () => new Promise(() => undefined), close: async () => undefined };
    const first = await startInvoiceQueue(db.pool, { work: true, reader: hanging });
    deps.invoiceJobs.attach(first.enqueue);
    const { id } = (await upload('leader')).json() as { id: number };
    await new Promise((r) => setTimeout(r, 1500));
    expect((await settled(id, 0)).status).toBe('inprocessing');
    await Promise.race([first.stop(), new Promise((r) => setTimeout(r, 6000))]);
    // Restart: the image still pending is queued and read.
    const second = await startInvoiceQueue(db.pool, { work: true, reader });
    try {
      const detail = await settled(id, 90_000);
      expect(detail.status).toBe('done');
      expect(detail.items.length).toBe(clean.lines.length);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('an image queued by its upload and by two workers starting at once is read once, though both workers are free', async () => {
    const idle = await startInvoiceQueue(db.pool, { work: false });
    deps.invoiceJobs.attach(idle.enqueue);
    const { id, imageId } = (await upload('leader')).json() as { id: number; imageId: number };
    // Each worker, starting, queues every image still pending.
    await Promise.all([idle.enqueue(imageId), idle.enqueue(imageId)]);
    await idle.stop();
    let reads = 0;
    const counting: InvoiceReader = { read: async (image) => ((reads += 1), reader.read(image)), close: async () => undefined };
    const workers = [await startInvoiceQueue(db.pool, { work: true, reader: counting }), await startInvoiceQueue(db.pool, { work: true, reader: counting })];
    try {
      expect((await settled(id, 90_000)).status).toBe('done');
      await new Promise((r) => setTimeout(r, 2000)); // a second job, if any, would be taken by now
      expect(reads).toBe(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }, 120_000);

  it('an image whose reading the server never survived is not read again: past 3 runs it is a problem, with the reason', async () => {
    const idle = await startInvoiceQueue(db.pool, { work: false });
    deps.invoiceJobs.attach(idle.enqueue);
    const { id, imageId } = (await upload('leader')).json() as { id: number; imageId: number };
    await idle.stop();
    // As three servers left it, each dead during its run (each run is counted before it begins).
    await q('update invoice_images set ocr_attempts = $2 where id = $1', [imageId, OCR_RUNS]);
    let reads = 0;
    const counting: InvoiceReader = { read: async (image) => ((reads += 1), reader.read(image)), close: async () => undefined };
    const restarted = await startInvoiceQueue(db.pool, { work: true, reader: counting });
    try {
      const detail = await settled(id, 90_000);
      expect(detail).toMatchObject({ status: 'problem', reason: OCR_GAVE_UP });
      expect(reads).toBe(0);
    } finally {
      await restarted.stop();
    }
  }, 120_000);
});
