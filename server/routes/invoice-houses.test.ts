// Invoices follow the houses a user may act for, like every other area: a Portland-only user of
// Harbor's family neither reads nor deletes Boston's invoices, while Leadership keeps the
// family-wide view. Images are never kept by the browser.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { multipartForm } from '../testing/multipart-form.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('invoices by house on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  const tokens: Record<'leader' | 'portland', string> = { leader: '', portland: '' };
  let boston = { house: 0, invoice: 0, image: 0 };
  let portland = { house: 0, invoice: 0, image: 0 };
  let portlandUser = 0;
  const q = async (sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows;
  const call = (who: keyof typeof tokens, method: 'GET' | 'POST' | 'DELETE', url: string, body?: ReturnType<typeof multipartForm>) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${tokens[who]}`, ...body?.headers }, ...(body ? { payload: body.payload } : {}) });
  const houseOf = async (nickname: string) => {
    const [row] = await q(`select d.id as house, i.id as invoice, (select min(g.id) from invoice_images g where g.invoice_id = i.id) as image
                             from distributors d join invoices i on i.distributor_id = d.id
                            where d.nickname = $1 and exists (select 1 from invoice_images g where g.invoice_id = i.id) order by i.id limit 1`, [nickname]);
    return row as typeof boston;
  };

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 20, months: 1 });
    ({ app } = await testApp(db.pool));
    [boston, portland] = [await houseOf('Harbor Foods Boston'), await houseOf('Harbor Foods Portland')];
    // A District Manager of Portland only, with invoice scanning: Boston is the same family, not their house.
    [{ id: portlandUser }] = await q(
      `insert into users (email, contact_name, password_hash, title, display_invoice, channel_partner_id, active_distributor_id, activated_at)
       select 'portland.only@harbor.test', 'Pat Portland', password_hash, 'District Manager', true, $1, $1, now()
         from users where email = 'leader@harbor.test' returning id`, [portland.house]);
    await q('insert into user_houses (user_id, distributor_id) values ($1, $2)', [portlandUser, portland.house]);
    tokens.leader = await loginToken(app, 'leader@harbor.test');
    tokens.portland = await loginToken(app, 'portland.only@harbor.test');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('a Portland-only user reads Portland invoices and gets 404 for every Boston invoice call', async () => {
    const listed = (await call('portland', 'GET', '/invoice')).json() as { id: number }[];
    expect(listed.map((i) => i.id)).toContain(portland.invoice);
    expect(listed.map((i) => i.id)).not.toContain(boston.invoice);
    expect((await call('portland', 'GET', `/invoice/${portland.invoice}`)).statusCode).toBe(200);
    expect((await call('portland', 'GET', `/invoice/image/${portland.image}`)).statusCode).toBe(200);

    const png = multipartForm({}, { field: 'imageFile', name: 'more.png', data: Buffer.from('89504e470d0a1a0a', 'hex'), type: 'image/png' });
    for (const [method, url, body] of [
      ['GET', `/invoice/${boston.invoice}`],
      ['GET', `/invoice/image/${boston.image}`],
      ['GET', `/invoice/image/${boston.image}?thumbnail=1`],
      ['POST', `/invoice/${boston.invoice}`, png],
      ['DELETE', `/invoice/${boston.invoice}/image/${boston.image}`],
      ['DELETE', `/invoice/${boston.invoice}`],
    ] as const) {
      const res = await call('portland', method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect(await q('select id from invoice_images where id = $1', [boston.image])).toHaveLength(1);
    expect(await q('select id from invoices where id = $1', [boston.invoice])).toHaveLength(1);
  });

  it('Leadership keeps the family-wide view: Boston and Portland invoices both open', async () => {
    for (const id of [boston.invoice, portland.invoice]) expect((await call('leader', 'GET', `/invoice/${id}`)).statusCode).toBe(200);
    for (const id of [boston.image, portland.image]) expect((await call('leader', 'GET', `/invoice/image/${id}`)).statusCode).toBe(200);
  });

  it('an upload goes only to a house the user may act for', async () => {
    // A stale active house (Boston, which is not theirs): refused, nothing filed under it.
    await q('update users set active_distributor_id = $2 where id = $1', [portlandUser, boston.house]);
    try {
      const before = (await q('select count(*)::int as n from invoices where distributor_id = $1', [boston.house]))[0].n;
      const form = multipartForm({ description: 'Weekly produce', merchant: 'Blue Anchor Grill' },
        { field: 'imageFile', name: 'page.png', data: Buffer.from('89504e470d0a1a0a', 'hex'), type: 'image/png' });
      expect((await call('portland', 'POST', '/invoice', form)).statusCode).toBe(403);
      expect((await call('portland', 'GET', '/invoice')).statusCode).toBe(403);
      expect((await q('select count(*)::int as n from invoices where distributor_id = $1', [boston.house]))[0].n).toBe(before);
    } finally {
      await q('update users set active_distributor_id = $2 where id = $1', [portlandUser, portland.house]);
    }
  });

  it('an invoice image is sent no-store, so a deleted image is never shown again from the browser cache', async () => {
    const res = await call('leader', 'GET', `/invoice/image/${boston.image}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const thumb = await call('leader', 'GET', `/invoice/image/${boston.image}?thumbnail=1`);
    expect(thumb.headers['cache-control']).toBe('no-store');
  });
});
