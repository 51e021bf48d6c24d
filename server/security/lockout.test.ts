// Spec: accounts-and-administration.md §2.3 Login: wrong passwords must not let anyone lock anyone out. Failures lock the
// (account, address) pair; the account as a whole only slows down, and a reset always works.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BACKOFF, TOO_MANY_ATTEMPTS } from '../auth/login.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.ts';
import { testApp } from '../testing/test-app.ts';

const PASSWORD = 'portal-demo';
let n = 0;
const freshIp = () => `10.66.${++n >> 8}.${n & 255}`;

describe.each(testTargets())('login lockout on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    smtp = await startSmtpCapture();
    ({ app } = await testApp(db.pool, {}, smtp.url));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('five wrong passwords from one address lock that address out of the account, not its owner elsewhere', async () => {
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) expect((await login('dm@harbor.test', 'wrong-guess', attacker)).statusCode).toBe(401);
    const locked = await login('dm@harbor.test', PASSWORD, attacker);
    expect([locked.statusCode, locked.json().message]).toEqual([429, TOO_MANY_ATTEMPTS]);
    expect((await login('dm@harbor.test', PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('guesses from many addresses slow the account down for seconds, never lock it', async () => {
    const email = 'ops@summit.test';
    for (let i = 0; i < ACCOUNT_BACKOFF.after; i++) expect((await login(email, 'wrong-guess', freshIp())).statusCode).toBe(401);
    const slowed = await login(email, PASSWORD, freshIp());
    expect(slowed.statusCode).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACCOUNT_BACKOFF.maxSeconds);
    expect(slowed.json().message).toMatch(/try again in \d+ seconds?/);
    // Once the wait has passed (the failures moved back in time), the owner gets in.
    await db.pool.query(`update login_attempts set attempted_at = attempted_at - make_interval(secs => $1) where key like '%ops@summit.test%'`, [
      ACCOUNT_BACKOFF.maxSeconds + 1,
    ]);
    expect((await login(email, PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('a user locked out at their own address can still reset the password and log in there', async () => {
    const email = 'rep@harbor.test';
    const home = freshIp();
    for (let i = 0; i < 5; i++) await login(email, 'wrong-guess', home);
    expect((await login(email, PASSWORD, home)).statusCode).toBe(429);
    const asked = await app.inject({
      method: 'POST', url: '/api/auth/request-password-reset', payload: { email, siteUrl: 'http://127.0.0.1:5173' }, remoteAddress: home,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = (await smtp.next(email)).links[0]!.split('/').pop();
    const reset = await app.inject({
      method: 'POST', url: `/api/auth/reset-password/${token}`, payload: { password: 'fresh-secret', newPassword: 'fresh-secret' }, remoteAddress: home,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(email, 'fresh-secret', home)).statusCode).toBe(200);
  });
});
