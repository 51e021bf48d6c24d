import type { FastifyInstance, InjectOptions } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_HOUSE_KEPT, NO_REFERRED_PARTNER, USERS_EXPORT_COLUMNS, usersExportRows, type AdminUserRow } from '../../src/model/admin.ts';
import { REASON_REQUIRED } from '../auth/switch-session.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

// Spec: accounts-and-administration.md §2.9, §2.11, §6: the internal admins' calls refuse everyone else, keep the §5 rules, and every write
// made while an admin acts as a user lands in an audit log nobody can change.
describe.each(testTargets())('internal admin tools on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let admin: string;
  let ids: { boston: number; portland: number; harborRoot: number; rep: number; dm: number; admin: number; summitHouse: number };

  const call = (token: string | null, method: InjectOptions['method'], url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  const one = async (sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows[0];

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 40, months: 2 });
    ({ app } = await testApp(db.pool));
    admin = await loginToken(app, 'admin@portal.test');
    ids = await one(`select (select id from distributors where nickname = 'Harbor Foods Boston') as boston,
      (select id from distributors where nickname = 'Harbor Foods Portland') as portland,
      (select id from distributors where nickname = 'Harbor Foods (PA)') as "harborRoot",
      (select id from users where email = 'rep@harbor.test') as rep, (select id from users where email = 'dm@harbor.test') as dm,
      (select id from users where email = 'admin@portal.test') as admin,
      (select id from distributors where parent_id = (select id from distributors where nickname = 'Summit Provisions (PA)') order by id limit 1) as "summitHouse"`);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const adminCalls = (): [InjectOptions['method'], string, object?][] => [
    ['GET', '/distributor/allParents'],
    ['GET', `/distributor/children/${ids.harborRoot}`],
    ['GET', `/admin/users?distributorId=${ids.boston}`],
    ['PATCH', `/admin/user/${ids.rep}`, { contactName: 'Taken Over' }],
    ['GET', `/user/deactivate/${ids.rep}`],
    ['POST', '/announcement', { text: 'Not from you' }],
    ['GET', '/rebate-checks/dsr'],
    ['POST', '/rebate-checks/update-dsr', { email: 'sneaky@rep.test', name: 'Sneaky', role: 'director', distributors: [ids.boston] }],
    ['GET', '/admin/audit'],
  ];

  it('refuses every admin call to distributor users (403) and to logged-out callers (401), changing nothing', async () => {
    const leader = await loginToken(app, 'leader@harbor.test');
    for (const [method, url, body] of adminCalls()) {
      expect((await call(leader, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await one('select deactivated_at from users where id = $1', [ids.rep])).deactivated_at).toBeNull();
    expect((await one(`select count(*)::int as n from users where contact_name = 'Taken Over'`)).n).toBe(0);
    expect((await one(`select count(*)::int as n from announcements where text = 'Not from you'`)).n).toBe(0);
    expect((await one(`select count(*)::int as n from sales_reps where email = 'sneaky@rep.test'`)).n).toBe(0);
  });

  it('lists parents, then the houses of a family with their referred partner', async () => {
    const parents = (await call(admin, 'GET', '/distributor/allParents')).json() as { nickname: string; parent_id: number | null }[];
    expect(parents.map((p) => p.nickname)).toContain('Harbor Foods (PA)');
    expect(parents.every((p) => p.parent_id === null)).toBe(true);
    const children = (await call(admin, 'GET', `/distributor/children/${ids.harborRoot}`)).json() as { nickname: string }[];
    expect(children.map((c) => c.nickname).sort()).toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']);
  });

  it('lists a house’s users, or the whole family’s, with what UsersExport.csv needs', async () => {
    const house = (await call(admin, 'GET', `/admin/users?distributorId=${ids.boston}`)).json() as AdminUserRow[];
    const family = (await call(admin, 'GET', `/admin/users?distributorId=${ids.harborRoot}&family=1`)).json() as AdminUserRow[];
    expect(house.map((u) => u.email)).toContain('rep@harbor.test');
    expect(house.map((u) => u.email)).not.toContain('admin@portal.test');
    expect(family.length).toBeGreaterThanOrEqual(house.length);
    expect(family.map((u) => u.email)).not.toContain('ops@summit.test');
    const rep = house.find((u) => u.email === 'rep@harbor.test')!;
    const [row] = usersExportRows([rep]);
    expect(USERS_EXPORT_COLUMNS).toHaveLength(row!.length);
    expect(row).toEqual([
      'Harbor Foods Boston', rep.contactName, 'rep@harbor.test', 'Distributor Rep', 'No', rep.displayPaymentInfo ? 'Yes' : 'No',
      expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/), expect.stringMatching(/^(\d{2}-\d{2}-\d{4}|No Data)$/), 'Harbor Foods Boston',
    ]);
  });

  it('edits a user: houses must keep the active one; a new password ends their sessions', async () => {
    const dmToken = await loginToken(app, 'dm@harbor.test');
    const refused = await call(admin, 'PATCH', `/admin/user/${ids.dm}`, { houses: [ids.portland] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ACTIVE_HOUSE_KEPT);
    const ok = await call(admin, 'PATCH', `/admin/user/${ids.dm}`, {
      houses: [ids.boston, ids.portland], displayIntel: true, contactName: 'Dana Manager', password: 'new-secret-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await one(`select contact_name, display_intel, array(select distributor_id from user_houses where user_id = $1 order by 1) as houses from users where id = $1`, [ids.dm]);
    expect(row).toEqual({ contact_name: 'Dana Manager', display_intel: true, houses: [ids.boston, ids.portland].sort((a, b) => a - b) });
    expect((await call(dmToken, 'GET', '/user')).statusCode).toBe(401);
    // Bad input is a 400 and changes nothing.
    expect((await call(admin, 'PATCH', `/admin/user/${ids.dm}`, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await call(admin, 'PATCH', `/admin/user/${ids.dm}`, { password: 'abc' })).statusCode).toBe(400);
    expect((await call(admin, 'PATCH', `/admin/user/${ids.dm}`, { email: 'rep@harbor.test' })).statusCode).toBe(400);
    expect((await one('select email from users where id = $1', [ids.dm])).email).toBe('dm@harbor.test');
    // Internal admins are not edited here.
    expect((await call(admin, 'PATCH', `/admin/user/${ids.admin}`, { contactName: 'Someone Else' })).statusCode).toBe(403);
  });

  it('invites only into a house with its referred partner', async () => {
    await db.pool.query('update distributors set referred_partner_id = 77 where id = $1', [ids.portland]);
    const invite = (distributorId: number, referredPartnerId: number, email: string) => call(admin, 'POST', '/admin/user/invite', {
      contactName: 'Ivy Admin Invite', email, title: 'Operations', locations: [], displayIntel: true, displayPaymentInfo: false,
      displayInvoice: false, isMultiHouse: false, distributorId, referredPartnerId, siteUrl: 'http://127.0.0.1:8080',
    });
    const refused = await invite(ids.boston, 77, 'ivy.refused@harbor.test');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(NO_REFERRED_PARTNER);
    const ok = await invite(ids.portland, 77, 'ivy.admin@harbor.test');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toContain('Ivy Admin Invite');
    expect(await one(`select channel_partner_id, title, display_intel, invite_all from users where email = 'ivy.admin@harbor.test'`))
      .toEqual({ channel_partner_id: ids.portland, title: 'Operations', display_intel: true, invite_all: true });
    expect((await one(`select count(*)::int as n from users where email = 'ivy.refused@harbor.test'`)).n).toBe(0);
  });

  it('creates, edits and deletes announcements that every user then sees', async () => {
    expect((await call(admin, 'POST', '/announcement', { text: '' })).statusCode).toBe(400);
    const created = await call(admin, 'POST', '/announcement', { text: 'Portal closes at 6 pm' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const rep = await loginToken(app, 'rep@harbor.test');
    expect((await call(rep, 'GET', '/announcement')).json()).toContainEqual({ id, text: 'Portal closes at 6 pm' });
    expect((await call(admin, 'PATCH', `/announcement/${id}`, { text: 'Portal closes at 7 pm' })).json()).toEqual({ id, text: 'Portal closes at 7 pm' });
    expect((await call(admin, 'DELETE', `/announcement/${id}`)).statusCode).toBe(200);
    expect((await call(rep, 'GET', '/announcement')).json()).not.toContainEqual(expect.objectContaining({ id }));
    expect((await call(admin, 'DELETE', `/announcement/${id}`)).statusCode).toBe(404);
  });

  it('saves, lists, replaces and deletes sales reps under the §5 rules', async () => {
    const save = (body: object) => call(admin, 'POST', '/rebate-checks/update-dsr', body);
    expect((await save({ email: 'sam@gpo.test', name: 'Sa', role: 'director', distributors: [ids.boston] })).statusCode).toBe(400);
    expect((await save({ email: 'sam@gpo.test', name: 'Sam Seller', role: 'director', distributors: [] })).statusCode).toBe(400);
    expect((await save({ email: 'sam@gpo.test', name: 'Sam Seller', role: 'boss', distributors: [ids.boston] })).statusCode).toBe(400);
    expect((await save({ email: 'sam@gpo.test', name: 'Sam Seller', role: 'director', distributors: [2147483647] })).statusCode).toBe(400);
    expect((await one(`select count(*)::int as n from sales_reps where email = 'sam@gpo.test'`)).n).toBe(0);
    expect((await save({ email: 'sam@gpo.test', name: 'Sam Seller', role: 'director', distributors: [ids.boston, ids.portland] })).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/rebate-checks/dsr')).json()).toContainEqual({ email: 'sam@gpo.test', name: 'Sam Seller', role: 'director' });
    expect((await save({ email: 'SAM@gpo.test', name: 'Sam Seller', role: 'auditor', distributors: [ids.summitHouse] })).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/rebate-checks/dsr/distributors?email=sam@gpo.test')).json()).toEqual({ distributorIds: [ids.summitHouse] });
    expect((await call(admin, 'DELETE', '/rebate-checks/dsr?email=sam@gpo.test')).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', '/rebate-checks/dsr?email=sam@gpo.test')).statusCode).toBe(404);
    expect((await one(`select count(*)::int as n from sales_rep_distributors where lower(email) = 'sam@gpo.test'`)).n).toBe(0);
  });

  it('audits impersonation: reason required, start, each write, end; the log cannot be changed', async () => {
    const fresh = await loginToken(app, 'admin@portal.test');
    const noReason = await call(fresh, 'POST', '/auth/session', { id: ids.rep });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(REASON_REQUIRED);
    const switched = await call(fresh, 'POST', '/auth/session', { id: ids.rep, reason: 'Ticket 981: rep cannot see a rebate' });
    expect(switched.statusCode, switched.body).toBe(200);
    const asRep = switched.json().authKey as string;
    const status = (await call(asRep, 'GET', '/auth/impersonation')).json();
    expect(status).toMatchObject({ active: true, userEmail: 'rep@harbor.test', reason: 'Ticket 981: rep cannot see a rebate' });
    const minutes = (Date.parse(status.expiresAt) - Date.parse(status.since)) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    expect((await call(asRep, 'GET', '/admin/audit')).statusCode).toBe(403);
    // A write through the session: recorded with the call, the record it named and its answer.
    await call(asRep, 'POST', `/user/active-distributor/${ids.boston}`);
    const back = await call(asRep, 'POST', '/auth/session', { id: ids.admin });
    expect(back.statusCode).toBe(200);
    const adminAgain = back.json().authKey as string;
    expect((await call(adminAgain, 'GET', '/auth/impersonation')).json()).toEqual({ active: false });

    const rows = (await call(adminAgain, 'GET', `/admin/audit?userId=${ids.rep}`)).json() as { event: string; call: string | null; record: string | null; status: number | null; reason: string | null }[];
    // The switch back ends the session before its own write is logged.
    expect(rows.map((r) => r.event)).toEqual(['write', 'end', 'write', 'start']);
    expect(rows[3]!.reason).toBe('Ticket 981: rep cannot see a rebate');
    expect(rows[2]).toMatchObject({ call: 'POST /api/user/active-distributor/:id', record: `id=${ids.boston}`, status: 200 });
    expect(rows[0]).toMatchObject({ call: 'POST /api/auth/session', status: 200 });
    expect((await call(adminAgain, 'GET', '/admin/audit?event=start&search=ticket 981')).json()).toHaveLength(1);

    // Not through the API (no such routes), and not even through SQL.
    const id = (rows[0] as unknown as { id: number }).id;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      expect((await call(adminAgain, method, `/admin/audit/${id}`, { reason: 'nothing' })).statusCode).toBe(404);
      expect((await call(adminAgain, method, '/admin/audit', { reason: 'nothing' })).statusCode).toBe(404);
    }
    await expect(db.pool.query('delete from impersonation_audit where id = $1', [id])).rejects.toThrow(/cannot be changed/);
    await expect(db.pool.query(`update impersonation_audit set reason = 'x' where id = $1`, [id])).rejects.toThrow(/cannot be changed/);
    expect((await call(adminAgain, 'GET', `/admin/audit?userId=${ids.rep}`)).json()).toHaveLength(4);
  });

  it('times the dashboard for the load-speed test, only with an admin behind the session', async () => {
    const rep = await loginToken(app, 'rep@harbor.test');
    const url = (userId: number) => `/test/dash/load-speeds?userId=${userId}&adminEmail=admin@portal.test&amountOfReqsToMake=3`;
    expect((await call(rep, 'GET', url(ids.rep))).statusCode).toBe(403);
    const asRep = (await call(await loginToken(app, 'admin@portal.test'), 'POST', '/auth/session', { id: ids.rep, reason: 'Timing the dashboard' })).json().authKey;
    const res = await call(asRep, 'GET', url(ids.rep));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().timingsMs).toHaveLength(3);
    expect((await call(asRep, 'GET', url(ids.dm))).statusCode).toBe(400);
  });

  it('GET /distributor: one’s own houses, a family member’s for a leader, never another family’s', async () => {
    const [leader, rep] = [await loginToken(app, 'leader@harbor.test'), await loginToken(app, 'rep@harbor.test')];
    const names = async (token: string, url: string) => ((await call(token, 'GET', url)).json() as { nickname: string }[]).map((h) => h.nickname).sort();
    const own = await names(leader, '/distributor');
    expect(own).toEqual(expect.arrayContaining(['Harbor Foods Boston', 'Harbor Foods Portland']));
    expect(own.every((n) => n.startsWith('Harbor Foods'))).toBe(true);
    expect(await names(leader, `/distributor?userId=${ids.rep}`)).toEqual(['Harbor Foods Boston']);
    expect((await call(rep, 'GET', `/distributor?userId=${ids.dm}`)).statusCode).toBe(403);
    const summitUser = (await one(`select id from users where email = 'ops@summit.test'`)).id;
    expect((await call(leader, 'GET', `/distributor?userId=${summitUser}`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/distributor?userId=${summitUser}`)).statusCode).toBe(200);
  });
});
