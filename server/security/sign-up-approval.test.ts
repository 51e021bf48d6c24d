// Spec: accounts-and-administration.md §2.3 Sign-up, §6: a stranger who knows a platform id could sign up, activate and read the
// house's users and prices. Now a sign-up is pending until the family's leaders approve it, and
// the answer never tells whether a platform id or an email exists.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVATED_MESSAGE, APPROVAL_REFUSED, AWAITING_APPROVAL, CONFIRMED_AWAITING_APPROVAL, CONFIRMED_BUT_DECLINED, SIGNED_UP_MESSAGE } from '../../src/model/account.ts';
import { SIGN_UP_LIMITS, TOO_MANY_SIGN_UPS } from '../routes/account.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.ts';
import { testApp } from '../testing/test-app.ts';

const SITE = 'http://127.0.0.1:5301';
let n = 0;
const freshIp = () => `10.88.${++n >> 8}.${n & 255}`;

describe.each(testTargets())('sign-up approval on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let smtp: SmtpCapture;
  let boston = '';
  const token = new Map<string, string>();

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    smtp = await startSmtpCapture();
    ({ app } = await testApp(db.pool, {}, smtp.url));
    boston = (await db.pool.query(`select platform_id from distributors where nickname = 'Harbor Foods Boston'`)).rows[0].platform_id;
    for (const who of ['leader@harbor.test', 'dm@harbor.test', 'ops@summit.test']) token.set(who, await loginToken(app, who));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });

  const post = (url: string, payload?: object, remoteAddress = freshIp()) => app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress });
  const as = (who: string, method: InjectOptions['method'], url: string) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token.get(who)}` } });
  const signUp = (email: string, platformId = boston, remoteAddress = freshIp()) =>
    post('/auth/sign-up', { partnerPlatformId: platformId, partnerName: 'Harbor', contactName: 'Sam Stranger', email, password: 'secret1', repeatPassword: 'secret1', siteUrl: SITE }, remoteAddress);
  const login = (email: string) => post('/auth/login', { email, password: 'secret1' });
  const idOf = async (email: string) => (await db.pool.query('select id from users where email = $1', [email])).rows[0]?.id as number | undefined;

  async function signedUpAndConfirmed(email: string) {
    expect((await signUp(email)).json()).toEqual({ message: SIGNED_UP_MESSAGE });
    const link = (await smtp.next(email)).links[0]!;
    const activated = await post(`/auth/activate/${link.split('/').pop()}`);
    expect(activated.json()).toEqual({ message: CONFIRMED_AWAITING_APPROVAL });
    return (await idOf(email))!;
  }

  it('a confirmed sign-up can neither log in nor read anything until approved; the leaders are asked by email', async () => {
    const email = 'sam.stranger@elsewhere.test';
    await signedUpAndConfirmed(email);
    const asked = await smtp.next('leader@harbor.test');
    expect(asked.text).toContain(`Sam Stranger (${email})`);
    const refused = await login(email);
    expect([refused.statusCode, refused.json().message]).toEqual([401, AWAITING_APPROVAL]);
    // Not even a session made another way (say, an old one) reads data while pending.
    const userId = (await idOf(email))!;
    await db.pool.query(`update users set approval = 'approved' where id = $1`, [userId]);
    const pendingToken = (await login(email)).json().authKey as string;
    await db.pool.query(`update users set approval = 'pending' where id = $1`, [userId]);
    for (const url of ['/user/all', '/rebate-deviation', '/merchant', '/user']) {
      const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${pendingToken}` } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('the family’s leader sees the request, approves it, and the person is told and gets in', async () => {
    const email = 'pat.pending@elsewhere.test';
    const id = await signedUpAndConfirmed(email);
    const listed = (await as('leader@harbor.test', 'GET', '/user/pending')).json().pending as { id: number; email: string; emailConfirmed: boolean }[];
    expect(listed).toContainEqual(expect.objectContaining({ id, email, emailConfirmed: true }));
    const users = async () => ((await as('leader@harbor.test', 'GET', '/user/all')).json().users as { email: string }[]).map((u) => u.email);
    expect(await users()).not.toContain(email); // not a colleague yet
    expect((await as('dm@harbor.test', 'GET', '/user/pending')).json()).toEqual({ pending: [] });
    expect((await as('dm@harbor.test', 'POST', `/user/${id}/approve`)).statusCode).toBe(403);
    expect((await as('ops@summit.test', 'POST', `/user/${id}/approve`)).statusCode).toBe(403);
    expect((await login(email)).statusCode).toBe(401);
    const approved = await as('leader@harbor.test', 'POST', `/user/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await smtp.next(email)).subject).toMatch(/approved/);
    expect((await login(email)).statusCode).toBe(200);
    expect(await users()).toContain(email);
    expect((await as('leader@harbor.test', 'POST', `/user/${id}/approve`)).statusCode).toBe(404);
  });

  it('a rejected request is told so, by email and at login', async () => {
    const email = 'rex.rejected@elsewhere.test';
    const id = await signedUpAndConfirmed(email);
    expect((await as('leader@harbor.test', 'POST', `/user/${id}/reject`)).statusCode).toBe(200);
    expect((await smtp.next(email)).subject).toMatch(/declined/);
    const refused = await login(email);
    expect([refused.statusCode, refused.json().message]).toEqual([401, APPROVAL_REFUSED]);
  });

  it('a request decided before its email is confirmed: the activation says Login only when the login works (issue 39)', async () => {
    const confirmLater = async (email: string) => {
      expect((await signUp(email)).json()).toEqual({ message: SIGNED_UP_MESSAGE });
      const token = (await smtp.next(email)).links[0]!.split('/').pop();
      return { id: (await idOf(email))!, activate: async () => (await post(`/auth/activate/${token}`)).json() };
    };
    const declined = await confirmLater('dee.declined@elsewhere.test');
    expect((await as('leader@harbor.test', 'POST', `/user/${declined.id}/reject`)).statusCode).toBe(200);
    await smtp.next('dee.declined@elsewhere.test');
    expect(await declined.activate()).toEqual({ message: CONFIRMED_BUT_DECLINED });
    expect((await login('dee.declined@elsewhere.test')).json().message).toBe(APPROVAL_REFUSED);

    const approved = await confirmLater('abe.approved@elsewhere.test');
    expect((await as('leader@harbor.test', 'POST', `/user/${approved.id}/approve`)).statusCode).toBe(200);
    await smtp.next('abe.approved@elsewhere.test');
    expect(await approved.activate()).toEqual({ message: ACTIVATED_MESSAGE });
    expect((await login('abe.approved@elsewhere.test')).statusCode).toBe(200);
  });

  it('answers the same for an unknown platform id and for an email in use, and says so only to the mailbox', async () => {
    const users = async () => Number((await db.pool.query('select count(*) from users')).rows[0].count);
    const before = await users();
    const unknown = await signUp('new.person@elsewhere.test', 'CP-999999');
    const taken = await signUp('rep@harbor.test');
    expect([unknown.statusCode, unknown.json()]).toEqual([201, { message: SIGNED_UP_MESSAGE }]);
    expect([taken.statusCode, taken.json()]).toEqual([201, { message: SIGNED_UP_MESSAGE }]);
    expect(await users()).toBe(before);
    expect((await smtp.next('new.person@elsewhere.test')).text).toContain('CP-999999');
    expect((await smtp.next('rep@harbor.test')).subject).toBe('Someone tried to sign up with your email address');
  });

  it(`limits sign-ups to ${SIGN_UP_LIMITS.perIp} an hour from one address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_UP_LIMITS.perIp; i++) expect((await signUp(`burst${i}@elsewhere.test`, 'CP-999998', ip)).statusCode).toBe(201);
    const refused = await signUp('one.more@elsewhere.test', boston, ip);
    expect([refused.statusCode, refused.json().message]).toEqual([429, TOO_MANY_SIGN_UPS]);
    expect(await idOf('one.more@elsewhere.test')).toBeUndefined();
  });
});
