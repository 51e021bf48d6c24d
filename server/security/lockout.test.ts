// Wrong passwords must not let anyone lock anyone out. Failures lock the (account, address) pair;
// guessing addresses are slowed once the account is under attack, an address without failures
// never is, and a reset always works.
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

  it('guesses from many addresses slow those addresses down for seconds, never lock the account', async () => {
    const email = 'ops@summit.test';
    const guessers = Array.from({ length: ACCOUNT_BACKOFF.after }, freshIp);
    for (const ip of guessers) expect((await login(email, 'wrong-guess', ip)).statusCode).toBe(401);
    const slowed = await login(email, PASSWORD, guessers.at(-1)!);
    expect(slowed.statusCode).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ACCOUNT_BACKOFF.maxSeconds);
    expect(slowed.json().message).toMatch(/try again in \d+ seconds?/);
    // Once the wait has passed (the failures moved back in time), that address gets in too.
    await db.pool.query(`update login_attempts set attempted_at = attempted_at - make_interval(secs => $1)`, [ACCOUNT_BACKOFF.maxSeconds + 1]);
    expect((await login(email, PASSWORD, guessers.at(-1)!)).statusCode).toBe(200);
  });

  it('failures from six addresses in turn never keep the owner out from a seventh', async () => {
    const email = 'leader@harbor.test';
    const guessers = Array.from({ length: 6 }, freshIp);
    const owner = freshIp();
    for (let round = 0; round < 2; round++) {
      const answers: number[] = [];
      for (let i = 0; i < ACCOUNT_BACKOFF.after + 2; i++) answers.push((await login(email, 'wrong-guess', guessers[i % guessers.length]!)).statusCode);
      // The account is under attack and the guessing addresses are held back...
      expect(answers.filter((s) => s === 401).length).toBeGreaterThanOrEqual(ACCOUNT_BACKOFF.after);
      expect(answers).toContain(429);
      // ...while the owner, with the right password from an address without failures, logs in.
      const owned = await login(email, PASSWORD, owner);
      expect(owned.statusCode, owned.body).toBe(200);
    }
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
