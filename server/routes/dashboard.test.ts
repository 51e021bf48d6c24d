import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleDashboard, assembleLostVolume } from '../dashboard/assemble.ts';
import { monthStart, monthsOf } from '../repositories/dashboard-range.ts';
import { rawDashboardRepository } from '../repositories/raw-dashboard.ts';
import { refreshRollups } from '../rollups/rollups.ts';
import type { Selection } from '../scope/visible-merchants.ts';
import { addLinesAsAnImportDoes } from '../testing/add-lines.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { callAs, loginToken, type Caller } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { RANGE_TOO_LONG_MESSAGE, type DashboardResponse } from '../../src/model/dashboard.ts';
import { VOLUME_BY_MONTH_OFF } from './dashboard.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plus = (d: string, days: number) => iso(Date.parse(`${d}T00:00:00Z`) + days * DAY);
const today = new Date();
const yesterday = iso(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - DAY);
const lastMonth = { from: monthStart(today, 1), to: plus(monthStart(today, 0), -1) };

describe.each(testTargets())('dashboard on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let leader: Caller, dm: Caller, rep: Caller, ops: Caller, admin: Caller;
  let ids: Record<'boston' | 'portland' | 'hartford' | 'leader' | 'dm' | 'ops', number>;
  let harborFamily: number[], summitFamily: number[];
  let bostonMerchants: number[], dmMerchants: number[], hartfordMerchants: number[], harborOnly: number[];
  let raw: ReturnType<typeof rawDashboardRepository>;

  const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const column = async (sql: string, args: unknown[] = []) => (await q<{ id: number }>(sql, args)).map((r) => r.id);
  const payload = (from: string, to: string, merchants: number[] = [], showDeviations: 0 | 1 = 0) =>
    ({ startDate: from, endDate: to, showRebates: 1, showDeviations, merchants });
  const dashboard = async (who: Caller, body: object) => {
    const res = await who.post('/dashboard', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardResponse;
  };
  const selection = (distributorId: number, familyIds: number[], merchantIds: number[] | 'all'): Selection =>
    ({ distributorId, familyIds, all: merchantIds === 'all', merchantIds: merchantIds === 'all' ? [] : merchantIds });
  /** The dashboard computed from raw purchase lines. */
  async function expected(sel: Selection, from: string, to: string, showDeviations = false): Promise<DashboardResponse> {
    const [sellerMonths, lost, byMerchant] = await Promise.all([
      raw.bySellerMonth(sel, from, to), raw.lost(sel, from, to), raw.byMerchant(sel, from, to)]);
    const names = await q<{ id: number; nickname: string }>('select id, nickname from distributors');
    return assembleDashboard({
      sellerMonths, lost, byMerchant, months: monthsOf(from, to),
      days: Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1, familyIds: sel.familyIds,
      sellerNames: new Map(names.map((d) => [d.id, d.nickname])), showRebates: true, showDeviations,
    });
  }

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 120, months: 13 });
    ({ app } = await testApp(db.pool));
    raw = rawDashboardRepository(db.pool);
    const [d] = await q<Record<string, number>>(
      `select (select id from distributors where nickname = 'Harbor Foods Boston') as boston,
              (select id from distributors where nickname = 'Harbor Foods Portland') as portland,
              (select id from distributors where nickname = 'Summit Provisions Hartford') as hartford,
              (select id from users where email = 'leader@harbor.test') as leader,
              (select id from users where email = 'dm@harbor.test') as dm,
              (select id from users where email = 'ops@summit.test') as ops`);
    ids = d as typeof ids;
    harborFamily = await column(`select id from distributors where nickname like 'Harbor Foods%' order by id`);
    summitFamily = await column(`select id from distributors where nickname like 'Summit Provisions%' order by id`);
    bostonMerchants = await column('select merchant_id as id from merchant_accounts where distributor_id = $1 order by 1', [ids.boston]);
    hartfordMerchants = await column('select merchant_id as id from merchant_accounts where distributor_id = $1 order by 1', [ids.hartford]);
    dmMerchants = await column('select merchant_id as id from user_locations where user_id = $1 order by 1', [ids.dm]);
    harborOnly = bostonMerchants.filter((m) => !hartfordMerchants.includes(m));
    [leader, dm, rep, ops, admin] = await Promise.all(
      ['leader@harbor.test', 'dm@harbor.test', 'rep@harbor.test', 'ops@summit.test', 'admin@portal.test']
        .map(async (email) => callAs(app, await loginToken(app, email))));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('numbers equal the raw purchase lines', () => {
    it.each([
      ['one day', () => [plus(lastMonth.from, 9), plus(lastMonth.from, 9)]],
      ['the previous calendar month', () => [lastMonth.from, lastMonth.to]],
      ['365 days ending yesterday (partial months at both ends)', () => [plus(yesterday, -364), yesterday]],
    ])('for all of Boston\'s locations over %s', async (_name, range) => {
      const [from, to] = range();
      const got = await dashboard(leader, payload(from!, to!, [], 1));
      expect(got).toEqual(await expected(selection(ids.boston, harborFamily, 'all'), from!, to!, true));
      expect(got.totalVolume).toBeGreaterThan(0);
      expect(got.competitorVolume).toBeGreaterThan(0);
      expect(got.lostItemDescriptions.length).toBeGreaterThan(0);
    });

    it('for a subset of merchants over 40 days, with deviations', async () => {
      const subset = bostonMerchants.slice(3, 9);
      const from = plus(monthStart(today, 3), 4);
      const got = await dashboard(leader, payload(from, plus(from, 39), subset, 1));
      expect(got).toEqual(await expected(selection(ids.boston, harborFamily, subset), from, plus(from, 39), true));
      expect(got.volumeByMerchant.length).toBe(subset.length);
      expect(got.lostItemCategories.some((c) => c.deviation > 0)).toBe(true);
    });

    it('for a subset over a range with partial months at both edges (monthly lost rows inside, daily at the edges)', async () => {
      const subset = bostonMerchants.slice(10, 40);
      const [from, to] = [plus(monthStart(today, 5), 12), plus(monthStart(today, 1), 8)];
      const got = await dashboard(leader, payload(from, to, subset, 1));
      expect(got).toEqual(await expected(selection(ids.boston, harborFamily, subset), from, to, true));
      expect(got.lostItemDescriptions.length).toBeGreaterThan(0);
      expect(got.lostItemCategories.some((c) => c.deviation > 0)).toBe(true);
      // The edges count: the same subset over the whole months alone differs.
      const inner = await dashboard(leader, payload(monthStart(today, 4), plus(monthStart(today, 1), -1), subset, 1));
      expect(inner.lostItemCategories[0]!.volume).toBeLessThan(got.lostItemCategories[0]!.volume);
    });

    it('for a house outside the house-wide rollups (an internal admin acting for a competitor)', async () => {
      const [coastal] = await column(`select id from distributors where nickname = 'Coastal Wholesale'`);
      const me = callAs(app, await loginToken(app, 'admin@portal.test'));
      expect((await me.post(`/user/active-distributor/${coastal}`)).statusCode).toBe(200);
      try {
        const from = plus(yesterday, -100);
        const got = await dashboard(me, payload(from, yesterday, [], 1));
        expect(got.totalVolume).toBeGreaterThan(0);
        expect(got).toEqual(await expected(selection(coastal!, [coastal!], 'all'), from, yesterday, true));
      } finally {
        await me.post(`/user/active-distributor/${ids.boston}`);
      }
    });

    it('volume and rebates follow the domain guide line by line (computed here in JavaScript)', async () => {
      const { from, to } = lastMonth;
      const lines = await q<{ quantity: number; unit_price: number | null; start_guidance: number; end_guidance: number;
        distributor_id: number; type: string | null; value: number | null; weight: number | null }>(
        `select l.quantity, l.unit_price, l.start_guidance, l.end_guidance, l.distributor_id, r.type, r.value, i.weight
           from purchase_lines l join items i on i.id = l.item_id
           left join rebates r on r.item_id = l.item_id and l.invoice_date between r.starts_on and r.ends_on
          where l.merchant_id = any($1) and l.invoice_date between $2 and $3`, [bostonMerchants, from, to]);
      let volume = 0, competitor = 0, rebates = 0;
      for (const l of lines) {
        const v = l.quantity * (l.unit_price ?? (l.start_guidance + l.end_guidance) / 2);
        volume += v;
        if (!harborFamily.includes(l.distributor_id)) { competitor += v; continue; }
        if (l.type === 'FIXED_AMOUNT_PER_QTY') rebates += l.value! * l.quantity;
        else if (l.type === 'FIXED_AMOUNT_PER_WEIGHT') rebates += l.value! * l.quantity * (l.weight ?? 0);
        else if (l.type) rebates += (l.value! / 100) * v;
      }
      const got = await dashboard(leader, payload(from, to));
      expect(got.totalVolume).toBeCloseTo(volume, 1);
      expect(got.competitorVolume).toBeCloseTo(competitor, 1);
      expect(got.totalRebates).toBeCloseTo(rebates, 1);
      const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
      expect(got.annualizedRebates).toBeCloseTo((got.totalRebates * 365) / days, 0);
      expect(got.volumeByMonth).toHaveLength(1);
      const [month] = got.volumeByMonth;
      expect(month!.distributor + month!.allCompVolume).toBeCloseTo(got.totalVolume, 1);
      expect(month!.competitors.reduce((a, c) => a + c.volume, 0)).toBeCloseTo(month!.allCompVolume, 1);
      expect(month!.competitors.map((c) => c.name)).not.toContain('Harbor Foods Portland'); // family counts as own
    });

    it('never reads purchase_lines: the same answers with the raw table out of reach', async () => {
      const body = payload(plus(yesterday, -200), yesterday, [], 1);
      const before = await dashboard(leader, body);
      const subsetBefore = await dashboard(dm, body);
      await q('update data_version set version = version + 1'); // computed again, not served from the cache
      await q('alter table purchase_lines rename to purchase_lines_hidden');
      try {
        expect(await dashboard(leader, body)).toEqual(before);
        expect(await dashboard(dm, body)).toEqual(subsetBefore);
        expect((await leader.post('/dashboard/lost-volume', { merchantIds: [] })).statusCode).toBe(200);
        expect((await leader.post('/dashboard/monthly-volume', { merchantIds: [] })).statusCode).toBe(200);
      } finally {
        await q('alter table purchase_lines_hidden rename to purchase_lines');
      }
    });

    it('new purchase data shows at once: an import\'s rollup update makes earlier answers stale, and so does a rebuild', async () => {
      const body = payload(plus(yesterday, -30), yesterday);
      const before = await dashboard(leader, body);
      expect(await dashboard(leader, body)).toEqual(before);
      const line = `insert into purchase_lines (merchant_id, distributor_id, invoice_id, invoice_date, item_id, manufacturer_id, category_id, quantity, unit_price)
        select $1, $2, 'CACHE-TEST', $3, id, manufacturer_id, category_id, 10, 123.45 from items order by id limit 1`;
      await addLinesAsAnImportDoes(db.pool, line, [bostonMerchants[0], ids.boston, yesterday], 'CACHE-TEST');
      try {
        const after = await dashboard(leader, body);
        expect(after.totalVolume).toBeCloseTo(before.totalVolume + 1234.5, 2);
      } finally {
        await q(`delete from purchase_lines where invoice_id = 'CACHE-TEST'`);
        await refreshRollups(db.pool);
      }
      expect(await dashboard(leader, body)).toEqual(before);
      // A full rebuild of every rollup, as the seed does: 3–4 s here, past 60 s on a starved CI machine.
    }, 240_000);

    it('lost volume month over month: locations whose own volume fell, largest fall first', async () => {
      const res = await leader.post('/dashboard/lost-volume', { merchantIds: [] });
      expect(res.statusCode).toBe(200);
      const rows = await raw.ownVolumeByLocation(selection(ids.boston, harborFamily, 'all'), monthStart(today, 1), monthStart(today, 2));
      const body = res.json();
      expect(body).toEqual(assembleLostVolume(rows));
      expect(body.data.length).toBeGreaterThan(0);
      const falls = body.data.map((r: { lastMonthPurchase: number; twoMonthsAgoPurchase: number }) => r.twoMonthsAgoPurchase - r.lastMonthPurchase);
      expect(falls.every((f: number) => f > 0)).toBe(true);
      expect(falls).toEqual([...falls].sort((a: number, b: number) => b - a));
    });
    it('lost volume month over month for a subset of locations equals the raw lines', async () => {
      const subset = bostonMerchants.slice(0, 60);
      const res = await leader.post('/dashboard/lost-volume', { merchantIds: subset });
      expect(res.statusCode).toBe(200);
      const rows = await raw.ownVolumeByLocation(selection(ids.boston, harborFamily, subset), monthStart(today, 1), monthStart(today, 2));
      expect(res.json()).toEqual(assembleLostVolume(rows));
      expect(res.json().data.length).toBeGreaterThan(0);
      expect(res.json().data.length).toBeLessThan(subset.length);
    });
  });

  describe('date range rules', () => {
    it('refuses 366 days with the message the user reads, and takes 365', async () => {
      const res = await leader.post('/dashboard', payload('2025-01-01', '2026-01-01'));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RANGE_TOO_LONG_MESSAGE);
      expect((await leader.post('/dashboard', payload('2025-01-01', '2025-12-31'))).statusCode).toBe(200);
    });

    it('refuses an end before the start and malformed bodies', async () => {
      expect((await leader.post('/dashboard', payload('2026-03-02', '2026-03-01'))).statusCode).toBe(400);
      expect((await leader.post('/dashboard', { ...payload('2026-03-01', '2026-03-02'), merchants: ['1'] })).statusCode).toBe(400);
      expect((await leader.post('/dashboard', { ...payload('2026-03-01', '2026-03-02'), startDate: '2026-02-30x' })).statusCode).toBe(400);
      expect((await leader.post('/dashboard/lost-volume', { merchantIds: 'all' })).statusCode).toBe(400);
    });
  });

  describe('scoping', () => {
    const range = () => payload(lastMonth.from, lastMonth.to);

    it('a District Manager sees only the totals of their own locations', async () => {
      const own = await dashboard(dm, range());
      const all = await dashboard(leader, range());
      expect(own).toEqual(await expected(selection(ids.boston, harborFamily, dmMerchants), lastMonth.from, lastMonth.to));
      expect(own.totalVolume).toBeGreaterThan(0);
      expect(own.totalVolume).toBeLessThan(all.totalVolume);
      const list = (await dm.get('/merchant')).json() as { id: number }[];
      expect(list.map((m) => m.id).sort((a, b) => a - b)).toEqual(dmMerchants);
    });

    it('merchant ids the caller may not see are never counted', async () => {
      const notMine = bostonMerchants.find((m) => !dmMerchants.includes(m))!;
      const one = await dashboard(dm, { ...range(), merchants: [dmMerchants[0]] });
      expect(await dashboard(dm, { ...range(), merchants: [dmMerchants[0], notMine] })).toEqual(one);
      expect(one.volumeByMerchant).toHaveLength(1);
      const nothing = await dashboard(dm, { ...range(), merchants: [notMine, 999_999] });
      expect(nothing.totalVolume).toBe(0);
      expect(nothing.volumeByMerchant).toEqual([]);
    });

    it('Summit\'s operations user reads no Harbor number through any call', async () => {
      // Harbor's own merchants (no account at Hartford) are invisible to Summit, whatever the body says.
      const sample = harborOnly.slice(0, 10);
      const harborBody = { ...range(), merchants: sample };
      const seen = await dashboard(ops, harborBody);
      expect(seen.totalVolume).toBe(0);
      expect(seen.lostItemDescriptions).toEqual([]);
      const mine = await dashboard(ops, { ...range(), merchants: [hartfordMerchants[0]] });
      expect(await dashboard(ops, { ...range(), merchants: [hartfordMerchants[0], ...sample] })).toEqual(mine);
      expect(await dashboard(ops, range())).toEqual(
        await expected(selection(ids.hartford, summitFamily, 'all'), lastMonth.from, lastMonth.to));

      const lost = (await ops.post('/dashboard/lost-volume', { merchantIds: sample })).json();
      expect(lost).toEqual({ data: [], totalLastMonthPurchase: 0, totalTwoMonthsAgoPurchase: 0 });
      const monthly = (await ops.post('/dashboard/monthly-volume', { merchantIds: sample })).json();
      expect(monthly.data.every((m: { totalPurchase: number }) => m.totalPurchase === 0)).toBe(true);

      for (const url of ['/merchant', '/merchant/with-parents', '/merchant/all']) {
        const list = (await ops.get(url)).json() as { id: number }[];
        expect(list.map((m) => m.id).sort((a, b) => a - b)).toEqual(hartfordMerchants);
      }
      expect((await ops.get(`/merchant/available/${ids.leader}`)).statusCode).toBe(403);
      expect((await callAs(app, await loginToken(app, 'ops@summit.test'), ids.leader).post('/dashboard', range())).statusCode).toBe(403);
      expect((await ops.post(`/user/active-distributor/${ids.boston}`)).statusCode).toBe(403);
      const houses = (await ops.get('/user/current-distributor')).json().houses as { nickname: string }[];
      expect(houses.map((h) => h.nickname)).toEqual(['Summit Provisions Hartford']);
    });

    it('merchant lists are cached per scope: each caller their own list, renamed merchants after the data version moves', async () => {
      const list = async (who: Caller, url = '/merchant') => (await who.get(url)).json() as { id: number; merchant: string }[];
      const forLeader = await list(leader);
      expect((await list(dm)).map((m) => m.id).sort((a, b) => a - b)).toEqual(dmMerchants);
      expect(forLeader.map((m) => m.id).sort((a, b) => a - b)).toEqual(bostonMerchants);
      expect((await list(ops)).map((m) => m.id).sort((a, b) => a - b)).toEqual(hartfordMerchants);
      const [one] = await q<{ name: string }>('select name from merchants where id = $1', [dmMerchants[0]]);
      await q('update merchants set name = $2 where id = $1', [dmMerchants[0], 'Renamed Bistro']);
      expect((await list(dm)).find((m) => m.id === dmMerchants[0])!.merchant).toBe(one!.name);
      await q('update data_version set version = version + 1');
      for (const who of [dm, leader]) expect((await list(who)).find((m) => m.id === dmMerchants[0])!.merchant).toBe('Renamed Bistro');
      await q('update merchants set name = $2 where id = $1', [dmMerchants[0], one!.name]);
      await q('update data_version set version = version + 1');
    });

    it('says whether an answer was computed for the request (X-Answer-Cache: miss) or taken from the cache (hit)', async () => {
      const body = payload(plus(lastMonth.from, 3), plus(lastMonth.from, 17), dmMerchants.slice(0, 2));
      const [first, second] = [await leader.post('/dashboard', body), await leader.post('/dashboard', body)];
      expect([first.headers['x-answer-cache'], second.headers['x-answer-cache']]).toEqual(['miss', 'hit']);
      expect(second.json()).toEqual(first.json());
    });

    it('cached answers go out in the encoding each caller prefers, the same JSON', async () => {
      const token = await loginToken(app, 'leader@harbor.test');
      const ask = (encoding?: string) => app.inject({
        method: 'POST', url: '/api/dashboard', payload: range(),
        headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
      const [plain, zipped, brotli, brotliOnly] = await Promise.all([ask(), ask('gzip'), ask('gzip, deflate, br'), ask('br, gzip;q=0')]);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.rawPayload).toEqual(brotliOnly.rawPayload); // compressed once, for both
      expect(brotliOnly.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(brotliOnly.rawPayload).toString())).toEqual(plain.json());
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    });

    it('uncached answers of 1 KB or more go out compressed too (brotli or gzip as accepted), small ones plain', async () => {
      const token = await loginToken(app, 'leader@harbor.test');
      const ask = (url: string, encoding: string) => app.inject({ url: `/api${url}`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } });
      const [plain, br, gz] = await Promise.all(['identity', 'gzip, br', 'gzip'].map((e) => ask('/merchant/all', e)));
      expect(plain.headers['x-answer-cache']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect([plain.headers['content-encoding'], br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual([undefined, 'br', 'gzip']);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
      const small = await ask('/user/current-distributor', 'gzip, br');
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
    });

    it('view as: a leader sees exactly what the District Manager sees', async () => {
      const token = await loginToken(app, 'leader@harbor.test');
      const asDm = callAs(app, token, ids.dm);
      expect(await dashboard(asDm, range())).toEqual(await dashboard(dm, range()));
      expect((await asDm.get('/merchant')).json()).toEqual((await dm.get('/merchant')).json());
      expect((await asDm.post('/dashboard/lost-volume', { merchantIds: [] })).json())
        .toEqual((await dm.post('/dashboard/lost-volume', { merchantIds: [] })).json());
      // Viewing as oneself is no impersonation at all.
      expect(await dashboard(callAs(app, token, ids.leader), range())).toEqual(await dashboard(leader, range()));
    });

    it('view as: refused across families and for non-leaders; internal admins may view as anyone', async () => {
      const leaderToken = await loginToken(app, 'leader@harbor.test');
      expect((await callAs(app, leaderToken, ids.ops).get('/merchant')).statusCode).toBe(403);
      expect((await callAs(app, leaderToken, 'x' as unknown as number).get('/merchant')).statusCode).toBe(400);
      const repToken = await loginToken(app, 'rep@harbor.test');
      expect((await callAs(app, repToken, ids.dm).post('/dashboard', range())).statusCode).toBe(403);
      expect((await callAs(app, repToken, ids.dm).get('/merchant')).statusCode).toBe(403);
      const adminToken = await loginToken(app, 'admin@portal.test');
      const asOps = callAs(app, adminToken, ids.ops);
      expect((await asOps.get('/merchant')).statusCode).toBe(200);
      // The admin acts for Boston; Summit's user has no Boston locations to show.
      expect((await asOps.get('/merchant')).json()).toEqual([]);
      expect((await callAs(app, adminToken, ids.dm).get('/merchant')).json()).toEqual((await dm.get('/merchant')).json());
    });

    it('available merchants: for oneself, a leader of the family, or an internal admin only', async () => {
      const res = await leader.get(`/merchant/available/${ids.dm}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().inviteAll).toBe(false);
      expect(res.json().locations.map((m: { id: number }) => m.id).sort((a: number, b: number) => a - b)).toEqual(dmMerchants);
      expect((await dm.get(`/merchant/available/${ids.dm}`)).statusCode).toBe(200);
      expect((await rep.get(`/merchant/available/${ids.dm}`)).statusCode).toBe(403);
      expect((await admin.get(`/merchant/available/${ids.ops}`)).json().inviteAll).toBe(true);
      expect((await leader.get('/merchant/available/abc')).statusCode).toBe(400);
    });
  });

  describe('houses', () => {
    it('a leader switches only to houses of their own, and the merchants follow', async () => {
      const token = await loginToken(app, 'leader@harbor.test');
      const me = callAs(app, token);
      const current = (await me.get('/user/current-distributor')).json();
      expect(current.active.nickname).toBe('Harbor Foods Boston');
      expect(current.houses.map((h: { nickname: string }) => h.nickname).sort())
        .toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']); // not the family head (issue 39)
      try {
        const res = await me.post(`/user/active-distributor/${ids.portland}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ channelPartner: { distributor_id: ids.portland }, activeDistributor: { nickname: 'Harbor Foods Portland' } });
        expect((await me.get('/user/current-distributor')).json().active.id).toBe(ids.portland);
        const portland = await column('select merchant_id as id from merchant_accounts where distributor_id = $1 order by 1', [ids.portland]);
        expect(((await me.get('/merchant')).json() as { id: number }[]).map((m) => m.id).sort((a, b) => a - b)).toEqual(portland);
        const numbers = await dashboard(me, range());
        expect(numbers).toEqual(await expected(selection(ids.portland, harborFamily, 'all'), lastMonth.from, lastMonth.to));
        expect((await me.post(`/user/active-distributor/${ids.hartford}`)).statusCode).toBe(403);
        expect((await me.get('/user/current-distributor')).json().active.id).toBe(ids.portland);
      } finally {
        await me.post(`/user/active-distributor/${ids.boston}`);
      }
      expect((await dm.post(`/user/active-distributor/${ids.portland}`)).statusCode).toBe(403);
      const adminHouses = (await admin.get('/user/current-distributor')).json().houses;
      // Every distributor but the family heads (issue 39).
      expect(adminHouses.length).toBe((await q("select id from distributors where nickname not like '%(PA)%'")).length);
    });
    const range = () => payload(lastMonth.from, lastMonth.to);
  });

  describe('volume by month feature flag', () => {
    it('answers the last 12 whole months of own volume only while the flag is on', async () => {
      const res = await leader.post('/dashboard/monthly-volume', { merchantIds: [] });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { month: string; totalPurchase: number }[];
      expect(data).toHaveLength(12);
      expect(data.at(-1)!.month).toBe(lastMonth.from.slice(0, 7));
      const own = await dashboard(leader, payload(lastMonth.from, lastMonth.to));
      expect(data.at(-1)!.totalPurchase).toBeCloseTo(own.volumeByMonth[0]!.distributor, 1);
      await q(`update app_settings set value = '{"volumeByMonth": false}' where key = 'features'`);
      try {
        const off = await leader.post('/dashboard/monthly-volume', { merchantIds: [] });
        expect(off.statusCode).toBe(404);
        expect(off.json().message).toBe(VOLUME_BY_MONTH_OFF);
      } finally {
        await q(`update app_settings set value = '{"volumeByMonth": true}' where key = 'features'`);
      }
    });
  });

  it('announcements: newest first for any logged-in user, none without a token', async () => {
    const res = await rep.get('/announcement');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; text: string }[];
    const inDb = await q<{ id: number }>('select id from announcements order by created_at desc, id desc');
    expect(list.map((a) => a.id)).toEqual(inDb.map((a) => a.id));
    expect(list.length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/announcement' })).statusCode).toBe(401);
  });
});
