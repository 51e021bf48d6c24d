import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStart } from '../repositories/dashboard-range.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

/**
 * A browser that moves on (a new range, another house, Intel cancelled) aborts its request; the
 * statement it started must not run on for nobody. Each call below is made to wait inside
 * PostgreSQL (a table it reads is locked), aborted over real HTTP, and pg_stat_activity must be
 * free of it within a second. The SQL paths are the ones measured here: the in-memory indexes
 * are off, as while an index is being built for a new data version.
 */
describe.each(testTargets())('queries of a request its caller left on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let base: string;
  let token: string;
  let merchants: { id: number }[];
  const today = new Date();
  const range = { startDate: monthStart(today, 3), endDate: monthStart(today, 0) };

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    // No answer is cached either: every call runs its queries.
    ({ app } = await testApp(db.pool, { dashboardIndex: false, answerCache: false }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    token = await loginToken(app, 'leader@harbor.test');
    merchants = (await (await fetch(`${base}/api/merchant`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number }[];
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** Statements of the app waiting on a lock (pg_stat_activity), the test's own lock holder aside. */
  const waiting = async (holder: number) => (await db.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and pid <> $1 and state = 'active' and wait_event_type = 'Lock'`,
    [holder])).rows[0]!.n;

  /** Locks `table`, sends the call, aborts it once its statement waits, and gives how long PostgreSQL took to let it go. */
  async function abandon(table: string, path: string, body: object): Promise<number> {
    const holder: pg.PoolClient = await db.pool.connect();
    const holderPid = (holder as unknown as { processID: number }).processID;
    try {
      await holder.query('begin');
      await holder.query(`lock table ${table} in access exclusive mode`);
      const controller = new AbortController();
      const sent = fetch(`${base}/api${path}`, {
        method: 'POST', signal: controller.signal,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      }).catch((err: Error) => err.name);
      await expect.poll(() => waiting(holderPid), { timeout: 5_000 }).toBeGreaterThan(0);
      controller.abort();
      expect(await sent).toBe('AbortError');
      const t0 = performance.now();
      await expect.poll(() => waiting(holderPid), { timeout: 1_000, interval: 20 }).toBe(0);
      return performance.now() - t0;
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
    }
  }

  it('a dashboard of all locations', async () => {
    expect(await abandon('rollup_account_day', '/dashboard', { ...range, showRebates: 1, showDeviations: 1, merchants: [] })).toBeLessThan(1_000);
    // The server is none the worse for it: the same call answers once nothing holds the table.
    const res = await app.inject({ method: 'POST', url: '/api/dashboard', headers: { authorization: `Bearer ${token}` }, payload: { ...range, showRebates: 1, showDeviations: 1, merchants: [] } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a dashboard of some locations', async () => {
    const some = merchants.slice(0, 5).map((m) => m.id);
    expect(await abandon('rollup_merchant_month', '/dashboard', { ...range, showRebates: 1, showDeviations: 0, merchants: some })).toBeLessThan(1_000);
  });

  it('an Intel batch with its items', async () => {
    expect(await abandon('purchase_lines', '/intel', { ...range, merchants: merchants.slice(0, 10), monthly: false, items: true })).toBeLessThan(1_000);
  });
});
