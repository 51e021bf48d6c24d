import type { FastifyInstance, InjectOptions } from 'fastify';
import net from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATION_LINK_EXPIRED, AWAITING_APPROVAL, CONFIRMED_AWAITING_APPROVAL, CURRENT_PASSWORD_WRONG, EMAIL_NOT_FOUND, LINK_EXPIRED_MESSAGE,
  PASSWORD_CHANGED, PASSWORD_RESET_DONE, PASSWORDS_DONT_MATCH, RESET_LINK_SENT, SIGNED_UP_MESSAGE, TOO_MANY_RESET_REQUESTS,
} from '../../src/model/account.ts';
import { TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from '../auth/login.ts';
import type { Deps } from '../deps.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.ts';
import { testApp } from '../testing/test-app.ts';

const SITE = 'http://127.0.0.1:5301';
const PASSWORD = 'first-secret';

describe.each(testTargets())('account flows on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let deps: Deps;
  let smtp: SmtpCapture;
  let boston: string; // a house of the Harbor family
  let competitor: string; // a distributor that is no house of a family
  let bostonId: number;
  let ipCounter = 0;
  let emailCounter = 0;
  // Each call speaks from its own address, so per-IP limits never spill from one test into another.
  const freshIp = () => `10.7.${++ipCounter >> 8}.${ipCounter & 255}`;
  const freshEmail = (name = 'new') => `${name}.${++emailCounter}@newcomer.test`;

  const post = (url: string, payload?: InjectOptions['payload'], token?: string, remoteAddress = freshIp()) =>
    app.inject({
      method: 'POST', url: `/api${url}`, remoteAddress,
      ...(payload === undefined ? {} : { payload }),
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
  const me = (token: string) => app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
  const login = (email: string, password: string) => post('/auth/login', { email, password });
  const tokenOf = async (email: string, password: string) => {
    const res = await login(email, password);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().authKey as string;
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await db.pool.query(sql, params)).rows[0].n);
  const userCount = () => count('select count(*) as n from users');
  const signUpBody = (over: Record<string, unknown> = {}) => ({
    partnerPlatformId: boston, partnerName: 'Harbor Foods', contactName: 'Nina Newcomer', email: freshEmail(),
    password: PASSWORD, repeatPassword: PASSWORD, siteUrl: SITE, ...over,
  });
  /** The token at the end of an emailed link. */
  const tokenIn = (link: string) => link.split('/').pop()!;

  /** The family's leader approves a confirmed sign-up (spec: accounts-and-administration.md §6), as User Management does. */
  async function approve(email: string) {
    const { rows } = await db.pool.query('select id from users where lower(email) = lower($1)', [email.trim()]);
    const leader = await tokenOf('leader@harbor.test', 'portal-demo');
    expect((await post(`/user/${rows[0].id}/approve`, undefined, leader)).statusCode).toBe(200);
    await smtp.next(email.trim()); // the person's "approved" email
  }

  /** A new, activated and approved account through the real flow: sign up, read the email, open its link, get approved. */
  async function activatedAccount(): Promise<string> {
    const body = signUpBody();
    expect((await post('/auth/sign-up', body)).statusCode).toBe(201);
    const mail = await smtp.next(body.email);
    expect((await post(`/auth/activate/${tokenIn(mail.links[0]!)}`)).statusCode).toBe(200);
    await approve(body.email);
    return body.email;
  }

  async function resetLink(email: string): Promise<string> {
    const res = await post('/auth/request-password-reset', { email, siteUrl: SITE });
    expect(res.statusCode, res.body).toBe(200);
    return (await smtp.next(email)).links[0]!;
  }

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    smtp = await startSmtpCapture();
    ({ app, deps } = await testApp(db.pool, {}, smtp.url));
    const { rows } = await db.pool.query(
      `select id, nickname, platform_id from distributors where nickname in ('Harbor Foods Boston', 'Coastal Wholesale')`);
    const by = new Map(rows.map((r) => [r.nickname, r]));
    boston = by.get('Harbor Foods Boston').platform_id;
    bostonId = by.get('Harbor Foods Boston').id;
    competitor = by.get('Coastal Wholesale').platform_id;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });

  describe('sign-up and activation', () => {
    it('signs up, emails the activation link, refuses login until activated, and the link works once', async () => {
      const body = signUpBody({ email: '  Nina.Newcomer@Newcomer.test ' });
      const res = await post('/auth/sign-up', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ message: SIGNED_UP_MESSAGE });

      const mail = await smtp.next('nina.newcomer@newcomer.test');
      expect(mail.subject).toBe('Activate your Distributor Portal account');
      expect(mail.text).toContain('Hello Nina Newcomer,');
      expect(mail.links).toHaveLength(1);
      expect(mail.links[0]).toMatch(new RegExp(`^${SITE}/activate/[A-Za-z0-9_-]{40,}$`));

      const early = await login('nina.newcomer@newcomer.test', PASSWORD);
      expect(early.statusCode).toBe(401);
      expect(early.json().message).toMatch(/activate your account/);

      const activated = await post(`/auth/activate/${tokenIn(mail.links[0]!)}`);
      expect(activated.statusCode).toBe(200);
      expect(activated.json()).toEqual({ message: CONFIRMED_AWAITING_APPROVAL });
      // Confirmed, but nobody of the family has vouched for them yet (spec: accounts-and-administration.md §6).
      expect((await login('nina.newcomer@newcomer.test', PASSWORD)).json().message).toBe(AWAITING_APPROVAL);
      await approve('nina.newcomer@newcomer.test');

      const session = await login('nina.newcomer@newcomer.test', PASSWORD);
      expect(session.statusCode, session.body).toBe(200);
      // Least privilege: a rep of the house, no flags, and no location until someone assigns one.
      expect(session.json().user).toMatchObject({
        email: 'Nina.Newcomer@Newcomer.test', name: 'Nina Newcomer', title: 'Distributor Rep',
        displayIntel: false, displayInvoice: false, displayPaymentInfo: false, isMultiHouse: false, isInternalAdmin: false,
        channelPartner: { distributor_id: bostonId }, activeDistributor: { id: bostonId, platform_id: boston },
      });
      const merchants = await app.inject({ method: 'GET', url: '/api/merchant', headers: { authorization: `Bearer ${session.json().authKey}` } });
      expect(merchants.statusCode).toBe(200);
      expect(merchants.json()).toEqual([]);

      const again = await post(`/auth/activate/${tokenIn(mail.links[0]!)}`);
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(ACTIVATION_LINK_EXPIRED);
    });

    it.each([
      ['a platform id without CP-', { partnerPlatformId: 'XX-123456' }, /partnerPlatformId must be 'CP-' followed by 6 digits/],
      ['a platform id of 5 digits', { partnerPlatformId: 'CP-12345' }, /partnerPlatformId must be/],
      ['a short partner name', { partnerName: 'Ha' }, /partnerName must be at least 3 characters/],
      ['a short contact name', { contactName: 'Ni' }, /contactName must be at least 3 characters/],
      ['no email', { email: '' }, /email is required/],
      ['an invalid email', { email: 'nina-at-newcomer' }, /email must be a valid email address/],
      ['a password of 5 characters', { password: 'abcde', repeatPassword: 'abcde' }, /password must be 6 to 20 characters/],
      ['a password of 21 characters', { password: 'a'.repeat(21), repeatPassword: 'a'.repeat(21) }, /password must be 6 to 20 characters/],
      ['a repeat that differs', { repeatPassword: 'other-secret' }, new RegExp(`^${PASSWORDS_DONT_MATCH}$`)],
      ['no siteUrl', { siteUrl: undefined }, /siteUrl is required/],
      ['the siteUrl of another site', { siteUrl: 'https://evil.example/signup' }, /siteUrl is not an address of this portal/],
    ])('refuses %s with a 400, saving nothing and sending no email', async (_name, over, message) => {
      const body = signUpBody(over);
      const [users, mails] = [await userCount(), smtp.messages.length];
      const res = await post('/auth/sign-up', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      // The form joins `errors` by newlines, so every 400 lists its reasons there.
      expect(res.json().errors.join('\n')).toMatch(message);
      expect(await userCount()).toBe(users);
      await new Promise((r) => setTimeout(r, 50));
      expect(smtp.messages.length).toBe(mails);
    });

    it('creates nothing for the platform id of a distributor outside the program, answering as for any sign-up', async () => {
      const users = await userCount();
      const body = signUpBody({ partnerPlatformId: competitor });
      const res = await post('/auth/sign-up', body);
      // Spec: accounts-and-administration.md §2.3 Sign-up: the answer does not reveal which platform ids exist; the applicant's mailbox is told.
      expect([res.statusCode, res.json()]).toEqual([201, { message: SIGNED_UP_MESSAGE }]);
      expect(await userCount()).toBe(users);
      expect((await smtp.next(body.email)).text).toContain(`No distributor on the Distributor Portal has the platform id ${competitor}`);
    });

    it('refuses an expired activation link with a 410, and the account stays inactive', async () => {
      const body = signUpBody();
      expect((await post('/auth/sign-up', body)).statusCode).toBe(201);
      const mail = await smtp.next(body.email);
      await db.pool.query(
        `update account_tokens set expires_at = now() - interval '1 second'
          where user_id = (select id from users where email = $1)`, [body.email]);
      const res = await post(`/auth/activate/${tokenIn(mail.links[0]!)}`);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(ACTIVATION_LINK_EXPIRED);
      expect((await login(body.email, PASSWORD)).statusCode).toBe(401);
    });

    it('refuses unknown and malformed activation links', async () => {
      const unknown = await post(`/auth/activate/${'x'.repeat(43)}`);
      expect(unknown.statusCode).toBe(410);
      expect((await post('/auth/activate/short')).statusCode).toBe(400);
    });

    it('keeps nothing when the activation email cannot be sent, and says so', async () => {
      const closedPort = await unusedPort();
      const { app: broken } = await testApp(db.pool, {}, `smtp://127.0.0.1:${closedPort}`);
      try {
        const body = signUpBody();
        const users = await userCount();
        const res = await broken.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body, remoteAddress: freshIp() });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe('We could not send the activation email. Nothing was saved; please try again later.');
        expect(await userCount()).toBe(users);
        expect(await count('select count(*) as n from users where lower(email) = lower($1)', [body.email])).toBe(0);
        // The same person can sign up once mail works again.
        expect((await post('/auth/sign-up', body)).statusCode).toBe(201);
        await smtp.next(body.email);
      } finally {
        await broken.close();
      }
    });
  });

  describe('forgotten password', () => {
    it('emails a reset link that sets a new password, ends every old session, and works once', async () => {
      const email = await activatedAccount();
      const [laptop, phone] = [await tokenOf(email, PASSWORD), await tokenOf(email, PASSWORD)];

      const requested = await post('/auth/request-password-reset', { email: email.toUpperCase(), siteUrl: `${SITE}/forgot-password` });
      expect(requested.statusCode, requested.body).toBe(200);
      expect(requested.json()).toEqual({ message: RESET_LINK_SENT });
      const mail = await smtp.next(email);
      expect(mail.subject).toBe('Reset your Distributor Portal password');
      expect(mail.links[0]).toMatch(new RegExp(`^${SITE}/change-password/[A-Za-z0-9_-]{40,}$`));
      const token = tokenIn(mail.links[0]!);

      const reset = await post(`/auth/reset-password/${token}`, { password: 'second-secret', newPassword: 'second-secret' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: PASSWORD_RESET_DONE });

      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(phone)).statusCode).toBe(401);
      expect((await login(email, PASSWORD)).json()).toEqual({ message: WRONG_CREDENTIALS });
      expect((await login(email, 'second-secret')).statusCode).toBe(200);

      const again = await post(`/auth/reset-password/${token}`, { password: 'third-secret', newPassword: 'third-secret' });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(LINK_EXPIRED_MESSAGE);
      expect((await login(email, 'second-secret')).statusCode).toBe(200);
    });

    it('only the newest reset link works', async () => {
      const email = await activatedAccount();
      const first = tokenIn(await resetLink(email));
      const second = tokenIn(await resetLink(email));
      expect((await post(`/auth/reset-password/${first}`, { password: 'second-secret', newPassword: 'second-secret' })).statusCode).toBe(410);
      expect((await post(`/auth/reset-password/${second}`, { password: 'second-secret', newPassword: 'second-secret' })).statusCode).toBe(200);
    });

    it.each([
      ['a password of 5 characters', { password: 'abcde', newPassword: 'abcde' }, /password must be 6 to 20 characters/],
      ['a password of 21 characters', { password: 'b'.repeat(21), newPassword: 'b'.repeat(21) }, /password must be 6 to 20 characters/],
      ['no password', { newPassword: 'second-secret' }, /password is required/],
      ['a confirmation that differs', { password: 'second-secret', newPassword: 'second-secreT' }, new RegExp(`^${PASSWORDS_DONT_MATCH}$`)],
    ])('refuses %s with a 400 and the link still works', async (_name, payload, message) => {
      const email = await activatedAccount();
      const token = tokenIn(await resetLink(email));
      const res = await post(`/auth/reset-password/${token}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
      expect((await post(`/auth/reset-password/${token}`, { password: 'fixed-secret', newPassword: 'fixed-secret' })).statusCode).toBe(200);
    });

    it('refuses an expired reset link with the expired-link message', async () => {
      const email = await activatedAccount();
      const token = tokenIn(await resetLink(email));
      await db.pool.query(
        `update account_tokens set expires_at = now() - interval '1 second'
          where purpose = 'reset' and user_id = (select id from users where email = $1)`, [email]);
      const res = await post(`/auth/reset-password/${token}`, { password: 'second-secret', newPassword: 'second-secret' });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: LINK_EXPIRED_MESSAGE });
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
    });

    it('answers Email not found for an unknown or deactivated email, sending nothing', async () => {
      const mails = smtp.messages.length;
      const unknown = await post('/auth/request-password-reset', { email: 'nobody@newcomer.test', siteUrl: SITE });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: EMAIL_NOT_FOUND });
      const { rows } = await db.pool.query('select email from users where deactivated_at is not null limit 1');
      const deactivated = await post('/auth/request-password-reset', { email: rows[0].email, siteUrl: SITE });
      expect(deactivated.statusCode).toBe(404);
      await new Promise((r) => setTimeout(r, 50));
      expect(smtp.messages.length).toBe(mails);
    });

    it.each([
      ['an invalid email', { email: 'nobody', siteUrl: SITE }, /email must be a valid email address/],
      ['no siteUrl', { email: 'rep@harbor.test' }, /siteUrl is required/],
      ['the siteUrl of another site', { email: 'rep@harbor.test', siteUrl: 'https://evil.example' }, /siteUrl is not an address of this portal/],
    ])('refuses a reset request with %s with a 400, issuing no link', async (_name, payload, message) => {
      const [tokens, mails] = [await count('select count(*) as n from account_tokens'), smtp.messages.length];
      const res = await post('/auth/request-password-reset', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await count('select count(*) as n from account_tokens')).toBe(tokens);
      await new Promise((r) => setTimeout(r, 50));
      expect(smtp.messages.length).toBe(mails);
    });

    it('sends at most 5 reset emails an hour to one address', async () => {
      const email = await activatedAccount();
      for (let i = 0; i < 5; i++) await resetLink(email);
      const sixth = await post('/auth/request-password-reset', { email, siteUrl: SITE });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(TOO_MANY_RESET_REQUESTS);
    });

    it('a reset lifts the lock of failed logins on the account', async () => {
      const email = await activatedAccount();
      const home = freshIp();
      const loginFrom = (password: string) => post('/auth/login', { email, password }, undefined, home);
      for (let i = 0; i < 5; i++) expect((await loginFrom('wrong-guess')).statusCode).toBe(401);
      expect((await loginFrom(PASSWORD)).json().message).toBe(TOO_MANY_ATTEMPTS);
      const token = tokenIn(await resetLink(email));
      expect((await post(`/auth/reset-password/${token}`, { password: 'second-secret', newPassword: 'second-secret' })).statusCode).toBe(200);
      expect((await loginFrom('second-secret')).statusCode).toBe(200);
    });

    it('refuses the link of an account deactivated since the email, keeping its password', async () => {
      const email = await activatedAccount();
      const token = tokenIn(await resetLink(email));
      await db.pool.query('update users set deactivated_at = now() where email = $1', [email]);
      const res = await post(`/auth/reset-password/${token}`, { password: 'second-secret', newPassword: 'second-secret' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/deactivated/);
      const { rows } = await db.pool.query('select password_hash from users where email = $1', [email]);
      await db.pool.query('update users set deactivated_at = null where email = $1', [email]);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    });

    it('when the reset email cannot be sent, says so and the previous link still works', async () => {
      const email = await activatedAccount();
      const earlier = tokenIn(await resetLink(email));
      const { app: broken } = await testApp(db.pool, {}, `smtp://127.0.0.1:${await unusedPort()}`);
      try {
        const res = await broken.inject({
          method: 'POST', url: '/api/auth/request-password-reset', payload: { email, siteUrl: SITE }, remoteAddress: freshIp() });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe('We could not send the password reset email. Nothing was saved; please try again later.');
      } finally {
        await broken.close();
      }
      expect((await post(`/auth/reset-password/${earlier}`, { password: 'second-secret', newPassword: 'second-secret' })).statusCode).toBe(200);
    });

    it('an invitation link sets the first password and activates the account', async () => {
      const { rows } = await db.pool.query(
        'select id, email from users where activated_at is null and deactivated_at is null and channel_partner_id is not null limit 1');
      const invited = rows[0];
      const token = await deps.accountTokens.issue(invited.id, 'invite');
      expect((await login(invited.email, 'welcome-secret')).statusCode).toBe(401);
      const res = await post(`/auth/reset-password/${token}`, { password: 'welcome-secret', newPassword: 'welcome-secret' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await login(invited.email, 'welcome-secret')).statusCode).toBe(200);
    });
  });

  describe('change password in settings', () => {
    const change = (token: string, payload: Record<string, unknown>) => post('/user/change-password', payload, token);

    it('changes the password, ends the other sessions and keeps this one', async () => {
      const email = await activatedAccount();
      const [here, elsewhere] = [await tokenOf(email, PASSWORD), await tokenOf(email, PASSWORD)];
      const res = await change(here, { password: PASSWORD, newPassword: 'new', repeatPassword: 'new' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: PASSWORD_CHANGED });
      expect((await me(here)).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      expect((await login(email, PASSWORD)).statusCode).toBe(401);
      expect((await login(email, 'new')).statusCode).toBe(200);
    });

    it('refuses a wrong current password, counting it as a failed login, then locks this session out of changing it', async () => {
      const email = await activatedAccount();
      const token = await tokenOf(email, PASSWORD);
      for (let i = 0; i < 5; i++) {
        const res = await change(token, { password: 'not-mine', newPassword: 'guessed', repeatPassword: 'guessed' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: CURRENT_PASSWORD_WRONG, errors: [CURRENT_PASSWORD_WRONG] });
      }
      const locked = await change(token, { password: PASSWORD, newPassword: 'guessed', repeatPassword: 'guessed' });
      expect(locked.statusCode).toBe(429);
      // The guesses count towards the account-wide slow-down of logins…
      const { rows } = await db.pool.query('select count(*)::int as n from login_attempts where key = $1 and not succeeded', [`email:${email}`]);
      expect(rows[0].n).toBe(5);
      // …but whoever holds this session cannot lock the owner out: a login from elsewhere works.
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
    });

    it.each([
      ['a current password of 2 characters', { password: 'ab', newPassword: 'new', repeatPassword: 'new' }, /password must be 3 to 20 characters/],
      ['a new password of 2 characters', { password: PASSWORD, newPassword: 'ne', repeatPassword: 'ne' }, /newPassword must be 3 to 20 characters/],
      ['a new password of 21 characters', { password: PASSWORD, newPassword: 'n'.repeat(21), repeatPassword: 'n'.repeat(21) }, /newPassword must be 3 to 20 characters/],
      ['no current password', { newPassword: 'new', repeatPassword: 'new' }, /password is required/],
      ['a repeat that differs', { password: PASSWORD, newPassword: 'new-one', repeatPassword: 'new-two' }, new RegExp(`^${PASSWORDS_DONT_MATCH}$`)],
    ])('refuses %s with a 400 and changes nothing', async (_name, payload, message) => {
      const email = await activatedAccount();
      const [here, elsewhere] = [await tokenOf(email, PASSWORD), await tokenOf(email, PASSWORD)];
      const res = await change(here, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect((await me(elsewhere)).statusCode).toBe(200);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
      expect(await count(`select count(*) as n from login_attempts where key = $1`, [`email:${email}`])).toBe(0);
    });

    it('is only for a logged-in user', async () => {
      expect((await post('/user/change-password', { password: PASSWORD, newPassword: 'new', repeatPassword: 'new' })).statusCode).toBe(401);
    });
  });
});

/** A loopback port nothing listens on: mail sent there fails at once. */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
