// Spec: accounts-and-administration.md §6 (edit any user's email: internal admins): a leader changed a colleague's email to their own, then reset the password
// and logged in as them. Now an email change by anyone but an internal admin waits for the new
// address to confirm it, and the old address is told.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGED, emailChangePendingMessage } from '../../src/model/account.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('email changes on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let smtp: SmtpCapture;
  const token = new Map<string, string>();

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    smtp = await startSmtpCapture();
    ({ app } = await testApp(db.pool, {}, smtp.url));
    for (const who of ['leader@harbor.test', 'admin@portal.test']) token.set(who, await loginToken(app, who));
    const boston = (await db.pool.query(`select id from distributors where nickname = 'Harbor Foods Boston'`)).rows[0].id;
    await as('admin@portal.test', 'POST', `/user/active-distributor/${boston}`);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });

  const as = (who: string, method: InjectOptions['method'], url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token.get(who)}` }, ...(payload ? { payload } : {}) });
  const user = async (email: string) =>
    (await db.pool.query('select u.id, u.title, u.display_payment_info, u.invite_all, array(select merchant_id from user_locations l where l.user_id = u.id order by 1) as locations from users u where email = $1', [email])).rows[0];
  const sameUserWithEmail = async (email: string, newEmail: string) => {
    const u = await user(email);
    return { id: u.id as number, body: { email: newEmail, title: u.title, displayPaymentInfo: u.display_payment_info, inviteAll: u.invite_all, locations: u.invite_all ? [] : u.locations.length ? u.locations.map(String) : ['NONE'] } };
  };
  const emailOf = async (id: number) => (await db.pool.query('select email from users where id = $1', [id])).rows[0].email;

  it('a leader changing a colleague’s email changes nothing until the new address confirms; the old one is told', async () => {
    const { id, body } = await sameUserWithEmail('rep@harbor.test', 'attacker@evil.test');
    const res = await as('leader@harbor.test', 'PATCH', `/user/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(emailChangePendingMessage('attacker@evil.test'));
    expect(await emailOf(id)).toBe('rep@harbor.test');
    // A password reset still goes to the real owner.
    const reset = await app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'attacker@evil.test', siteUrl: 'http://127.0.0.1:5301' } });
    expect(reset.statusCode).toBe(404);
    expect((await smtp.next('rep@harbor.test')).text).toContain('attacker@evil.test');
    const confirm = await smtp.next('attacker@evil.test');
    const link = confirm.links[0]!;
    expect(link).toMatch(/\/confirm-email\/[A-Za-z0-9_-]{40,}$/);
    const done = await app.inject({ method: 'POST', url: `/api/auth/confirm-email/${link.split('/').pop()}` });
    expect([done.statusCode, done.json().message]).toEqual([200, EMAIL_CHANGED]);
    expect(await emailOf(id)).toBe('attacker@evil.test');
    expect((await app.inject({ method: 'POST', url: `/api/auth/confirm-email/${link.split('/').pop()}` })).statusCode).toBe(410);
  });

  it('an internal admin’s change takes effect at once', async () => {
    const { id, body } = await sameUserWithEmail('dm@harbor.test', 'dana.district@harbor.test');
    const res = await as('admin@portal.test', 'PATCH', `/user/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailOf(id)).toBe('dana.district@harbor.test');
  });
});
