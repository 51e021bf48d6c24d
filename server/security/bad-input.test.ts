// Spec: accounts-and-administration.md §5 Validation rules. Hostile values that used to reach PostgreSQL, date arithmetic or a response header and come
// back as 500. Each must be a 4xx with a message, and change nothing.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../deps.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { multipartForm } from '../testing/multipart-form.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { NOTHING_STORED, uploadsLeft } from '../testing/uploads-left.ts';
import { deleteUpload, writeUpload } from '../uploads/upload-store.ts';

describe.each(testTargets())('bad input on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let deps: Deps;
  let dataDir = '';
  let leader = '';
  let admin = '';
  let repId = 0;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bad-input-'));
    ({ app, deps } = await testApp(db.pool, { dataDir }));
    [leader, admin] = await Promise.all([loginToken(app, 'leader@harbor.test'), loginToken(app, 'admin@portal.test')]);
    repId = (await db.pool.query(`select id from users where email = 'rep@harbor.test'`)).rows[0].id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ID = /a positive whole number below 2147483648/;
  const CONTROL = /control characters/;
  const DATE = /between 2000-01-01 and 2099-12-31/;
  const range = { startDate: '2026-10-01', endDate: '2026-10-31', showRebates: 1, showDeviations: 0 };
  const cases: [string, string | null, InjectOptions, RegExp][] = [
    ['a merchant id beyond 32 bits on the dashboard', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, merchants: [2147483648] } }, ID],
    ['a merchant id beyond 32 bits on lost volume', 'leader', { method: 'POST', url: '/api/dashboard/lost-volume', payload: { merchantIds: [9007199254740991] } }, ID],
    ['a negative merchant id', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, merchants: [-5] } }, ID],
    ['a user id beyond 32 bits', 'leader', { method: 'GET', url: '/api/analytics/user-sessions?user_id=9999999999' }, ID],
    ['a session id beyond 32 bits', 'admin', { method: 'POST', url: '/api/auth/session', payload: { id: 2147483648 } }, ID],
    ['a NUL in the login email, unauthenticated', null, { method: 'POST', url: '/api/auth/login', payload: { email: 'leader\u0000@harbor.test', password: 'portal-demo' } }, CONTROL],
    ['a NUL in a sign-up name', null, {
      method: 'POST', url: '/api/auth/sign-up',
      payload: { partnerPlatformId: 'CP-100001', partnerName: 'A\u0000', contactName: 'B', email: 'new@x.test', password: 'secret1', repeatPassword: 'secret1', siteUrl: 'http://127.0.0.1' },
    }, CONTROL],
    ['a NUL in an invitation', 'leader', {
      method: 'POST', url: '/api/user/invite',
      payload: { contactName: 'I\u0000', email: 'i@harbor.test', title: 'Distributor Rep', displayPaymentInfo: false, displayIntel: false, displayInvoice: false, isMultiHouse: false, inviteAll: false, locations: [], siteUrl: 'http://127.0.0.1' },
    }, CONTROL],
    ['a NUL in a feedback comment', 'leader', { method: 'POST', url: '/api/match/feedback', payload: { min: 'A1', badMatchMin: 'B2', comment: 'bad\u0000' } }, CONTROL],
    ['a NUL in a rebate search', 'leader', { method: 'GET', url: '/api/full-rebate-deviation?page=1&search=%00' }, CONTROL],
    ['a control character in a query key value', 'leader', { method: 'GET', url: '/api/rebate-deviation?search=%1Bx' }, CONTROL],
    ['a date in year 9999', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, startDate: '9999-12-01', endDate: '9999-12-31' } }, DATE],
    ['a month 13', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, startDate: '2026-13-01' } }, DATE],
    ['February 30th', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, startDate: '2026-02-30' } }, DATE],
    ['a date in year 0001', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, startDate: '0001-01-01', endDate: '0001-01-31' } }, DATE],
  ];

  it.each(cases)('%s is a 400 that says why', async (_, who, request, why) => {
    const token = who === 'leader' ? leader : who === 'admin' ? admin : null;
    const res = await app.inject({ ...request, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(why);
  });

  const as = (who: 'leader' | 'admin' | null, request: InjectOptions) =>
    app.inject({ ...request, headers: { ...request.headers, ...(who ? { authorization: `Bearer ${who === 'leader' ? leader : admin}` } : {}) } });
  const count = async (table: string) => Number((await db.pool.query(`select count(*) as n from ${table}`)).rows[0].n);
  // Uploads live in PostgreSQL (migration 160): a refused or cut one leaves no row or chunk there, and nothing on disk.
  const storedImports = async () => ({ ...(await uploadsLeft(db.pool)), onDisk: fs.existsSync(path.join(dataDir, 'imports')) });
  const NOTHING = { ...NOTHING_STORED, onDisk: false };

  const LONG = `${'a'.repeat(3990)}@harbor.test`;
  const TOO_LONG = /at most 254 characters/;
  const invite = { contactName: 'Ivy Invitee', title: 'Distributor Rep', displayPaymentInfo: false, displayIntel: false, displayInvoice: false, isMultiHouse: false, siteUrl: 'http://127.0.0.1:5301' };
  const emailCases: [string, 'leader' | 'admin' | null, () => InjectOptions][] = [
    ['login', null, () => ({ method: 'POST', url: '/api/auth/login', payload: { email: LONG, password: 'portal-demo' } })],
    ['sign-up', null, () => ({ method: 'POST', url: '/api/auth/sign-up', payload: { partnerPlatformId: 'CP-100001', partnerName: 'Long Co', contactName: 'Lon Long', email: LONG, password: 'secret1', repeatPassword: 'secret1', siteUrl: 'http://127.0.0.1' } })],
    ['password reset', null, () => ({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: LONG, siteUrl: 'http://127.0.0.1' } })],
    ['invite', 'leader', () => ({ method: 'POST', url: '/api/user/invite', payload: { ...invite, email: LONG, locations: ['NONE'] } })],
    ['admin invite', 'admin', () => ({ method: 'POST', url: '/api/admin/user/invite', payload: { ...invite, email: LONG, locations: [], distributorId: 1, referredPartnerId: 1 } })],
    ['edit user', 'leader', () => ({ method: 'PATCH', url: `/api/user/${repId}`, payload: { email: LONG, title: 'Distributor Rep', displayPaymentInfo: false, inviteAll: false, locations: [] } })],
    ['own profile', 'leader', () => ({ method: 'PATCH', url: '/api/user', payload: { contactName: 'Lena Leader', email: LONG } })],
    ['sales rep save', 'admin', () => ({ method: 'POST', url: '/api/rebate-checks/update-dsr', payload: { email: LONG, name: 'Long Rep', role: 'manager', distributors: [1] } })],
    ['sales rep houses', 'admin', () => ({ method: 'GET', url: `/api/rebate-checks/dsr/distributors?email=${encodeURIComponent(LONG)}` })],
    ['sales rep delete', 'admin', () => ({ method: 'DELETE', url: `/api/rebate-checks/dsr?email=${encodeURIComponent(LONG)}` })],
  ];

  it.each(emailCases)('a 4,000-character email on %s is a 400 naming the limit', async (_, who, request) => {
    const [users, tokens, reps] = [await count('users'), await count('account_tokens'), await count('sales_reps')];
    const res = await as(who, request());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(TOO_LONG);
    expect([await count('users'), await count('account_tokens'), await count('sales_reps')]).toEqual([users, tokens, reps]);
  });

  it('an email change to a 3,000-character address is refused before any confirmation link exists', async () => {
    const tokens = await count('account_tokens');
    const res = await as('leader', { method: 'PATCH', url: `/api/user/${repId}`, payload: { email: `${'b'.repeat(2990)}@harbor.test`, title: 'Distributor Rep', displayPaymentInfo: false, inviteAll: false, locations: [] } });
    expect(res.statusCode, res.body).toBe(400);
    expect(await count('account_tokens')).toBe(tokens);
    // And the database keeps none a server before this one accepted (migration 080).
    await expect(db.pool.query(`insert into account_tokens (token_hash, user_id, purpose, expires_at, new_email) values ('x', $1, 'email', now() + interval '1 day', $2)`,
      [repId, `${'c'.repeat(2990)}@harbor.test`])).rejects.toThrow(/check constraint/);
  });

  it('a voucher id beyond 32 bits is a 400, not a 500', async () => {
    const res = await as('leader', { method: 'GET', url: '/api/rebate-checks/voucher/9999999999' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(ID);
  });

  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const invoiceForm = (name: string, truncate = false) =>
    multipartForm({ description: 'Weekly produce', merchant: 'Blue Anchor Grill' }, { field: 'imageFile', name, data: Buffer.concat([png, Buffer.alloc(4000)]), type: 'image/png' }, truncate);
  const importForm = (name: string, truncate = false) =>
    multipartForm({}, { field: 'file', name, data: Buffer.from('distributor_platform_id,min\nCP-000001,M1\n'.repeat(200)), type: 'text/csv' }, truncate);

  it.each([
    ['an invoice image', 'leader', '/api/invoice', invoiceForm, 'invoices'],
    ['a purchase import', 'admin', '/api/admin/imports', importForm, 'import_jobs'],
  ] as const)('%s named with a NUL is a 400 that stores nothing', async (_, who, url, form, table) => {
    const before = await count(table);
    const res = await as(who, { method: 'POST', url, ...form('page\u0000.png.csv') });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(CONTROL);
    expect(await count(table)).toBe(before);
    expect(await storedImports()).toEqual(NOTHING);
  });

  it.each([
    ['an invoice image', 'leader', '/api/invoice', invoiceForm, 'invoices'],
    ['a purchase import', 'admin', '/api/admin/imports', importForm, 'import_jobs'],
  ] as const)('%s whose multipart body breaks off is a 400 that stores nothing', async (_, who, url, form, table) => {
    const before = await count(table);
    const res = await as(who, { method: 'POST', url, ...form('page.csv', true) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect(await count(table)).toBe(before);
    expect(await storedImports()).toEqual(NOTHING);
  });

  it('the rejects of a file named in any script download under that name (RFC 6266 filename*)', async () => {
    const admins = (await db.pool.query(`select id from users where email = 'admin@portal.test'`)).rows[0].id;
    const { job, rejects } = await deps.transaction(async (tx) => {
      const upload = await writeUpload(tx, 'x.csv', [Buffer.from('x')]);
      const created = await deps.importJobs.create('Rückläufer 日本.csv', upload.id, admins, tx);
      await deleteUpload(tx, upload.id); // as when a job ends: its upload goes, its reject file stays
      return { job: created, rejects: await writeUpload(tx, 'r.csv', [Buffer.from('line,reason\r\n2,bad\r\n')]) };
    });
    await deps.importJobs.finish(job.id, { status: 'loaded', rowsRead: 1, rejects: 1, rejectsUploadId: rejects.id });
    const res = await as('admin', { method: 'GET', url: `/api/admin/imports/${job.id}/rejects` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="R_ckl_ufer __ rejects.csv"; filename*=UTF-8''R%C3%BCckl%C3%A4ufer%20%E6%97%A5%E6%9C%AC%20rejects.csv`);
  });

  /** Sends the start of a request over a real socket and never the rest: what the server answers, and when. */
  async function endless(port: number, url: string, token: string): Promise<{ answer: string; ms: number }> {
    const imports = url.includes('imports');
    const form = multipartForm(imports ? {} : { description: 'x', merchant: 'y' }, { field: imports ? 'file' : 'imageFile', name: 'a.csv', data: Buffer.alloc(64 * 1024, 97) }, true);
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length * 10}\r\n\r\n`);
        socket.write(form.payload);
      });
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(new Error(`no answer in 10 s: ${answer}`)), 10_000);
    });
  }

  it('a multipart body that never ends is cut off with a 408, and leaves no file, job or invoice behind', async () => {
    const { app: timed } = await testApp(db.pool, { dataDir, requestTimeoutMs: 800 });
    try {
      await timed.listen({ port: 0, host: '127.0.0.1' });
      const port = (timed.server.address() as net.AddressInfo).port;
      const [jobs, invoices] = [await count('import_jobs'), await count('invoices')];
      for (const [url, token] of [['/api/admin/imports', admin], ['/api/invoice', leader]] as const) {
        const { answer, ms } = await endless(port, url, token);
        expect(answer, answer.split('\r\n\r\n')[1]).toMatch(/^HTTP\/1\.1 408/);
        expect(ms).toBeLessThan(5_000);
      }
      // The cut uploads are dropped as their requests end, a moment after the answer.
      await expect.poll(storedImports, { timeout: 5_000, interval: 50 }).toEqual(NOTHING);
      expect([await count('import_jobs'), await count('invoices')]).toEqual([jobs, invoices]);
      // And the server still answers.
      expect((await timed.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await timed.close();
    }
  });
});
