import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { callAs, loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

// Issue 41: a cluster node of INDEX_FAMILIES answers a caller of a family it does not hold from
// SQL, with the figures a node holding every family gives from its index.
describe.each(testTargets())('a node holding only some families (INDEX_FAMILIES), on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let whole: FastifyInstance;
  let summitOnly: FastifyInstance;
  let hartford: number;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    const [{ summit, house }] = (await db.pool.query<{ summit: number; house: number }>(
      `select (select id from distributors where nickname = 'Summit Provisions (PA)') as summit,
              (select id from distributors where nickname = 'Summit Provisions Hartford') as house`)).rows as [{ summit: number; house: number }];
    hartford = house;
    const [a, b] = [await testApp(db.pool), await testApp(db.pool, { indexFamilies: [summit] })];
    [whole, summitOnly] = [a.app, b.app];
    await Promise.all([a.deps.dashboardMemory.built(), b.deps.dashboardMemory.built()]);
  });
  afterAll(async () => {
    await whole?.close();
    await summitOnly?.close();
    await db?.drop();
  });

  // The last three whole months.
  const now = new Date();
  const day = (month: number, date: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + month, date)).toISOString().slice(0, 10);
  const [start, end] = [day(-3, 1), day(0, 0)];

  // admin@portal.test acts for Summit Provisions Hartford: a house of the family held.
  it.each(['leader@harbor.test', 'dm@harbor.test', 'admin@portal.test'])('gives %s the same dashboard, lost volume and Intel from either node', async (email) => {
    const ask = async (app: FastifyInstance) => {
      const as = callAs(app, await loginToken(app, email));
      if (email.startsWith('admin')) expect((await as.post(`/user/active-distributor/${hartford}`)).statusCode).toBe(200);
      const merchants = ((await as.get('/merchant')).json() as { id: number; merchant: string }[]).slice(0, 40);
      const answers = await Promise.all([
        as.post('/dashboard', { startDate: start, endDate: end, showRebates: 1, showDeviations: 1, merchants: [] }),
        as.post('/dashboard', { startDate: start, endDate: end, showRebates: 1, showDeviations: 1, merchants: merchants.slice(0, 7).map((m) => m.id) }),
        as.post('/dashboard/lost-volume', { merchantIds: [] }),
        as.post('/intel', { startDate: start, endDate: end, merchants: merchants.map((m) => ({ id: m.id, merchant: m.merchant })), monthly: true }),
      ]);
      for (const res of answers) expect(res.statusCode).toBe(200);
      return answers.map((res) => res.json() as unknown);
    };
    const fromWhole = await ask(whole);
    expect(JSON.stringify(fromWhole[0])).toMatch(/"volume"/);
    expect(await ask(summitOnly)).toEqual(fromWhole);
  });

  it("says in /api/health which families the node's index holds", async () => {
    const summit = (await summitOnly.inject({ method: 'GET', url: '/api/health' })).json() as { indexes: { families: unknown } };
    const all = (await whole.inject({ method: 'GET', url: '/api/health' })).json() as { indexes: { families: unknown } };
    expect([summit.indexes.families, all.indexes.families]).toEqual([[expect.any(Number)], 'all']);
  });
});
