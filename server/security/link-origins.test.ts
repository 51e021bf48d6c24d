// Emailed links are built only from configured origins: PUBLIC_URL, else the server's own
// loopback address. Every route that sends mail is called with a forged Host (and forwarded
// host and protocol) header, and every link of every mail it sent is read.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrustProxy } from '../http/trust-proxy.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.ts';
import { testApp } from '../testing/test-app.ts';

const FORGED = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' };

describe.each(testTargets())('links of emails on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let smtp: SmtpCapture;
  let repId = 0;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    smtp = await startSmtpCapture();
    await db.pool.query(`update distributors set referred_partner_id = 77 where nickname = 'Harbor Foods Boston'`);
    repId = (await db.pool.query(`select id from users where email = 'rep@harbor.test'`)).rows[0].id;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await smtp?.close();
    await db?.drop();
  });

  it.each([
    ['no PUBLIC_URL: the server’s loopback origin', [], 'http://localhost:8080'],
    ['PUBLIC_URL set: that origin', ['https://portal.example.com'], 'https://portal.example.com'],
  ])('%s, whatever Host the request names', async (_name, publicUrls, origin) => {
    // Trusting one proxy too, so a forwarded host would be believed if anything read it.
    const { app } = await testApp(db.pool, { port: 8080, publicUrls, trustProxy: readTrustProxy('1') }, smtp.url);
    apps.push(app);
    const run = apps.length;
    const first = smtp.messages.length;
    const token = new Map<string, string>();
    for (const who of ['leader@harbor.test', 'dm@harbor.test', 'admin@portal.test', 'ops@summit.test']) token.set(who, await loginToken(app, who));
    const call = (who: string | null, method: InjectOptions['method'], url: string, payload?: object) => {
      const auth = who ? { authorization: `Bearer ${token.get(who)}` } : {};
      return app.inject({ method, url: `/api${url}`, headers: { ...FORGED, ...auth }, remoteAddress: `10.77.${run}.${smtp.messages.length}`, ...(payload ? { payload } : {}) });
    };
    const ok = async (pending: ReturnType<typeof call>) => {
      const res = await pending;
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res;
    };
    /** The token of the link in the newest mail to `to` whose subject has `subject`. */
    const tokenFrom = async (to: string, subject: string) => {
      const mail = () => smtp.messages.slice(first).filter((m) => m.to.includes(to) && m.subject.includes(subject)).at(-1);
      await expect.poll(mail, { timeout: 10_000 }).toBeDefined();
      return mail()!.links[0]!.split('/').pop()!;
    };
    const siteUrl = origin;
    const { id: boston, platform_id: platformId } = (await db.pool.query(`select id, platform_id from distributors where nickname = 'Harbor Foods Boston'`)).rows[0];
    const idOf = async (email: string) => (await db.pool.query('select id from users where email = $1', [email])).rows[0].id as number;
    const signUp = (email: string, partnerPlatformId = platformId) =>
      ok(call(null, 'POST', '/auth/sign-up', { partnerPlatformId, partnerName: 'Harbor', contactName: 'Sam Stranger', email, password: 'secret1', repeatPassword: 'secret1', siteUrl }));

    // Sign-up: activation, "already has an account", unknown platform id.
    await signUp(`sam${run}@elsewhere.test`);
    await signUp('leader@harbor.test');
    await signUp(`nobody${run}@elsewhere.test`, 'CP-999999');
    // Activation asks the leaders for approval; the decisions are mailed.
    await ok(call(null, 'POST', `/auth/activate/${await tokenFrom(`sam${run}@elsewhere.test`, 'Activate')}`));
    await ok(call('leader@harbor.test', 'POST', `/user/${await idOf(`sam${run}@elsewhere.test`)}/approve`));
    await signUp(`pat${run}@elsewhere.test`);
    await ok(call(null, 'POST', `/auth/activate/${await tokenFrom(`pat${run}@elsewhere.test`, 'Activate')}`));
    await ok(call('leader@harbor.test', 'POST', `/user/${await idOf(`pat${run}@elsewhere.test`)}/reject`));
    // Invitations, from User Management and from the admin dashboard; a password reset.
    const invitee = { contactName: 'Ivy Invitee', title: 'Distributor Rep', displayPaymentInfo: false, displayIntel: false, displayInvoice: false, isMultiHouse: false, siteUrl };
    await ok(call('leader@harbor.test', 'POST', '/user/invite', { ...invitee, email: `ivy${run}@harbor.test`, locations: ['NONE'] }));
    await ok(call('admin@portal.test', 'POST', '/admin/user/invite', { ...invitee, email: `ivy.admin${run}@harbor.test`, locations: [], distributorId: boston, referredPartnerId: 77 }));
    await ok(call(null, 'POST', '/auth/request-password-reset', { email: 'ops@summit.test', siteUrl }));
    // Email changes: someone else's (approval, then confirmation), one's own in the panel and in Settings.
    const rep = (await db.pool.query(`select id, email, title, display_payment_info, invite_all from users where id = $1`, [repId])).rows[0];
    const repBody = { title: rep.title, displayPaymentInfo: rep.display_payment_info, inviteAll: rep.invite_all, locations: rep.invite_all ? [] : ['NONE'] };
    await ok(call('leader@harbor.test', 'PATCH', `/user/${rep.id}`, { ...repBody, email: `robin${run}@harbor.test` }));
    await ok(call(null, 'POST', `/auth/approve-email-change/${await tokenFrom(rep.email, 'Approve the change')}`));
    const dm = (await db.pool.query(`select id, title, display_payment_info, invite_all from users where email = 'dm@harbor.test'`)).rows[0];
    await ok(call('dm@harbor.test', 'PATCH', `/user/${dm.id}`, { email: `dana${run}@harbor.test`, title: dm.title, displayPaymentInfo: dm.display_payment_info, inviteAll: dm.invite_all, locations: dm.invite_all ? [] : (await db.pool.query('select merchant_id from user_locations where user_id = $1 order by 1', [dm.id])).rows.map((r) => String(r.merchant_id)) }));
    await ok(call('ops@summit.test', 'PATCH', '/user', { contactName: 'Olive Ops', email: `olive${run}@summit.test` }));

    await expect.poll(() => smtp.messages.length - first, { timeout: 10_000 }).toBeGreaterThanOrEqual(16);
    const mails = smtp.messages.slice(first);
    const subjects = mails.map((m) => m.subject);
    for (const kind of ['Activate', 'asks to join', 'approved', 'declined', 'invited you', 'Reset', 'Approve the change', 'Confirm your new', 'about to change', 'tried to sign up', 'could not create']) {
      expect(subjects.some((s) => s.includes(kind)), kind).toBe(true);
    }
    const links = mails.flatMap((m) => m.links);
    expect(links.length).toBeGreaterThanOrEqual(mails.length);
    expect(links.filter((l) => new URL(l).origin !== origin)).toEqual([]);
  });
});
