// Every route the app registers is called as every demo role, checked against the role table of
// src/model/route-permissions.ts (spec: accounts-and-administration.md §6 Roles and permissions),
// and given another family's ids, which must never be answered. The table is enforced by one gate
// (server/auth/gate.ts): a refusal must carry its audience's message, which no handler sends. A
// route added later fails here until it joins both tables (and the gate refuses it meanwhile).
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceAllows, refusalOf, ROUTE_AUDIENCE, type Caller } from '../../src/model/route-permissions.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { ADMIN_TARGET_REFUSED } from '../../src/model/admin.ts';
import { NO_HOUSE, NOT_YOUR_USERS } from '../policies/house-policy.ts';
import { ADMIN_ROLE, INTERNAL_FLAGS, ROLE_REFUSED } from '../policies/user-policy.ts';
import { FOREIGN, inFamily, loadIds, SAMPLES, type Ids } from './route-samples.ts';

const ROLES: { email: string | null; caller: Caller | null }[] = [
  { email: null, caller: null },
  { email: 'rep@harbor.test', caller: { title: 'Distributor Rep', internalAdmin: false } },
  { email: 'dm@harbor.test', caller: { title: 'District Manager', internalAdmin: false, displayIntel: true } },
  { email: 'ops@summit.test', caller: { title: 'Operations', internalAdmin: false, displayInvoice: true } },
  { email: 'leader@harbor.test', caller: { title: 'Leadership', internalAdmin: false, displayInvoice: true, displayIntel: true, displayPaymentInfo: true } },
  { email: 'admin@portal.test', caller: { title: 'Admin', internalAdmin: true } },
];

const SESSION_ENDING = ['POST /api/auth/logout', 'POST /api/auth/session'];
/** What the one check of every /api call says to a caller without a session. */
const NOT_LOGGED_IN = 'Please log in.';

const apiRoutes = (app: FastifyInstance) => app.routeTable.filter((r) => r.split(' ')[1]!.startsWith('/api/'));

describe.each(testTargets())('every route, every role, on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let ids: Ids;
  let summitMarkers: string[] = [];
  const tokens = new Map<string, string>();
  let cells = 0;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    ids = await loadIds(db.pool);
    summitMarkers = (await db.pool.query(
      `select email as marker from users where ${inFamily('channel_partner_id', 'Summit Provisions (PA)')}
       union all select m.platform_id from merchants m where m.id = $1`, [ids.summitMerchant])).rows.map((r) => r.marker as string);
    for (const { email } of ROLES) if (email) tokens.set(email, await loginToken(app, email));
  });
  afterAll(async () => {
    console.log(`route matrix: ${apiRoutes(app).length} routes, ${cells} role cells and tenancy cells checked`);
    await app?.close();
    await db?.drop();
  });

  const call = async (email: string | null, request: InjectOptions, route = '') => {
    // Logging out, or switching session, ends the session it is called with: those get one of their own.
    const token = email && (SESSION_ENDING.includes(route) ? await loginToken(app, email) : tokens.get(email));
    return app.inject({ ...request, headers: { ...(request.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, remoteAddress: '10.55.0.1' });
  };

  it('knows who may call every registered route, and how to ask it for another family’s data', () => {
    const routes = apiRoutes(app);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !(r in ROUTE_AUDIENCE)), 'routes missing from src/model/route-permissions.ts').toEqual([]);
    expect(routes.filter((r) => !(r in SAMPLES) || !(r in FOREIGN)), 'routes missing from the samples of this test').toEqual([]);
  });

  it('refuses every role the table leaves out, and lets the others past the door', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes(app)) {
      const audience = ROUTE_AUDIENCE[route];
      const sample = SAMPLES[route];
      if (audience === undefined || sample === undefined) {
        wrong.push(`${route}: no entry in src/model/route-permissions.ts or no sample in this test`);
        continue;
      }
      for (const role of ROLES) {
        const res = await call(role.email, sample(ids), route);
        cells += 1;
        const allowed = audienceAllows(audience, role.caller);
        // The gate's refusal: 401 for nobody; for a signed-in caller a 403 with the audience's message.
        const refused = role.caller === null
          ? res.statusCode === 401
          : res.statusCode === 403 && audience !== 'public' && audience !== 'signedIn' && res.json().message === refusalOf(route, audience);
        const passedTheDoor =
          audience === 'public'
            ? res.json().message !== NOT_LOGGED_IN // a login's own 401 (wrong password) is an answer, not a refusal
            : res.statusCode !== 401 && (audience === 'signedIn' || res.statusCode !== 403); // signed-in routes may refuse a row (403)
        const ok = allowed ? passedTheDoor : refused;
        if (!ok) wrong.push(`${route} as ${role.email ?? 'nobody'} (${audience}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        expect(res.statusCode, `${route} as ${role.email}`).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
  }, 150_000); // about 600 calls, each logout and session switch logging in afresh: 35 s alone, 60 s on a busy machine

  it('never answers another family’s ids', async () => {
    const leaks: string[] = [];
    for (const route of apiRoutes(app)) {
      const foreign = FOREIGN[route];
      if (foreign === 'no ids' || foreign === undefined) continue;
      for (const email of ['rep@harbor.test', 'dm@harbor.test', 'leader@harbor.test']) {
        const res = await call(email, foreign(ids), route);
        cells += 1;
        const leaked = summitMarkers.filter((m) => res.body.includes(m));
        if (res.statusCode < 400 && leaked.length > 0) leaks.push(`${route} as ${email}: ${res.statusCode} shows ${leaked.join(', ')}`);
        if (res.statusCode >= 500) leaks.push(`${route} as ${email}: ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
    const { rows } = await db.pool.query('select email, deactivated_at from users where id = $1', [ids.summitUser]);
    expect(rows[0].deactivated_at).toBeNull();
    expect(rows[0].email).not.toBe('taken.over@evil.test');
  });

  // The rules the handlers once tested themselves, now the policies' (server/policies): each is
  // refused at its route, past the gate, with the policy's own answer, and changes nothing.
  // userPolicy.manage and .decide need a caller whose active house is outside their family, which
  // no demo account is: server/policies/policies.test.ts holds them.
  it('refuses at its route what each policy rule forbids', async () => {
    const id = async (email: string) => (await db.pool.query<{ id: number }>('select id from users where email = $1', [email])).rows[0]!.id;
    const [leader, dm, admin] = [await id('leader@harbor.test'), await id('dm@harbor.test'), await id('admin@portal.test')];
    const invite = (over: object): InjectOptions => ({
      method: 'POST', url: '/api/user/invite',
      payload: { contactName: 'Ivy Invitee', email: 'ivy.policy@harbor.test', title: 'Distributor Rep', displayPaymentInfo: false, displayIntel: false, displayInvoice: false, isMultiHouse: false, siteUrl: 'http://127.0.0.1:5301', locations: [], ...over },
    });
    const edit = (userId: number, over: object): InjectOptions => ({
      method: 'PATCH', url: `/api/user/${userId}`, payload: { email: 'leader@harbor.test', title: 'Leadership', displayPaymentInfo: true, inviteAll: true, locations: [], ...over },
    });
    const MISSING = 2147483647;
    const cases: [rule: string, email: string, request: InjectOptions, status: number, message: string | RegExp][] = [
      ['userPolicy.invite: the Admin role', 'leader@harbor.test', invite({ title: 'Admin' }), 403, ADMIN_ROLE],
      ['userPolicy.invite: a role above one’s own', 'dm@harbor.test', invite({ title: 'Leadership' }), 403, ROLE_REFUSED],
      ['userPolicy.invite: internal flags', 'leader@harbor.test', invite({ displayInvoice: true }), 403, INTERNAL_FLAGS],
      ['userPolicy.invite: a flag one lacks', 'dm@harbor.test', invite({ displayPaymentInfo: true }), 403, /^You may not give access you do not have yourself: Payment Info/],
      ['userPolicy.edit: a user above one', 'dm@harbor.test', edit(leader, {}), 403, 'You may not edit this user.'],
      ['userPolicy.edit: one’s own role', 'leader@harbor.test', edit(leader, { title: 'Distributor Rep' }), 403, /^You may not change your own .*role/],
      ['userPolicy.missing: as a leader', 'leader@harbor.test', edit(MISSING, {}), 403, 'You may not edit this user.'],
      ['userPolicy.missing: as an internal admin', 'admin@portal.test', edit(MISSING, {}), 404, 'No such user.'],
      ['userPolicy.deactivate: oneself', 'leader@harbor.test', { method: 'DELETE', url: `/api/user/${leader}` }, 403, 'You may not deactivate this user.'],
      ['userPolicy.seeAccessOf: another user’s locations', 'rep@harbor.test', { method: 'GET', url: `/api/merchant/available/${dm}` }, 403, 'You may not see this user\'s locations.'],
      ['userPolicy.sessionsOf: another user’s sessions', 'dm@harbor.test', { method: 'GET', url: `/api/analytics/user-sessions?user_id=${ids.harborRep}` }, 403, 'You may only see your own sessions.'],
      ['userPolicy.adminEdit: GPO staff', 'admin@portal.test', { method: 'PATCH', url: `/api/admin/user/${admin}`, payload: {} }, 403, ADMIN_TARGET_REFUSED],
      ['housePolicy.acting: no house', 'nopartner@portal.test', { method: 'GET', url: '/api/alerts' }, 403, NO_HOUSE],
      ['housePolicy.actFor: another family’s house', 'leader@harbor.test', { method: 'POST', url: `/api/user/active-distributor/${ids.summitHouse}` }, 403, 'You may not act for this distributor.'],
      ['housePolicy.listUsers: another family’s house', 'leader@harbor.test', { method: 'GET', url: `/api/distributor/users-of-child?platformId=${ids.summitPlatformId}` }, 403, NOT_YOUR_USERS],
      ['housePolicy.listUsers: no such house, as an internal admin', 'admin@portal.test', { method: 'GET', url: '/api/distributor/users-of-child?platformId=CP-999999' }, 404, 'No such distributor.'],
    ];
    const before = (await db.pool.query('select id, email, title, deactivated_at from users order by id')).rows;
    const wrong: string[] = [];
    for (const [rule, email, request, status, message] of cases) {
      if (!tokens.has(email)) tokens.set(email, await loginToken(app, email));
      const res = await call(email, request);
      cells += 1;
      const said = res.json<{ message?: string }>().message ?? '';
      if (res.statusCode !== status || !(typeof message === 'string' ? said === message : message.test(said))) wrong.push(`${rule}: ${res.statusCode} ${said}`);
    }
    expect(wrong).toEqual([]);
    expect((await db.pool.query('select id, email, title, deactivated_at from users order by id')).rows).toEqual(before);
  });
});
