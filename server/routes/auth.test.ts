import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenSigner } from '../auth/tokens.ts';
import { TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from '../auth/login.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { TEST_SECRET, testApp } from '../testing/test-app.ts';

const PASSWORD = 'portal-demo';

describe.each(testTargets())('auth on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let ipCounter = 0;
  // Each test speaks from its own address so the per-IP limit of one test never spills into another.
  const freshIp = () => `10.0.0.${++ipCounter}`;

  const loginAs = (email: string, password = PASSWORD, remoteAddress = freshIp()) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const me = (token?: string) =>
    app.inject({ method: 'GET', url: '/api/user', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const tokenOf = async (email: string) => (await loginAs(email)).json().authKey as string;
  const attempts = async () => Number((await db.pool.query('select count(*) from login_attempts')).rows[0].count);

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('logs a demo leader in with their session user and a working auth key', async () => {
    const res = await loginAs('leader@harbor.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'leader@harbor.test',
      title: 'Leadership',
      displayIntel: true,
      displayInvoice: true,
      displayPaymentInfo: true,
      isMultiHouse: true,
      isInternalAdmin: false,
      activeDistributor: { nickname: 'Harbor Foods Boston' },
    });
    expect(body.user.channelPartner.distributor_id).toBe(body.user.activeDistributor.id);
    const profile = await me(body.authKey);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe('leader@harbor.test');
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    expect((await loginAs('  Leader@Harbor.TEST ')).statusCode).toBe(200);
  });

  it('gives the user with no channel partner a session user without one', async () => {
    const res = await loginAs('nopartner@portal.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.channelPartner).toBeNull();
  });

  it('refuses a wrong password with a message the user can read', async () => {
    const res = await loginAs('leader@harbor.test', 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: WRONG_CREDENTIALS });
    expect((await loginAs('nobody@harbor.test')).json()).toEqual({ message: WRONG_CREDENTIALS });
  });

  it.each([
    ['no body fields', {}, /email is required.*password is required/],
    ['a malformed email', { email: 'leader-at-harbor', password: PASSWORD }, /email must be a valid email address/],
    ['a short password', { email: 'leader@harbor.test', password: 'ab' }, /password must be at least 3 characters/],
    ['a number for the password', { email: 'leader@harbor.test', password: 12345 }, /password must be/],
    ['an array body', [1, 2], /body must be/],
  ])('rejects %s with a 400 before touching the database', async (_name, payload, message) => {
    const before = await attempts();
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await attempts()).toBe(before);
  });

  it('answers malformed JSON and oversized bodies with JSON errors', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(typeof broken.json().message).toBe('string');
    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'leader@harbor.test', password: 'x'.repeat(1_100_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request is too large.');
  });

  it('refuses calls without a token, with a forged one, or with garbage', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('not-a-token')).statusCode).toBe(401);
    const forged = await tokenSigner('someone-elses-secret-someone-elses-secret').sign(
      { userId: 1, sessionId: '00000000-0000-0000-0000-000000000000' },
      new Date(Date.now() + 3600_000),
    );
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/session has ended/);
  });

  it('refuses an expired token even when its session row is still open', async () => {
    const body = (await loginAs('ops@summit.test')).json();
    const { sessionId } = (await tokenSigner(TEST_SECRET).verify(body.authKey))!;
    const expired = await tokenSigner(TEST_SECRET).sign({ userId: body.user.id, sessionId }, new Date(Date.now() - 1000));
    expect((await me(body.authKey)).statusCode).toBe(200);
    expect((await me(expired)).statusCode).toBe(401);
  });

  it('refuses a token whose session expired in the database', async () => {
    const token = await tokenOf('ops@summit.test');
    const { sessionId } = (await tokenSigner(TEST_SECRET).verify(token))!;
    await db.pool.query(`update auth_sessions set expires_at = now() - interval '1 second' where id = $1`, [sessionId]);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('logout revokes that session at once and leaves the other sessions alive', async () => {
    const first = await tokenOf('rep@harbor.test');
    const second = await tokenOf('rep@harbor.test');
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${first}` } });
    expect(out.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('a deactivated user loses every session and cannot log in', async () => {
    const token = await tokenOf('dm@harbor.test');
    await db.pool.query(`update users set deactivated_at = now() where email = 'dm@harbor.test'`);
    try {
      expect((await me(token)).statusCode).toBe(401);
      const res = await loginAs('dm@harbor.test');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/deactivated/);
    } finally {
      await db.pool.query(`update users set deactivated_at = null where email = 'dm@harbor.test'`);
    }
  });

  it('locks an account at one address after 5 failures there, even for the right password, and not other accounts', async () => {
    const email = 'admin@portal.test';
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await loginAs(email, 'wrong-guess', ip)).statusCode).toBe(401);
    const locked = await loginAs(email, PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(TOO_MANY_ATTEMPTS);
    expect((await loginAs('leader@harbor.test', PASSWORD, ip)).statusCode).toBe(200);
    await db.pool.query(`delete from login_attempts where key like '%${email}%'`);
    expect((await loginAs(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('limits failures per IP address across accounts', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 30; i++) await loginAs(`guess${i}@harbor.test`, 'wrong-guess', ip);
    expect((await loginAs('leader@harbor.test', PASSWORD, ip)).statusCode).toBe(429);
    expect((await loginAs('leader@harbor.test')).statusCode).toBe(200);
  });

  it('reports status without a token, and answers health when the database is reachable', async () => {
    const status = await app.inject({ method: 'GET', url: '/api/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ maintenance: false, version: expect.any(String) });
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health).toMatchObject({ ok: true, indexes: { dashboard: expect.stringMatching(/^(ready|building|none|off)$/), rebates: expect.stringMatching(/^(ready|building|none|off)$/) } });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { authorization: 'Bearer x' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('in maintenance mode says so and refuses logins and calls', async () => {
    const token = await tokenOf('leader@harbor.test');
    await db.pool.query(`update app_settings set value = 'true' where key = 'maintenance'`);
    const { app: down } = await testApp(db.pool);
    try {
      expect((await down.inject({ method: 'GET', url: '/api/status' })).json().maintenance).toBe(true);
      const login = await down.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leader@harbor.test', password: PASSWORD } });
      expect(login.statusCode).toBe(503);
      expect((await down.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(503);
      expect((await down.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await db.pool.query(`update app_settings set value = 'false' where key = 'maintenance'`);
      await down.close();
    }
  });
});
