import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { cookieValue, FAMILY_COOKIE } from './family-cookie.ts';

// The family key HAProxy routes by in `npm run cluster` (issue 41): the head of the family of the
// caller's active house, set when the request named another.
describe.each(testTargets())('the family cookie, on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let ids: Record<'harbor' | 'summit' | 'summitHouse', number>;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    ids = (await db.pool.query(
      `select (select id from distributors where nickname = 'Harbor Foods (PA)') as harbor,
              (select id from distributors where nickname = 'Summit Provisions (PA)') as summit,
              (select min(id) from distributors where parent_id = (select id from distributors where nickname = 'Summit Provisions (PA)')) as "summitHouse"`)).rows[0];
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const call = (token: string, url: string, cookie?: string, method: 'GET' | 'POST' = 'GET') =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) } });
  const familySet = (res: { headers: Record<string, unknown> }) => cookieValue(String(res.headers['set-cookie'] ?? '').split(';')[0], FAMILY_COOKIE);

  it('names the family of the active house, and is set again only when the request named another', async () => {
    const harbor = await loginToken(app, 'leader@harbor.test');
    const first = await call(harbor, '/merchant');
    expect(first.statusCode).toBe(200);
    expect(familySet(first)).toBe(String(ids.harbor));
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    expect((await call(harbor, '/merchant', `a=1; ${FAMILY_COOKIE}=${ids.harbor}`)).headers['set-cookie']).toBeUndefined();
    expect(familySet(await call(harbor, '/merchant', `${FAMILY_COOKIE}=${ids.summit}`))).toBe(String(ids.harbor));
    const summit = await loginToken(app, 'ops@summit.test');
    expect(familySet(await call(summit, '/merchant', `${FAMILY_COOKIE}=${ids.harbor}`))).toBe(String(ids.summit));
  });

  it('follows the house made active, and is not set on a public answer', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@portal.test', password: 'x' } });
    expect(login.headers['set-cookie']).toBeUndefined();
    const admin = await loginToken(app, 'admin@portal.test');
    expect((await call(admin, `/user/active-distributor/${ids.summitHouse}`, undefined, 'POST')).statusCode).toBe(200);
    expect(familySet(await call(admin, '/merchant', `${FAMILY_COOKIE}=${ids.harbor}`))).toBe(String(ids.summit));
  });
});
