import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRepository } from '../repositories/dashboard.ts';
import { intelRepository } from '../repositories/intel.ts';
import { merchantsRepository } from '../repositories/merchants.ts';
import { scopeRepository } from '../repositories/scope.ts';
import { monthStart } from '../repositories/dashboard-range.ts';
import { rawDashboardRepository } from '../repositories/raw-dashboard.ts';
import { refreshRollups } from '../rollups/rollups.ts';
import type { Selection } from '../scope/visible-merchants.ts';
import { addLinesAsAnImportDoes } from '../testing/add-lines.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { loadDashboardIndex } from './dashboard-index-load.ts';
import { dashboardMemory } from './dashboard-memory.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plus = (d: string, days: number) => iso(Date.parse(`${d}T00:00:00Z`) + days * DAY);
const today = new Date();
const yesterday = iso(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - DAY);

describe.each(testTargets())('the dashboard index (lost figures, volume per merchant) on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let boston: Selection;
  let merchants: number[];
  const q = async <T>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const version = async () => (await q<{ v: string }>('select version::text as v from data_version'))[0]!.v;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 80, months: 13 });
    const [{ id }] = await q<{ id: number }>(`select id from distributors where nickname = 'Harbor Foods Boston'`) as [{ id: number }];
    const family = (await q<{ id: number }>(`select id from distributors where nickname like 'Harbor Foods%'`)).map((r) => r.id);
    merchants = (await q<{ id: number }>('select merchant_id as id from merchant_accounts where distributor_id = $1 order by 1', [id])).map((r) => r.id);
    boston = { distributorId: id, familyIds: family, all: true, merchantIds: [] };
  });
  afterAll(() => db?.drop());

  const ranges: [string, () => [string, string]][] = [
    ['one day', () => [plus(monthStart(today, 1), 9), plus(monthStart(today, 1), 9)]],
    ['a whole month', () => [monthStart(today, 2), plus(monthStart(today, 1), -1)]],
    ['365 days ending yesterday (partial months at both edges)', () => [plus(yesterday, -364), yesterday]],
    ['partial months at both edges of 5 months', () => [plus(monthStart(today, 6), 12), plus(monthStart(today, 1), 8)]],
    ['days before the first and after the last line', () => [plus(monthStart(today, 14), 0), plus(yesterday, 30)]],
  ];

  it.each(ranges)('equal the rollups in SQL and the raw lines over %s, for the house and for subsets', async (_name, range) => {
    const [from, to] = range();
    const memory = dashboardMemory(db.pool);
    const index = (await memory.built())!;
    const house = index.houses.get(boston.distributorId)!;
    const sql = dashboardRepository(db.pool);
    const raw = rawDashboardRepository(db.pool);
    const subsets = [merchants.slice(3, 9), merchants.slice(10, 60), [merchants[5]!, merchants[5]!, merchants[7]!], [999_999]];
    for (const selection of [boston, ...subsets.map((ids) => ({ ...boston, all: false, merchantIds: ids }))]) {
      const got = house.lost(selection.all ? 'all' : selection.merchantIds, from, to);
      expect(got).toEqual(await sql.lost(selection, from, to));
      expect(got).toEqual(await raw.lost(selection, from, to));
      const volumes = index.volumes!.byMerchant(selection.all ? index.directory.houseMerchants.get(boston.distributorId)! : selection.merchantIds, from, to);
      expect(volumes).toEqual(await sql.byMerchant(selection, from, to));
      expect(volumes).toEqual(await raw.byMerchant(selection, from, to));
    }
  });

  const bySellerMonth = (a: { sellerId: number; month: string }, b: { sellerId: number; month: string }) => a.sellerId - b.sellerId || a.month.localeCompare(b.month);

  it.each(ranges)('volume by seller and month, Intel volumes and months, equal the SQL over %s', async (_name, range) => {
    const [from, to] = range();
    const index = (await dashboardMemory(db.pool).built())!;
    const sellers = index.sellers!;
    const sql = dashboardRepository(db.pool);
    const raw = rawDashboardRepository(db.pool);
    const intel = intelRepository(db.pool);
    // The house's own rollup, and the same house through its merchants' rows.
    const house = sellers.houseBySellerMonth(boston.distributorId, from, to)!.sort(bySellerMonth);
    expect(house).toEqual((await sql.bySellerMonth(boston, from, to, true)).sort(bySellerMonth));
    expect(sellers.bySellerMonth(merchants, from, to).sort(bySellerMonth)).toEqual((await sql.bySellerMonth(boston, from, to, false)).sort(bySellerMonth));
    for (const ids of [merchants.slice(3, 9), merchants.slice(10, 60), [merchants[5]!, merchants[5]!, merchants[7]!], [999_999]]) {
      const subset = { ...boston, all: false, merchantIds: ids };
      const got = sellers.bySellerMonth(ids, from, to).sort(bySellerMonth);
      expect(got).toEqual((await sql.bySellerMonth(subset, from, to)).sort(bySellerMonth));
      expect(got).toEqual((await raw.bySellerMonth(subset, from, to)).sort(bySellerMonth));
      const byMerchant = (a: { merchantId: number; sellerId: number }, b: { merchantId: number; sellerId: number }) => a.merchantId - b.merchantId || a.sellerId - b.sellerId;
      expect(sellers.byMerchantSeller(ids, from, to).sort(byMerchant)).toEqual((await intel.volumes([...new Set(ids)], from, to)).sort(byMerchant));
      const [fromMonth, toMonth] = [monthStart(new Date(`${to}T00:00:00Z`), 11), monthStart(new Date(`${to}T00:00:00Z`), 0)];
      const months = (a: { merchantId: number; sellerId: number; month: string }, b: typeof a) => byMerchant(a, b) || a.month.localeCompare(b.month);
      expect(sellers.monthly(ids, fromMonth, toMonth).sort(months)).toEqual((await intel.monthly([...new Set(ids)], fromMonth, toMonth)).sort(months));
    }
  });

  it('lost volume month over month and the directory equal the SQL', async () => {
    const index = (await dashboardMemory(db.pool).built())!;
    const { directory, sellers } = index;
    const sql = dashboardRepository(db.pool);
    const [last, previous] = [monthStart(today, 1), monthStart(today, 2)];
    const byName = (a: { locationName: string; last: number }, b: typeof a) => a.locationName.localeCompare(b.locationName) || a.last - b.last;
    for (const selection of [boston, { ...boston, all: false, merchantIds: merchants.slice(0, 25) }]) {
      const ids = selection.all ? directory.houseMerchants.get(boston.distributorId)! : selection.merchantIds;
      const got = sellers!.familyMonths(ids, boston.familyIds, last, previous)
        .map((m) => ({ locationName: directory.merchant(m.merchantId)!.name, last: m.last, previous: m.previous }));
      expect(got.length).toBeGreaterThan(0);
      expect(got.sort(byName)).toEqual((await sql.ownVolumeByLocation(selection, last, previous)).sort(byName));
    }
    const scope = scopeRepository(db.pool);
    const asked = [merchants[9]!, merchants[2]!, 999_999, merchants[2]!, merchants[40]!];
    expect(directory.houseMerchants.get(boston.distributorId)).toEqual(merchants);
    expect(directory.merchantCount(boston.distributorId)).toBe(await scope.merchantCount(boston.distributorId));
    expect(directory.accountMerchantIds(boston.distributorId, asked)).toEqual(await scope.accountMerchantIds(boston.distributorId, asked));
    expect(directory.rolled(boston.distributorId)).toBe(await sql.hasAccountRollups(boston.distributorId));
    // Every merchant, so the lists hold merchants without an account at Boston too.
    const everyone = (await q<{ id: number }>('select id from merchants order by id desc')).map((r) => r.id);
    for (const order of ['name', 'account'] as const) {
      expect(directory.list(boston.distributorId, everyone, order)).toEqual(await merchantsRepository(db.pool).list(boston.distributorId, everyone, order));
    }
    expect(directory.merchantRows(asked, boston.distributorId)).toEqual(await intelRepository(db.pool).merchants(asked, boston.distributorId));
    const sellerIds = (await q<{ id: number }>('select id from distributors')).map((r) => r.id);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(directory.sellers(sellerIds).sort(byId)).toEqual((await intelRepository(db.pool).sellers(sellerIds)).sort(byId));
  });

  it('of some families (INDEX_FAMILIES) holds only theirs: a house held answers as the whole index, any other is left to SQL', async () => {
    const [from, to] = [plus(yesterday, -364), yesterday];
    const whole = (await dashboardMemory(db.pool).built())!;
    const harbor = whole.directory.familyRoot(boston.distributorId)!;
    const memory = dashboardMemory(db.pool, { families: [harbor] });
    const some = (await memory.built())!;
    const others = [...whole.houses.keys()].filter((house) => whole.directory.familyRoot(house) !== harbor);
    expect(others.length).toBeGreaterThan(0);
    expect(memory.serving(some.version, boston.distributorId)).toBe(some);
    for (const house of others) {
      expect(memory.serving(some.version, house)).toBeNull();
      expect(some.houses.has(house)).toBe(false);
    }
    for (const house of boston.familyIds.filter((id) => whole.houses.has(id))) {
      expect(some.houses.get(house)!.lost('all', from, to)).toEqual(whole.houses.get(house)!.lost('all', from, to));
      expect(some.sellers!.houseBySellerMonth(house, from, to)).toEqual(whole.sellers!.houseBySellerMonth(house, from, to));
    }
    expect(some.volumes!.byMerchant(merchants, from, to)).toEqual(whole.volumes!.byMerchant(merchants, from, to));
    expect(some.sellers!.bySellerMonth(merchants, from, to)).toEqual(whole.sellers!.bySellerMonth(merchants, from, to));
    expect(some.sellers!.familyMonths(merchants, boston.familyIds, monthStart(today, 1), monthStart(today, 2)))
      .toEqual(whole.sellers!.familyMonths(merchants, boston.familyIds, monthStart(today, 1), monthStart(today, 2)));
    // A merchant with no account in the family is not held: its volumes are not in this index.
    const outside = (await q<{ id: number }>(
      `select id from merchants where id not in (select merchant_id from merchant_accounts where distributor_id = any($1)) order by id limit 5`, [boston.familyIds])).map((r) => r.id);
    expect(outside.length).toBeGreaterThan(0);
    expect(whole.sellers!.bySellerMonth(outside, from, to).length).toBeGreaterThan(0);
    expect(some.sellers!.bySellerMonth(outside, from, to)).toEqual([]);
  });

  // Seen as an npm start stopped while its spare built its index: PostgreSQL ending the build's
  // connection between two queries is an 'error' event on the pg client, with no query to fail.
  // Unheard it ends the process; heard, it fails this build, and the next one is whole.
  it('fails a build whose connection is ended between its queries, and nothing else', async () => {
    const terminate = (pid: number) => db.pool.query('select pg_terminate_backend($1)', [pid]);
    let ended = false;
    const flaky = {
      connect: async () => {
        const client = await db.pool.connect();
        const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
          if (!ended && String(args[0]).startsWith('select version')) {
            ended = true;
            // Ended while idle in its transaction; the query after it is sent once the end has arrived.
            return terminate(pid).then(() => new Promise((r) => setTimeout(r, 200))).then(() => query(...args));
          }
          return query(...args);
        };
        return client;
      },
    } as unknown as pg.Pool;
    await expect(loadDashboardIndex(flaky)).rejects.toThrow();
    expect(ended).toBe(true);
    const index = await loadDashboardIndex(db.pool);
    expect(index.houses.get(boston.distributorId)).toBeDefined();
  });

  it('answers only its own data version: new data is read again', async () => {
    const memory = dashboardMemory(db.pool);
    const before = await version();
    expect(memory.at(before)).toBeNull(); // starts the build
    const index = (await memory.built())!;
    expect(memory.at(before)).toBe(index);
    const [from, to] = [plus(yesterday, -30), yesterday];
    const old = index.houses.get(boston.distributorId)!.lost('all', from, to);
    // A competitor's line for a merchant of Boston, added as an import adds its lines (the
    // rollups summed with the batch's, the data version bumped in the same transaction).
    await addLinesAsAnImportDoes(db.pool, `insert into purchase_lines (merchant_id, distributor_id, invoice_id, invoice_date, item_id, manufacturer_id, category_id, quantity, unit_price)
               select $1, (select id from distributors where nickname = 'Summit Provisions Hartford'), 'LOST-INDEX-TEST', $2,
                      i.id, i.manufacturer_id, i.category_id, 1000, 99.99 from items i order by i.id limit 1`, [merchants[0], yesterday], 'LOST-INDEX-TEST');
    try {
      const after = await version();
      expect(after).not.toBe(before);
      expect(memory.at(after)).toBeNull(); // the SQL answers the new version until its index is built
      const fresh = (await memory.built())!;
      expect(fresh.version).toBe(after);
      const now = fresh.houses.get(boston.distributorId)!.lost('all', from, to);
      expect(now).toEqual(await dashboardRepository(db.pool).lost(boston, from, to));
      expect(now).toEqual(await rawDashboardRepository(db.pool).lost(boston, from, to));
      expect(now).not.toEqual(old);
      const one = { ...boston, all: false, merchantIds: [merchants[0]!] };
      expect(fresh.volumes!.byMerchant(one.merchantIds, from, to)).toEqual(await dashboardRepository(db.pool).byMerchant(one, from, to));
    } finally {
      await q(`delete from purchase_lines where invoice_id = 'LOST-INDEX-TEST'`);
      await refreshRollups(db.pool);
    }
  });

  it('a full rollup rebuild that holds the rollups the build reads goes on: the build holds none of them while it waits', async () => {
    // As the rebuild's TRUNCATE does: the first of its tables locked, then the next it needs.
    const rebuild = await db.pool.connect();
    try {
      await rebuild.query('begin');
      await rebuild.query(`set local lock_timeout = '2s'`);
      await rebuild.query('lock table rollup_merchant_day in access exclusive mode');
      const building = loadDashboardIndex(db.pool);
      // Until the build is queued behind the rebuild's lock (PostgreSQL says so), not a guessed delay.
      const waitingOnRollup = async () =>
        (await q<{ n: number }>(`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'rollup_merchant_day' and not l.granted`))[0]!.n > 0;
      while (!(await waitingOnRollup())) await new Promise((r) => setTimeout(r, 10));
      // A build that had read rollup_merchant_lost_day already would hold it: NOWAIT would fail at once.
      await rebuild.query('lock table rollup_merchant_lost_day in access exclusive mode nowait');
      await rebuild.query('rollback');
      expect((await building).version).toBe(await version());
    } finally {
      await rebuild.query('rollback').catch(() => undefined);
      rebuild.release();
    }
  });

  it('is off when told so', async () => {
    const memory = dashboardMemory(db.pool, { enabled: false });
    expect(memory.at(await version())).toBeNull();
    expect(await memory.built()).toBeNull();
    expect(memory.state()).toBe('off');
  });

  it('says what answers, for /api/health: none until asked, building while SQL answers, then ready', async () => {
    const memory = dashboardMemory(db.pool);
    expect(memory.state()).toBe('none');
    expect(memory.at(await version())).toBeNull(); // asking starts the build; SQL answers this request
    expect(memory.state()).toBe('building');
    await memory.built();
    expect(memory.state()).toBe('ready');
    expect(memory.at(await version())).not.toBeNull();
  });
});
