import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type pg from 'pg';
import { PROFILE_UPDATED } from './user-management.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeAwaitingOwnerMessage, emailChangePendingMessage, type UserRow } from '../../src/model/account.ts';
import { EMAIL_TAKEN, USER_DEACTIVATED } from '../../src/model/user-permissions.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { startSmtpCapture, type SmtpCapture } from '../testing/smtp-capture.ts';
import { testApp } from '../testing/test-app.ts';

const SITE = 'http://127.0.0.1:8080';
type Who = 'admin' | 'leader' | 'dm' | 'rep' | 'ops';
const EMAILS: Record<Who, string> = {
  admin: 'admin@portal.test', leader: 'leader@harbor.test', dm: 'dm@harbor.test', rep: 'rep@harbor.test', ops: 'ops@summit.test',
};

describe.each(testTargets())('user management on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let smtp: SmtpCapture;
  const token = {} as Record<Who, string>;
  const id = {} as Record<Who, number>;
  let bostonMerchant: number; // in the DM's locations
  let bostonOther: number; // at Boston, not the DM's
  let summitMerchant: number; // another family's
  let harborPeer: number; // a generated Harbor Boston user nobody else's test touches
  let summitPeer: number;

  const call = (who: Who | string, method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method, url: `/api${url}`, headers: { authorization: `Bearer ${who in token ? token[who as Who] : who}` },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const q = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows;
  const userCount = async () => Number((await q('select count(*) as n from users'))[0].n);
  const stored = async (userId: number) =>
    (await q(`select email, title, display_payment_info, invite_all, deactivated_at,
                     array(select merchant_id from user_locations where user_id = u.id order by 1) as locations
                from users u where id = $1`, [userId]))[0];

  let n = 0;
  const invite = (over: Record<string, unknown> = {}) => ({
    contactName: 'Ivy Invitee', email: `invitee${++n}@harbor.test`, title: 'Distributor Rep', displayPaymentInfo: false,
    displayIntel: true, displayInvoice: false, isMultiHouse: false, siteUrl: SITE, locations: [String(bostonMerchant)], ...over,
  });
  const update = (over: Record<string, unknown> = {}) => ({
    email: 'x@harbor.test', title: 'Distributor Rep', displayPaymentInfo: false, inviteAll: false, locations: [String(bostonMerchant)], ...over,
  });
  /** The PATCH body that leaves the user as stored. */
  const unchanged = async (userId: number) => {
    const u = await stored(userId);
    return { email: u.email, title: u.title, displayPaymentInfo: u.display_payment_info, inviteAll: u.invite_all,
      locations: u.invite_all ? [] : u.locations.length ? u.locations.map(String) : ['NONE'] };
  };

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 40, months: 2 });
    smtp = await startSmtpCapture();
    ({ app } = await testApp(db.pool, {}, smtp.url));
    for (const who of Object.keys(EMAILS) as Who[]) {
      token[who] = await loginToken(app, EMAILS[who]);
      id[who] = (await q('select id from users where email = $1', [EMAILS[who]]))[0].id;
    }
    const d = async (nick: string) => (await q('select id from distributors where nickname = $1', [nick]))[0].id as number;
    const boston = await d('Harbor Foods Boston');
    bostonMerchant = (await q('select min(merchant_id) as m from user_locations where user_id = $1', [id.dm]))[0].m;
    bostonOther = (await q(`select min(merchant_id) as m from merchant_accounts where distributor_id = $1
                             and merchant_id not in (select merchant_id from user_locations where user_id = $2)`, [boston, id.dm]))[0].m;
    summitMerchant = (await q(`select min(a.merchant_id) as m from merchant_accounts a join distributors x on x.id = a.distributor_id
                                where x.nickname like 'Summit%' and a.merchant_id not in
                                  (select merchant_id from merchant_accounts where distributor_id = $1)`, [boston]))[0].m;
    harborPeer = (await q(`select min(id) as id from users where channel_partner_id = $1 and email like '%.test'
                            and id > 6 and deactivated_at is null and activated_at is not null`, [boston]))[0].id;
    summitPeer = (await q(`select min(u.id) as id from users u join distributors x on x.id = u.channel_partner_id
                            where x.nickname like 'Summit%' and u.id <> $1 and u.deactivated_at is null`, [id.ops]))[0].id;
    expect([bostonMerchant, bostonOther, summitMerchant, harborPeer, summitPeer].every((x) => typeof x === 'number')).toBe(true);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });

  describe('GET /user/all', () => {
    const list = async (who: Who) => {
      const res = await call(who, 'GET', '/user/all');
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json().users as UserRow[]).map((u) => [u.email, u]));
    };

    it("lists the active house's users with what the caller may do to each", async () => {
      const rows = await list('leader');
      expect(rows.get('dm@harbor.test')).toMatchObject({ contactName: 'Dana District', title: 'District Manager', canEdit: true, canDeactivate: true, activated: true });
      expect(rows.get('leader@harbor.test')).toMatchObject({ canEdit: true, canDeactivate: false });
      expect(rows.get('dm@harbor.test')!.createdDate).toMatch(/^\d{4}-\d\d-\d\dT/);
      // GPO staff, other families and deactivated users are not listed.
      expect(rows.has('admin@portal.test')).toBe(false);
      expect(rows.has('ops@summit.test')).toBe(false);
      const gone = await q('select email from users where deactivated_at is not null');
      for (const g of gone) expect(rows.has(g.email)).toBe(false);
    });

    it('gives a District Manager only their own row to edit, and a rep nothing', async () => {
      const dmView = await list('dm');
      expect([...dmView.values()].filter((u) => u.canEdit).map((u) => u.email)).toEqual(['dm@harbor.test']);
      expect([...dmView.values()].some((u) => u.canDeactivate)).toBe(false);
      const repView = await list('rep');
      expect([...repView.values()].some((u) => u.canEdit || u.canDeactivate)).toBe(false);
    });

    it('shows an Operations user of another family only their own house', async () => {
      const rows = await list('ops');
      expect(rows.get('ops@summit.test')).toMatchObject({ canEdit: true, canDeactivate: false });
      expect(rows.has('dm@harbor.test')).toBe(false);
    });

    it("acts on the caller's own authority while they view the portal as someone else", async () => {
      // Viewing as the rep (a few locations), the leader still gives Invite To All: the leader sees every location.
      const body = invite({ locations: [] });
      const res = await app.inject({
        method: 'POST', url: '/api/user/invite', payload: body,
        headers: { authorization: `Bearer ${token.leader}`, 'x-view-as': String(id.rep) },
      });
      expect(res.statusCode, res.body).toBe(200);
      await smtp.next(body.email);
    });

    it('refuses a caller with no distributor to act for', async () => {
      const res = await call(await loginToken(app, 'nopartner@portal.test'), 'GET', '/user/all');
      expect(res.statusCode).toBe(403);
    });
  });

  describe('POST /user/invite', () => {
    it('creates a pending user in the house and emails a set-password link through SMTP', async () => {
      const body = invite({ contactName: 'Nina Newhire', displayPaymentInfo: true });
      const res = await call('leader', 'POST', '/user/invite', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(`Nina Newhire has been invited. The invitation goes to ${body.email}.`);
      const mail = await smtp.next(body.email);
      expect(mail.subject).toBe('Lena Leader invited you to the Distributor Portal');
      expect(mail.text).toContain('Harbor Foods Boston');
      const link = new URL(mail.links.find((l) => l.includes('/change-password/'))!);
      expect(link.origin).toBe(SITE);
      const [, tokenText] = /^\/change-password\/([A-Za-z0-9_-]+)$/.exec(link.pathname)!;
      const [row] = await q(
        `select u.id, u.activated_at, u.password_hash, u.invite_all, u.display_payment_info, d.nickname, t.purpose, t.used_at
           from users u join distributors d on d.id = u.channel_partner_id
           join account_tokens t on t.user_id = u.id and t.token_hash = $2
          where u.email = $1`,
        [body.email, crypto.createHash('sha256').update(tokenText!).digest('hex')]);
      expect(row).toMatchObject({ activated_at: null, password_hash: null, invite_all: false, display_payment_info: true, nickname: 'Harbor Foods Boston', purpose: 'invite', used_at: null });
      expect((await stored(row.id)).locations).toEqual([bostonMerchant]);
    });

    it('stores Invite To All for [] and no locations for NONE', async () => {
      const all = invite({ locations: [] });
      expect((await call('leader', 'POST', '/user/invite', all)).statusCode).toBe(200);
      const none = invite({ locations: ['NONE'] });
      expect((await call('leader', 'POST', '/user/invite', none)).statusCode).toBe(200);
      const [a] = await q('select id, invite_all from users where email = $1', [all.email]);
      const [b] = await q('select id, invite_all from users where email = $1', [none.email]);
      expect([a.invite_all, b.invite_all]).toEqual([true, false]);
      expect((await stored(b.id)).locations).toEqual([]);
      await smtp.next(all.email);
      await smtp.next(none.email);
    });

    it.each([
      ['a Distributor Rep', 'rep', {}],
      ['a leader giving the Admin role', 'leader', { title: 'Admin' }],
      ['a District Manager giving Leadership', 'dm', { title: 'Leadership' }],
      ['a leader giving invoice scanning', 'leader', { displayInvoice: true }],
    ] as const)('refuses %s with a 403 and creates nobody', async (_name, who, over) => {
      const before = await userCount();
      const res = await call(who, 'POST', '/user/invite', invite(over));
      expect(res.statusCode, res.body).toBe(403);
      expect(await userCount()).toBe(before);
    });

    it('lets an internal admin give the Admin role, a District Manager invite to their own locations', async () => {
      expect((await call('admin', 'POST', '/user/invite', invite({ title: 'Admin' }))).statusCode).toBe(200);
      expect((await call('dm', 'POST', '/user/invite', invite({ title: 'Operations' }))).statusCode).toBe(200);
      // Operations at Summit holds no Intel, so gives none (spec: accounts-and-administration.md §6: nobody grants what they lack).
      expect((await call('ops', 'POST', '/user/invite', invite({ locations: [], displayIntel: false }))).statusCode).toBe(200);
    });

    it('lets an internal admin logged in as a leader give the Admin role (§6), and only them', async () => {
      // A login of its own: switching into the leader ends the admin session it started from.
      const asLeader = (await call(await loginToken(app, EMAILS.admin), 'POST', '/auth/session', { id: id.leader, reason: 'Ticket 77: invite the house admin' })).json().authKey as string;
      const res = await call(asLeader, 'POST', '/user/invite', invite({ title: 'Admin' }));
      expect(res.statusCode, res.body).toBe(200);
      // The leader's own session still may not.
      expect((await call('leader', 'POST', '/user/invite', invite({ title: 'Admin' }))).statusCode).toBe(403);
    });

    it.each([
      ['a location outside the inviter’s', 'dm', () => ({ locations: [String(bostonOther)] }), 'Every location must be one you can see.'],
      ['another family’s location', 'leader', () => ({ locations: [String(summitMerchant)] }), 'Every location must be one you can see.'],
      ['a Harbor location from Summit', 'ops', () => ({ locations: [String(bostonMerchant)], displayIntel: false }), 'Every location must be one you can see.'],
      ['Invite To All from a user who does not see everything', 'dm', () => ({ locations: [] }), 'Only a user who sees every location may give Invite To All.'],
      ['an email in use', 'leader', () => ({ email: 'REP@harbor.test' }), EMAIL_TAKEN],
      ['NONE with ids', 'leader', () => ({ locations: ['NONE', String(bostonMerchant)] }), "locations must be ['NONE'] alone or merchant ids."],
      ['a short name', 'leader', () => ({ contactName: 'Al' }), 'Invalid invitation: contactName must be at least 3 characters'],
      ['an invalid email', 'leader', () => ({ email: 'not-an-email' }), 'Invalid invitation: email must be a valid email address'],
      ['a missing role', 'leader', () => ({ title: undefined }), 'Invalid invitation: title is required'],
      ['an unknown role', 'leader', () => ({ title: 'Owner' }), 'Invalid invitation: title must be'],
      ['a flag that is not a boolean', 'leader', () => ({ displayIntel: 'yes' }), 'Invalid invitation: displayIntel must be boolean'],
      ['locations that are not strings of ids', 'leader', () => ({ locations: [5] }), 'locations.0.1 must be a positive whole number below 2147483648'],
      ['a siteUrl that is no address', 'leader', () => ({ siteUrl: 'portal' }), 'Invalid invitation: siteUrl must be an http(s) address'],
      ['a siteUrl of another site', 'leader', () => ({ siteUrl: 'https://evil.example' }), 'siteUrl is not an address of this portal'],
    ] as const)('rejects %s with a 400 and changes nothing', async (_name, who, over, message) => {
      const before = await userCount();
      const res = await call(who, 'POST', '/user/invite', invite(over()));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await userCount()).toBe(before);
    });

    it('saves nothing when the email cannot be sent', async () => {
      const { app: offline } = await testApp(db.pool, {}, 'smtp://127.0.0.1:9'); // nothing listens on the discard port
      try {
        const body = invite();
        const res = await offline.inject({ method: 'POST', url: '/api/user/invite', headers: { authorization: `Bearer ${token.leader}` }, payload: body });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe('We could not send the invitation email. Nothing was saved; please try again later.');
        expect(await q('select 1 from users where email = $1', [body.email])).toEqual([]);
      } finally {
        await offline.close();
      }
    });
  });

  describe('PATCH /user/:id', () => {
    it("lets a leader change a user's role, payment flag and locations at once, and the email once its owner approves", async () => {
      const before = (await stored(harborPeer)).email;
      const body = update({ email: 'renamed@harbor.test', title: 'Operations', displayPaymentInfo: true, locations: [String(bostonOther), String(bostonMerchant)] });
      const res = await call('leader', 'PATCH', `/user/${harborPeer}`, body);
      expect(res.statusCode, res.body).toBe(200);
      // Someone else's email waits for its owner (server/security/email-change.test.ts follows the links).
      expect(res.json()).toEqual({ message: emailChangeAwaitingOwnerMessage(before, 'renamed@harbor.test') });
      expect(await stored(harborPeer)).toMatchObject({
        email: before, title: 'Operations', display_payment_info: true, invite_all: false,
        locations: [bostonMerchant, bostonOther].sort((a, b) => a - b),
      });
      const all = await call('leader', 'PATCH', `/user/${harborPeer}`, update({ email: before, inviteAll: true, locations: [] }));
      expect(all.statusCode).toBe(200);
      expect(await stored(harborPeer)).toMatchObject({ invite_all: true, locations: [] });
    });

    it('lets a District Manager ask for a new email (confirmed by that address) but not change their role, locations or flags', async () => {
      const mine = await unchanged(id.dm);
      const asked = await call('dm', 'PATCH', `/user/${id.dm}`, { ...mine, email: 'dana@harbor.test' });
      expect([asked.statusCode, asked.json().message]).toEqual([200, emailChangePendingMessage('dana@harbor.test')]);
      expect((await stored(id.dm)).email).toBe('dm@harbor.test');
      const now = await unchanged(id.dm);
      for (const change of [{ title: 'Leadership' }, { locations: [String(bostonMerchant)] }, { displayPaymentInfo: true }, { inviteAll: true, locations: [] }]) {
        const res = await call('dm', 'PATCH', `/user/${id.dm}`, { ...now, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(403);
        expect(res.json().message).toMatch(/^You may not change your own /);
      }
      expect(await stored(id.dm)).toMatchObject({ title: 'District Manager', display_payment_info: false, invite_all: false });
      await call('dm', 'PATCH', `/user/${id.dm}`, { ...now, email: 'dm@harbor.test' });
    });

    it.each([
      ['a District Manager edits a rep', 'dm', () => id.rep],
      ['a rep edits themselves', 'rep', () => id.rep],
      ['Operations of Summit edit a Harbor user', 'ops', () => harborPeer],
      ['a Harbor leader edits a Summit user', 'leader', () => summitPeer],
      ['a leader edits an internal admin', 'leader', () => id.admin],
      ['an internal admin edits a user outside the house they manage', 'admin', () => summitPeer],
    ] as const)('refuses when %s (403), changing nothing', async (_name, who, target) => {
      const body = { ...(await unchanged(target())), displayPaymentInfo: true };
      const before = await stored(target());
      const res = await call(who, 'PATCH', `/user/${target()}`, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(await stored(target())).toEqual(before);
    });

    it('gives the Admin role only when an internal admin asks', async () => {
      const body = { ...(await unchanged(id.rep)), title: 'Admin' };
      const refused = await call('leader', 'PATCH', `/user/${id.rep}`, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only internal admins may give the Admin role.');
      expect((await call('admin', 'PATCH', `/user/${id.rep}`, body)).statusCode).toBe(200);
      expect((await stored(id.rep)).title).toBe('Admin');
      expect((await call('admin', 'PATCH', `/user/${id.rep}`, { ...body, title: 'Distributor Rep' })).statusCode).toBe(200);
    });

    it.each([
      ['another family’s location', () => ({ locations: [String(summitMerchant)] }), 'Every location must be one you can see.'],
      ['an email in use', () => ({ email: 'leader@harbor.test' }), EMAIL_TAKEN],
      ['[] without Invite To All', () => ({ locations: [] }), 'locations must be [] exactly when Invite To All is on.'],
      ['Invite To All with ids', () => ({ inviteAll: true }), 'locations must be [] exactly when Invite To All is on.'],
      ['an invalid email', () => ({ email: 'nope' }), 'Invalid user: email must be a valid email address'],
      ['an unknown role', () => ({ title: 'Boss' }), 'Invalid user: title must be'],
      ['a missing flag', () => ({ inviteAll: undefined }), 'Invalid user: inviteAll is required'],
    ] as const)('rejects %s with a 400 and changes nothing', async (_name, over, message) => {
      const before = await stored(id.rep);
      const res = await call('leader', 'PATCH', `/user/${id.rep}`, { ...(await unchanged(id.rep)), ...over() });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await stored(id.rep)).toEqual(before);
    });

    it('rejects a malformed id with a 400', async () => {
      expect((await call('leader', 'PATCH', '/user/abc', update())).statusCode).toBe(400);
    });
  });

  describe('PATCH /user/merchant-batch/:id', () => {
    it('sets a user’s locations alone, under the Edit User panel’s rules', async () => {
      const before = await stored(harborPeer);
      const res = await call('leader', 'PATCH', `/user/merchant-batch/${harborPeer}`, { inviteAll: false, locations: [String(bostonOther)] });
      expect(res.statusCode, res.body).toBe(200);
      expect(await stored(harborPeer)).toMatchObject({ email: before.email, title: before.title, invite_all: false, locations: [bostonOther] });
      // Another family's location, a DM giving their own locations, a leader of another family: refused, nothing changed.
      const now = await stored(harborPeer);
      expect((await call('leader', 'PATCH', `/user/merchant-batch/${harborPeer}`, { inviteAll: false, locations: [String(summitMerchant)] })).statusCode).toBe(400);
      expect((await call('dm', 'PATCH', `/user/merchant-batch/${id.dm}`, { inviteAll: false, locations: [String(bostonOther)] })).statusCode).toBe(403);
      expect((await call('ops', 'PATCH', `/user/merchant-batch/${harborPeer}`, { inviteAll: false, locations: ['NONE'] })).statusCode).toBe(403);
      expect(await stored(harborPeer)).toEqual(now);
      expect((await call('leader', 'PATCH', `/user/merchant-batch/${harborPeer}`, { locations: [] })).statusCode).toBe(400);
    });
  });

  describe('PATCH /user (own profile)', () => {
    it('renames at once, and changes the email only once the new address confirms it', async () => {
      const res = await call('rep', 'PATCH', '/user', { contactName: 'Robin Renamed', email: 'rep@harbor.test' });
      expect([res.statusCode, res.json().message]).toEqual([200, PROFILE_UPDATED]);
      expect((await q('select contact_name from users where id = $1', [id.rep]))[0].contact_name).toBe('Robin Renamed');
      const asked = await call('rep', 'PATCH', '/user', { contactName: 'Robin Renamed', email: 'robin.new@harbor.test' });
      expect([asked.statusCode, asked.json().message]).toEqual([200, emailChangePendingMessage('robin.new@harbor.test')]);
      expect((await stored(id.rep)).email).toBe('rep@harbor.test');
      expect((await smtp.next('robin.new@harbor.test')).links.some((l) => l.includes('/confirm-email/'))).toBe(true);
    });

    it('refuses an email in use, a short name, and a caller who is not logged in, changing nothing', async () => {
      const before = await stored(id.rep);
      expect((await call('rep', 'PATCH', '/user', { contactName: 'Robin', email: 'leader@harbor.test' })).json().message).toBe(EMAIL_TAKEN);
      expect((await call('rep', 'PATCH', '/user', { contactName: 'R', email: 'rep@harbor.test' })).statusCode).toBe(400);
      expect((await app.inject({ method: 'PATCH', url: '/api/user', payload: { contactName: 'Robin', email: 'rep@harbor.test' } })).statusCode).toBe(401);
      expect(await stored(id.rep)).toEqual(before);
    });
  });

  describe('DELETE /user/:id', () => {
    /** A Boston user made by invitation who has set a password and logged in: their auth key. */
    async function loggedInInvitee(): Promise<{ userId: number; key: string }> {
      const body = invite();
      const res = await call('leader', 'POST', '/user/invite', body);
      await smtp.next(body.email);
      await q(`update users set activated_at = now(), password_hash = (select password_hash from users where email = 'leader@harbor.test')
                where id = $1`, [res.json().id]);
      return { userId: res.json().id, key: await loginToken(app, body.email) };
    }

    it.each([
      ['a District Manager', 'dm'],
      ['a Distributor Rep', 'rep'],
      ['Operations of another family', 'ops'],
    ] as const)('refuses %s (403) and the user keeps working', async (_name, who) => {
      const { userId, key } = await loggedInInvitee();
      expect((await call(who, 'DELETE', `/user/${userId}`)).statusCode).toBe(403);
      expect((await call(key, 'GET', '/user')).statusCode).toBe(200);
    });

    it('refuses deactivating oneself, an internal admin, or another family', async () => {
      expect((await call('leader', 'DELETE', `/user/${id.leader}`)).statusCode).toBe(403);
      expect((await call('leader', 'DELETE', `/user/${id.admin}`)).statusCode).toBe(403);
      expect((await call('leader', 'DELETE', `/user/${summitPeer}`)).statusCode).toBe(403);
      expect((await stored(summitPeer)).deactivated_at).toBeNull();
    });

    it('signs the deactivated user out everywhere at once: their next call is a 401', async () => {
      const { userId, key } = await loggedInInvitee();
      const second = await loginToken(app, (await stored(userId)).email);
      expect((await call(key, 'GET', '/user')).statusCode).toBe(200);
      const res = await call('leader', 'DELETE', `/user/${userId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: USER_DEACTIVATED });
      expect((await call(key, 'GET', '/user')).statusCode).toBe(401);
      expect((await call(second, 'GET', '/merchant')).statusCode).toBe(401);
      expect(await q('select 1 from auth_sessions where user_id = $1 and revoked_at is null', [userId])).toEqual([]);
      const users = (await call('leader', 'GET', '/user/all')).json().users as UserRow[];
      expect(users.some((u) => u.id === userId)).toBe(false);
    });

    it('lets an internal admin deactivate within the house they manage', async () => {
      const { userId, key } = await loggedInInvitee();
      expect((await call('admin', 'DELETE', `/user/${userId}`)).statusCode).toBe(200);
      expect((await call(key, 'GET', '/user')).statusCode).toBe(401);
    });
  });
});
