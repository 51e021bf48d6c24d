// Reviewing what OCR read (docs/invoices.md): a reviewer edits, deletes and types in lines; each
// correction is recorded with who and when, redoes the line's doubtful mark and price check and
// the invoice's overpaid total, and a new reading of the image does not undo it.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../src/model/invoices.ts';
import type { LineCorrection } from '../../src/model/invoice-review.ts';
import { parseInvoiceText } from '../../src/model/invoice-parser.ts';
import type { Deps } from '../deps.ts';
import { inTransaction } from '../db/transaction.ts';
import { readerOn } from '../invoices/reader.ts';
import { processImage } from '../invoices/pipeline.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { cheaperInBoston, dropFixtureDeals, fixtureReading, INVOICE_FIXTURES, truePages } from '../testing/invoice-fixtures.ts';
import { multipartForm } from '../testing/multipart-form.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

const clean = truePages.find((t) => t.file === 'invoice-01-a-clean.png')!;
const png = fs.readFileSync(path.join(INVOICE_FIXTURES, clean.file));
/** What tesseract reads from the page (the fixture's text and word boxes): the reading without the OCR's minute. */
const reading = fixtureReading(clean.file);
const fakeReader = readerOn({ read: async () => reading, close: async () => undefined });
/** The line paid above its deviated price (5 a unit, set below). */
const dear = clean.lines[2]!;
const lineOf = (l: typeof dear, over: Partial<LineCorrection> = {}): LineCorrection =>
  ({ itemCode: l.itemCode, description: l.description, brand: l.brand, pack: l.pack, uom: l.uom, quantity: l.quantity, unitPrice: l.unitPrice, totalPrice: l.totalPrice, ...over });

describe.each(testTargets())('reviewing the lines read from an invoice on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let deps: Deps;
  const tokens: Record<string, string> = {};
  const q = async (sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows;
  const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const detail = async (id: number) => (await call('leader', 'GET', `/invoice/${id}`)).json() as InvoiceDetail;
  /** An invoice uploaded by the leader and read (no queue: the pipeline is run here). */
  async function readInvoice() {
    const form = multipartForm({ description: 'Weekly produce', merchant: 'Blue Anchor Grill' }, { field: 'imageFile', name: 'page-1.png', type: 'image/png', data: png });
    const res = await app.inject({ method: 'POST', url: '/api/invoice', headers: { authorization: `Bearer ${tokens.leader}`, ...form.headers }, payload: form.payload });
    const { id, imageId } = res.json() as { id: number; imageId: number };
    await processImage(db.pool, fakeReader, imageId);
    return { id, imageId };
  }
  /** Everything a correction may change. */
  const everything = async () => q(`select (select json_agg(t order by id) from invoice_items t) as items,
    (select count(*)::int from invoice_item_corrections) as corrections, (select json_agg(overpaid_total order by id) from invoices) as totals`);

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 20, months: 1 });
    ({ app, deps } = await testApp(db.pool));
    for (const email of ['leader@harbor.test', 'ops@summit.test', 'rep@harbor.test']) tokens[email.split('@')[0]!] = await loginToken(app, email);
    await dropFixtureDeals(db.pool);
    await cheaperInBoston(db.pool, dear, 5);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('an edit redoes the doubtful mark, the price check and the overpaid total, and records who and when', async () => {
    const { id } = await readInvoice();
    const read = await detail(id);
    const item = read.items.find((i) => i.itemCode === dear.itemCode)!;
    expect([item.overpaid, read.overpaidTotal, item.correctedBy, item.added]).toEqual([5 * dear.quantity, 5 * dear.quantity, null, false]);
    // Where the line was read: a row's height, across the table.
    expect(item.box!.h).toBeGreaterThan(0.005);
    expect(item.box!.h).toBeLessThan(0.03);
    expect(item.box!.w).toBeGreaterThan(0.5);
    expect(read.images[0]).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });

    // Paid the deviated price after all: nothing above it.
    const fair = dear.unitPrice - 5;
    const res = await call('leader', 'PUT', `/invoice/${id}/items/${item.id}`, lineOf(dear, { unitPrice: fair, totalPrice: Math.round(fair * dear.quantity * 100) / 100 }));
    expect(res.statusCode, res.body).toBe(200);
    const fixed = res.json() as InvoiceDetail;
    const [leader] = await q(`select id, coalesce(nullif(contact_name, ''), email) as name from users where email = 'leader@harbor.test'`);
    expect(fixed.items.find((i) => i.id === item.id)).toMatchObject({ unitPrice: fair, overpaid: null, doubtful: false, correctedBy: leader.name, imageId: item.imageId });
    expect(Date.now() - Date.parse(fixed.items.find((i) => i.id === item.id)!.correctedAt!)).toBeLessThan(60_000);
    expect(fixed.overpaidTotal).toBe(0);
    expect(fixed).toEqual(await detail(id));

    // A quantity that no longer adds up: doubtful, and listed first.
    const wrong = (await call('leader', 'PUT', `/invoice/${id}/items/${item.id}`, lineOf(dear, { quantity: dear.quantity + 1 }))).json() as InvoiceDetail;
    expect(wrong.items[0]).toMatchObject({ id: item.id, doubtful: true, overpaid: 5 * (dear.quantity + 1) });
    expect(wrong.items.slice(1).every((i) => !i.doubtful)).toBe(true);
    expect(wrong.overpaidTotal).toBe(5 * (dear.quantity + 1));

    const corrections = await q('select item_id, user_id, action, at, before, after from invoice_item_corrections where invoice_id = $1 order by id', [id]);
    expect(corrections.map((c) => [c.item_id, c.user_id, c.action])).toEqual([[item.id, leader.id, 'edit'], [item.id, leader.id, 'edit']]);
    expect([Number(corrections[0].before.unit_price), Number(corrections[0].after.unit_price), Number(corrections[1].after.quantity)]).toEqual([dear.unitPrice, fair, dear.quantity + 1]);
  });

  it('a typed-in line is checked like a read one; deleting it takes its overpayment away and keeps its history', async () => {
    const { id } = await readInvoice();
    const before = (await detail(id)).overpaidTotal;
    const added = await call('leader', 'POST', `/invoice/${id}/items`, lineOf(dear, { quantity: 2, totalPrice: Math.round(dear.unitPrice * 2 * 100) / 100 }));
    expect(added.statusCode, added.body).toBe(200);
    const withLine = added.json() as InvoiceDetail;
    const line = withLine.items.at(-1)!;
    expect(line).toMatchObject({ added: true, imageId: null, box: null, doubtful: false, overpaid: 10, correctedBy: expect.any(String) });
    expect(withLine.overpaidTotal).toBe(before + 10);

    const gone = await call('leader', 'DELETE', `/invoice/${id}/items/${line.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((gone.json() as InvoiceDetail).items.map((i) => i.id)).not.toContain(line.id);
    expect((gone.json() as InvoiceDetail).overpaidTotal).toBe(before);
    const history = await q('select item_id, action, before is null as no_before, after is null as no_after from invoice_item_corrections where invoice_id = $1 order by id', [id]);
    expect(history).toEqual([{ item_id: line.id, action: 'add', no_before: true, no_after: false }, { item_id: line.id, action: 'delete', no_before: false, no_after: true }]);
    expect((await call('leader', 'DELETE', `/invoice/${id}/items/${line.id}`)).statusCode).toBe(404);
  });

  it('refuses a bad line with a 400 that names the field, and changes nothing', async () => {
    const { id } = await readInvoice();
    const item = (await detail(id)).items[0]!;
    const good = lineOf(dear);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, quantity: 0 }, 'quantity must be a number above 0'],
      [{ ...good, quantity: 100_001 }, 'quantity must be'],
      [{ ...good, quantity: '3' }, 'quantity must be a number or null'],
      [{ ...good, unitPrice: 12.345 }, 'unitPrice must be an amount from 0 to 1,000,000 with at most 2 decimals'],
      [{ ...good, totalPrice: -1 }, 'totalPrice must be'],
      [{ ...good, totalPrice: 1_000_000.01 }, 'totalPrice must be'],
      [{ ...good, description: 'x'.repeat(201) }, 'description must be at most 200 characters'],
      [{ ...good, brand: 'a\u0000b' }, 'control characters'],
      [{ ...good, uom: undefined }, 'uom'],
    ];
    const was = await everything();
    for (const [body, message] of bad) {
      for (const [method, url] of [['PUT', `/invoice/${id}/items/${item.id}`], ['POST', `/invoice/${id}/items`]] as const) {
        const res = await call('leader', method, url, body);
        expect(res.statusCode, `${method} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(res.json().message).toContain(message);
      }
    }
    expect(await everything()).toEqual(was);
    // Unknown numbers are allowed (the line is then doubtful).
    const unknown = (await call('leader', 'PUT', `/invoice/${id}/items/${item.id}`, { ...good, unitPrice: null })).json() as InvoiceDetail;
    expect(unknown.items.find((i) => i.id === item.id)).toMatchObject({ unitPrice: null, doubtful: true });
  });

  it("another family's invoice is not there, a line of another invoice neither, and a user without invoice scanning is refused", async () => {
    const { id } = await readInvoice();
    const other = await readInvoice();
    const item = (await detail(id)).items[0]!;
    const was = await everything();
    for (const [method, url, body] of [['PUT', `/invoice/${id}/items/${item.id}`, lineOf(dear)], ['DELETE', `/invoice/${id}/items/${item.id}`, undefined],
      ['POST', `/invoice/${id}/items`, lineOf(dear)]] as const) {
      expect((await call('ops', method, url, body)).statusCode, `ops ${method}`).toBe(404);
      const rep = await call('rep', method, url, body);
      expect([rep.statusCode, rep.json().message], `rep ${method}`).toEqual([403, 'Invoice scanning is not enabled for your account.']);
    }
    expect((await call('leader', 'PUT', `/invoice/${other.id}/items/${item.id}`, lineOf(dear))).statusCode).toBe(404);
    expect((await call('leader', 'DELETE', `/invoice/${other.id}/items/${item.id}`)).statusCode).toBe(404);
    expect(await everything()).toEqual(was);
  });

  it('a new reading keeps where each line was read, and leaves the lines of an image a reviewer corrected as they are', async () => {
    const { id, imageId } = await readInvoice();
    const { text } = reading;
    const parsed = parseInvoiceText(text);
    const box = { x: 0.05, y: 0.4, w: 0.9, h: 0.03 };
    const reread = (lines = parsed.lines) => inTransaction(db.pool, (c) => deps.invoices.saveReading(c, {
      imageId, invoiceId: id, parsed, ok: true, text, lines: lines.map((line) => ({ line, matchedItemId: null, deviatedPrice: null, overpaid: null })),
    }));
    await reread(parsed.lines.map((l, k) => (k === 0 ? { ...l, box } : l)));
    const read = await detail(id);
    expect(read.items.find((i) => i.itemCode === parsed.lines[0]!.itemCode)!.box).toEqual(box);

    // Corrected: a reading again (a job run twice) changes none of the image's lines.
    const item = read.items[1]!;
    await call('leader', 'PUT', `/invoice/${id}/items/${item.id}`, lineOf(dear, { description: 'Corrected by hand' }));
    const corrected = await detail(id);
    await processImage(db.pool, fakeReader, imageId);
    await reread();
    expect((await detail(id)).items).toEqual(corrected.items);

    // Only deleted: the line does not come back either.
    const second = await readInvoice();
    const lines = (await detail(second.id)).items;
    await call('leader', 'DELETE', `/invoice/${second.id}/items/${lines[0]!.id}`);
    await processImage(db.pool, fakeReader, second.imageId);
    expect((await detail(second.id)).items.map((i) => i.id)).toEqual(lines.slice(1).map((i) => i.id));
  });
});
