import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { cancellable, isQueryCancelled } from './cancellable.ts';

describe.each(testTargets())('cancellable queries on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase(adminUrl);
  });
  afterAll(() => db?.drop());

  it('an abort cancels the running statements in PostgreSQL at once, side by side ones too', async () => {
    const controller = new AbortController();
    const running = async () => (await db.pool.query(`select count(*)::int as n from pg_stat_activity where query = 'select pg_sleep(10)' and state = 'active'`)).rows[0].n;
    const work = cancellable(db.pool, controller.signal, (q) => Promise.allSettled([q.query('select pg_sleep(10)'), q.query('select pg_sleep(10)')]));
    // The abort once both statements run in PostgreSQL (a fixed delay may come before they do on a loaded machine).
    await expect.poll(running, { timeout: 5_000, interval: 20 }).toBe(2);
    const t0 = performance.now();
    controller.abort();
    const outcomes = await work;
    expect(outcomes.map((o) => o.status === 'rejected' && isQueryCancelled(o.reason))).toEqual([true, true]);
    expect(performance.now() - t0).toBeLessThan(5_000);
    // Nothing of it is still running, and the pool serves the next query.
    // (A cancelled backend reports its error before pg_stat_activity shows it idle: a moment later.)
    await expect.poll(running, { timeout: 2_000 }).toBe(0);
    expect((await db.pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  it('a query still waiting for a connection when the abort comes does not run', async () => {
    // The pool holds 4: one held here, so the fourth query of the work waits for a connection.
    const held = await db.pool.connect();
    const controller = new AbortController();
    const t0 = performance.now();
    setTimeout(() => {
      controller.abort();
      held.release(); // the waiting query gets this connection after the abort
    }, 200);
    const sleep = (q: { query(text: string): Promise<unknown> }) => q.query('select pg_sleep(10)');
    const outcomes = await cancellable(db.pool, controller.signal, (q) => Promise.allSettled([sleep(q), sleep(q), sleep(q), sleep(q)]));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('without an abort the work answers, and an abort already signalled runs nothing', async () => {
    const answer = await cancellable(db.pool, new AbortController().signal, async (q) => (await q.query('select 2 as two')).rows[0].two);
    expect(answer).toBe(2);
    let ran = false;
    await expect(cancellable(db.pool, AbortSignal.abort(), async (q) => q.query('select 1').then(() => (ran = true)))).rejects.toThrow();
    expect(ran).toBe(false);
  });
});
