// Only an account's owner moves it. A leader once changed a colleague's email to an address the
// leader owned, confirmed it there, reset the password and logged in as the colleague. Now a
// change by anyone but the owner (or an internal admin, audited) waits for the owner to approve
// it from the current address; the new address then confirms as for the owner's own change.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_APPROVAL_LINK_EXPIRED, EMAIL_CHANGED, EMAIL_LINK_EXPIRED, LINK_EXPIRED_MESSAGE, emailChangeApprovedMessage, emailChangeAwaitingOwnerMessage, emailChangePendingMessage,
} from '../../src/model/account.ts';
import { DEMO_PASSWORD } from '../seed/users.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.ts';
import { testApp } from '../testing/test-app.ts';

const SITE = 'http://127.0.0.1:5301';
const tokenOf = (link: string) => link.split('/').pop()!;

describe.each(testTargets())('email changes on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let smtp: SmtpCapture;
  const token = new Map<string, string>();

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    smtp = await startSmtpCapture();
    ({ app } = await testApp(db.pool, {}, smtp.url));
    for (const who of ['leader@harbor.test', 'admin@portal.test', 'rep@harbor.test']) token.set(who, await loginToken(app, who));
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
  const post = (url: string, payload?: object) => app.inject({ method: 'POST', url: `/api${url}`, ...(payload ? { payload } : {}) });
  const user = async (email: string) =>
    (await db.pool.query('select u.id, u.title, u.display_payment_info, u.invite_all, array(select merchant_id from user_locations l where l.user_id = u.id order by 1) as locations from users u where lower(email) = lower($1)', [email])).rows[0];
  const sameUserWithEmail = async (email: string, newEmail: string) => {
    const u = await user(email);
    return { id: u.id as number, body: { email: newEmail, title: u.title, displayPaymentInfo: u.display_payment_info, inviteAll: u.invite_all, locations: u.invite_all ? [] : u.locations.length ? u.locations.map(String) : ['NONE'] } };
  };
  const emailOf = async (id: number) => (await db.pool.query('select email from users where id = $1', [id])).rows[0].email;
  /** Mail to `to` that arrived so far and was not taken by smtp.next. */
  const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

  it('replays the takeover: the leader’s address gets nothing to confirm, no reset reaches it, the colleague stays in', async () => {
    const repSession = token.get('rep@harbor.test')!;
    const { id, body } = await sameUserWithEmail('rep@harbor.test', 'attacker@evil.test');
    // 1. The leader changes the colleague's email to one the leader owns: it awaits the owner.
    const res = await as('leader@harbor.test', 'PATCH', `/user/${id}`, body);
    expect([res.statusCode, res.json().message]).toEqual([200, emailChangeAwaitingOwnerMessage('rep@harbor.test', 'attacker@evil.test')]);
    expect(await emailOf(id)).toBe('rep@harbor.test');
    const approval = await smtp.next('rep@harbor.test');
    expect(approval.text).toContain('attacker@evil.test');
    expect(approval.links[0]).toMatch(/\/approve-email-change\/[A-Za-z0-9_-]{40,}$/);
    // 2. "Confirms there": the leader's inbox holds no link of any kind.
    expect(mailsTo('attacker@evil.test')).toEqual([]);
    // 3. Requests a reset, for the new address and for the old one: neither reaches the leader.
    expect((await post('/auth/request-password-reset', { email: 'attacker@evil.test', siteUrl: SITE })).statusCode).toBe(404);
    expect((await post('/auth/request-password-reset', { email: 'rep@harbor.test', siteUrl: SITE })).statusCode).toBe(200);
    expect((await smtp.next('rep@harbor.test')).links[0]).toContain('/change-password/');
    // 4. Sets a password: without a link's token, nothing to set it with.
    expect((await post(`/auth/reset-password/${'a'.repeat(43)}`, { password: 'taken-over', newPassword: 'taken-over' })).statusCode).toBe(410);
    // 5. Logs in as the colleague: refused under either address.
    for (const email of ['attacker@evil.test', 'rep@harbor.test']) expect((await post('/auth/login', { email, password: 'taken-over' })).statusCode).toBe(401);
    expect(mailsTo('attacker@evil.test')).toEqual([]);
    // The colleague keeps the account, the session and the password.
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${repSession}` } })).statusCode).toBe(200);
    expect(await emailOf(id)).toBe('rep@harbor.test');
    expect((await post('/auth/login', { email: 'rep@harbor.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('once the owner approves from the current address, the new address confirms and the email changes', async () => {
    const { id, body } = await sameUserWithEmail('rep@harbor.test', 'robin.rep@harbor.test');
    expect((await as('leader@harbor.test', 'PATCH', `/user/${id}`, body)).statusCode).toBe(200);
    const approveLink = (await smtp.next('rep@harbor.test')).links[0]!;
    expect(mailsTo('robin.rep@harbor.test')).toEqual([]);
    const approved = await post(`/auth/approve-email-change/${tokenOf(approveLink)}`);
    expect([approved.statusCode, approved.json().message]).toEqual([200, emailChangeApprovedMessage('robin.rep@harbor.test')]);
    expect(await emailOf(id)).toBe('rep@harbor.test');
    const again = await post(`/auth/approve-email-change/${tokenOf(approveLink)}`);
    expect([again.statusCode, again.json().message]).toEqual([410, EMAIL_APPROVAL_LINK_EXPIRED]);
    const confirmLink = (await smtp.next('robin.rep@harbor.test')).links[0]!;
    expect(confirmLink).toMatch(/\/confirm-email\/[A-Za-z0-9_-]{40,}$/);
    const done = await post(`/auth/confirm-email/${tokenOf(confirmLink)}`);
    expect([done.statusCode, done.json().message]).toEqual([200, EMAIL_CHANGED]);
    expect(await emailOf(id)).toBe('robin.rep@harbor.test');
  });

  it('an approval link sent to an address the account no longer has approves nothing', async () => {
    const { id, body } = await sameUserWithEmail('robin.rep@harbor.test', 'attacker@evil.test');
    expect((await as('leader@harbor.test', 'PATCH', `/user/${id}`, body)).statusCode).toBe(200);
    const stale = (await smtp.next('robin.rep@harbor.test')).links[0]!;
    // The owner moves the account themself (PATCH /user, confirmed by the new address) before the old link is used.
    const own = await as('rep@harbor.test', 'PATCH', '/user', { contactName: 'Robin Rep', email: 'rep@harbor.test' });
    expect([own.statusCode, own.json().message]).toEqual([200, emailChangePendingMessage('rep@harbor.test')]);
    expect((await post(`/auth/confirm-email/${tokenOf((await smtp.next('rep@harbor.test')).links[0]!)}`)).statusCode).toBe(200);
    expect(await emailOf(id)).toBe('rep@harbor.test');
    const refused = await post(`/auth/approve-email-change/${tokenOf(stale)}`);
    expect([refused.statusCode, refused.json().message]).toEqual([410, EMAIL_APPROVAL_LINK_EXPIRED]);
    expect(mailsTo('attacker@evil.test')).toEqual([]);
  });

  it('an internal admin’s change takes effect at once and is in the audit log', async () => {
    const { id, body } = await sameUserWithEmail('dm@harbor.test', 'dana.district@harbor.test');
    const res = await as('admin@portal.test', 'PATCH', `/user/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailOf(id)).toBe('dana.district@harbor.test');
    const logged = await db.pool.query(`select call, record from impersonation_audit where user_id = $1 and record like '%dana.district@harbor.test%'`, [id]);
    expect(logged.rows).toEqual([{ call: 'PATCH /api/user/:id', record: `id=${id}, email dm@harbor.test → dana.district@harbor.test` }]);
  });

  /** The leader asks to move rep@ to `to`, the owner approves by mistake: the confirmation link that went to `to`. */
  async function approvedByMistake(to: string) {
    const { id, body } = await sameUserWithEmail('rep@harbor.test', to);
    const asked = await as('leader@harbor.test', 'PATCH', `/user/${id}`, body);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await post(`/auth/approve-email-change/${tokenOf((await smtp.next('rep@harbor.test')).links[0]!)}`)).statusCode).toBe(200);
    return { id, confirm: tokenOf((await smtp.next(to)).links[0]!) };
  }
  const usedLink = async (token: string) => {
    const res = await post(`/auth/confirm-email/${token}`);
    return [res.statusCode, res.json().message];
  };

  it('replays the stale link: an admin’s correction kills the confirmation sent before it; no reset or login as the colleague follows', async () => {
    const { id, confirm } = await approvedByMistake('attacker@evil.test');
    // The internal admin sets the address right at once (the same address: it never moved yet).
    const fixed = await as('admin@portal.test', 'PATCH', `/admin/user/${id}`, { email: 'rep@harbor.test' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    // The leader uses the confirmation link sent before the correction: dead.
    expect(await usedLink(confirm)).toEqual([410, EMAIL_LINK_EXPIRED]);
    expect(await emailOf(id)).toBe('rep@harbor.test');
    // A reset for the leader's address finds nobody; one for the colleague's reaches only the colleague.
    expect((await post('/auth/request-password-reset', { email: 'attacker@evil.test', siteUrl: SITE })).statusCode).toBe(404);
    expect((await post('/auth/request-password-reset', { email: 'rep@harbor.test', siteUrl: SITE })).statusCode).toBe(200);
    expect((await smtp.next('rep@harbor.test')).links[0]).toContain('/change-password/');
    expect(mailsTo('attacker@evil.test').filter((m) => m.links.some((l) => !l.includes('/confirm-email/')))).toEqual([]);
    for (const email of ['attacker@evil.test', 'rep@harbor.test']) expect((await post('/auth/login', { email, password: 'taken-over' })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: 'rep@harbor.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('an admin’s correction to another address kills the pending link too, and the account keeps the corrected one', async () => {
    const { id, confirm } = await approvedByMistake('attacker@evil.test');
    expect((await as('admin@portal.test', 'PATCH', `/admin/user/${id}`, { email: 'robin.rep@harbor.test' })).statusCode).toBe(200);
    expect(await usedLink(confirm)).toEqual([410, EMAIL_LINK_EXPIRED]);
    expect(await emailOf(id)).toBe('robin.rep@harbor.test');
    expect((await as('admin@portal.test', 'PATCH', `/admin/user/${id}`, { email: 'rep@harbor.test' })).statusCode).toBe(200);
  });

  it('the owner’s own change kills a confirmation link pending for another address', async () => {
    const { id, confirm } = await approvedByMistake('attacker@evil.test');
    expect((await as('rep@harbor.test', 'PATCH', '/user', { contactName: 'Robin Rep', email: 'robin.own@harbor.test' })).statusCode).toBe(200);
    expect((await smtp.next('rep@harbor.test')).text).toContain('robin.own@harbor.test'); // the notice to the current address
    expect(await usedLink(tokenOf((await smtp.next('robin.own@harbor.test')).links[0]!))).toEqual([200, EMAIL_CHANGED]);
    expect(await usedLink(confirm)).toEqual([410, EMAIL_LINK_EXPIRED]);
    expect(await emailOf(id)).toBe('robin.own@harbor.test');
    expect((await as('admin@portal.test', 'PATCH', `/admin/user/${id}`, { email: 'rep@harbor.test' })).statusCode).toBe(200);
  });

  it('an internal admin’s change in the Edit User panel kills pending links: the confirmation and a reset sent to the old address', async () => {
    const { id, confirm } = await approvedByMistake('attacker@evil.test');
    expect((await post('/auth/request-password-reset', { email: 'rep@harbor.test', siteUrl: SITE })).statusCode).toBe(200);
    const reset = tokenOf((await smtp.next('rep@harbor.test')).links[0]!);
    const { body } = await sameUserWithEmail('rep@harbor.test', 'robin.admin@harbor.test');
    expect((await as('admin@portal.test', 'PATCH', `/user/${id}`, body)).statusCode).toBe(200);
    expect(await usedLink(confirm)).toEqual([410, EMAIL_LINK_EXPIRED]);
    const res = await post(`/auth/reset-password/${reset}`, { password: 'taken-over', newPassword: 'taken-over' });
    expect([res.statusCode, res.json().message]).toEqual([410, LINK_EXPIRED_MESSAGE]);
    expect(await emailOf(id)).toBe('robin.admin@harbor.test');
    expect((await as('admin@portal.test', 'PATCH', `/admin/user/${id}`, { email: 'rep@harbor.test' })).statusCode).toBe(200);
  });

  it('a confirmation link works only for the address the account had when it was sent', async () => {
    const { id, confirm } = await approvedByMistake('attacker@evil.test');
    // The address moves without the trigger's help (as a script or an old server might): the binding alone refuses.
    await db.pool.query('alter table users disable trigger users_email_moved_revokes_links');
    try {
      await db.pool.query(`update users set email = 'robin.script@harbor.test' where id = $1`, [id]);
      expect(await usedLink(confirm)).toEqual([410, EMAIL_LINK_EXPIRED]);
    } finally {
      await db.pool.query('alter table users enable trigger users_email_moved_revokes_links');
    }
    expect(await emailOf(id)).toBe('robin.script@harbor.test');
    await db.pool.query(`update users set email = 'rep@harbor.test' where id = $1`, [id]);
  });
});
