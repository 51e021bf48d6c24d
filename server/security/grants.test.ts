// Spec: accounts-and-administration.md §6 Roles and permissions: nobody but an internal admin gives access they do not hold, and a
// leader cannot edit (so cannot take over) a colleague who holds more than they do.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('grants on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  const token = new Map<string, string>();
  let n = 0;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    for (const who of ['dm@harbor.test', 'ops@summit.test', 'houses@harbor.test', 'admin@portal.test']) token.set(who, await loginToken(app, who));
    // The admin acts for Boston, as the Harbor managers do.
    const boston = await idOf(`select id from distributors where nickname = 'Harbor Foods Boston'`);
    await as('admin@portal.test', 'POST', `/user/active-distributor/${boston}`);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const idOf = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows[0].id as number;
  const as = (who: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token.get(who)}` }, ...(payload ? { payload: payload as object } : {}) });
  const someLocationOf = (email: string) =>
    idOf('select l.merchant_id as id from user_locations l join users u on u.id = l.user_id where u.email = $1 order by 1 limit 1', [email]);
  const invite = async (who: string, flags: Record<string, boolean>, locations: string[] = []) =>
    as(who, 'POST', '/user/invite', {
      contactName: 'Ivy Invitee', email: `ivy${++n}@harbor.test`, title: 'Distributor Rep', displayPaymentInfo: false,
      displayIntel: false, displayInvoice: false, isMultiHouse: false, siteUrl: 'http://127.0.0.1:5173', locations, ...flags,
    });
  const flagsOf = async (email: string) =>
    (await db.pool.query('select display_intel, display_payment_info from users where email = $1', [email])).rows[0];

  it('a District Manager without payment information cannot give it', async () => {
    const location = String(await someLocationOf('dm@harbor.test'));
    const res = await invite('dm@harbor.test', { displayPaymentInfo: true }, [location]);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/Payment Info/i);
    expect(await flagsOf(`ivy${n}@harbor.test`)).toBeUndefined();
  });

  it('an Operations user without Intel cannot give Intel', async () => {
    const res = await invite('ops@summit.test', { displayIntel: true });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/Intel/);
  });

  it('a District Manager may give the Intel they hold', async () => {
    const location = String(await someLocationOf('dm@harbor.test'));
    const res = await invite('dm@harbor.test', { displayIntel: true }, [location]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await flagsOf(`ivy${n}@harbor.test`)).toEqual({ display_intel: true, display_payment_info: false });
  });

  it('a leader without payment information cannot switch it on for a user', async () => {
    const rep = await idOf(`select id from users where email = 'rep@harbor.test'`);
    const location = String(await someLocationOf('rep@harbor.test'));
    const res = await as('houses@harbor.test', 'PATCH', `/user/${rep}`, {
      email: 'rep@harbor.test', title: 'Distributor Rep', displayPaymentInfo: true, inviteAll: false, locations: [location],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect((await flagsOf('rep@harbor.test')).display_payment_info).toBe(false);
  });

  it('a leader cannot edit a colleague who holds access the leader lacks, nor see an Edit for them', async () => {
    const colleague = await idOf(`select id from users where email = 'leader@harbor.test'`);
    const res = await as('houses@harbor.test', 'PATCH', `/user/${colleague}`, {
      email: 'attacker@evil.test', title: 'Leadership', displayPaymentInfo: true, inviteAll: true, locations: [],
    });
    expect(res.statusCode, res.body).toBe(403);
    expect((await db.pool.query(`select email from users where id = $1`, [colleague])).rows[0].email).toBe('leader@harbor.test');
    const rows = (await as('houses@harbor.test', 'GET', '/user/all')).json().users as { email: string; canEdit: boolean }[];
    expect(rows.find((u) => u.email === 'leader@harbor.test')?.canEdit).toBe(false);
    expect(rows.find((u) => u.email === 'rep@harbor.test')?.canEdit).toBe(true);
  });

  it('an internal admin may give any flag', async () => {
    const res = await invite('admin@portal.test', { displayIntel: true, displayPaymentInfo: true, displayInvoice: true });
    expect(res.statusCode, res.body).toBe(200);
  });
});
