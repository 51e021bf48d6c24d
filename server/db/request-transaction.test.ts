// A request's transaction (request-transaction.ts) on a real database: the pool's queries and
// inTransaction's blocks made under it commit or roll back together, and nothing else joins it.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { freshRead } from './fresh-read.ts';
import { joinRequestTransactions, RequestTransaction } from './request-transaction.ts';
import { inTransaction } from './transaction.ts';

describe.each(testTargets())('a request transaction on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let pool: pg.Pool;
  let transactions: pg.Pool;
  let outside: pg.Client;

  beforeAll(async () => {
    db = await createScratchDatabase(adminUrl);
    pool = joinRequestTransactions(db.pool);
    transactions = new pg.Pool({ connectionString: db.url, max: 2 });
    transactions.on('error', () => undefined);
    outside = new pg.Client({ connectionString: db.url });
    await outside.connect();
    await outside.query('create table notes (id serial primary key, text text not null unique)');
  });
  afterEach(async () => {
    // Every connection back, none left in a transaction.
    expect([transactions.totalCount, pool.totalCount]).toEqual([transactions.idleCount, pool.idleCount]);
    const { rows } = await outside.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
    expect(rows[0].n).toBe(0);
  });
  afterAll(async () => {
    await outside?.end();
    await transactions?.end();
    await db?.drop();
  });

  const notes = async (prefix: string) =>
    (await outside.query<{ text: string }>('select text from notes where text like $1 order by text', [`${prefix}%`])).rows.map((r) => r.text);
  const add = (db: pg.Pool | pg.PoolClient, text: string) => db.query('insert into notes (text) values ($1)', [text]);

  it("commits the pool's queries at its end, not before", async () => {
    const tx = new RequestTransaction(transactions);
    await tx.run(async () => {
      await add(pool, 'commit a');
      await add(pool, 'commit b');
      expect(await notes('commit')).toEqual([]);
    });
    expect(await tx.commitIf(async () => true)).toBe(true);
    expect(await notes('commit')).toEqual(['commit a', 'commit b']);
  });

  it('rolls them back, and when its last statement says no', async () => {
    const tx = new RequestTransaction(transactions);
    await tx.run(() => add(pool, 'undone a'));
    await tx.rollback();
    const refused = new RequestTransaction(transactions);
    await refused.run(() => add(pool, 'undone b'));
    expect(await refused.commitIf(async (client) => (await client.query('select 1')).rowCount === 0)).toBe(false);
    expect(await notes('undone')).toEqual([]);
  });

  it('takes a connection only when the request reaches the database', async () => {
    const tx = new RequestTransaction(transactions);
    tx.run(() => undefined);
    expect(await tx.commitIf(async (client) => (await client.query('select 1')).rowCount === 1)).toBe(true);
    expect(transactions.totalCount).toBe(transactions.idleCount);
  });

  it('runs side-by-side queries and blocks; a failed block is undone alone, a block inside another too', async () => {
    const tx = new RequestTransaction(transactions);
    const outcomes = await tx.run(() => Promise.allSettled([
      add(pool, 'side plain 1'),
      inTransaction(pool, async (client) => {
        await add(client, 'side block 1a');
        await add(pool, 'side block 1b'); // the pool inside a block: in the block
      }),
      inTransaction(pool, async (client) => {
        await add(client, 'side failed 2a');
        throw new Error('the block fails');
      }),
      inTransaction(pool, async (client) => {
        await add(client, 'side block 3a');
        await inTransaction(pool, (inner) => add(inner, 'side block 3a')).catch(() => undefined); // unique violation, caught
        await add(client, 'side block 3b');
      }),
      add(pool, 'side plain 2'),
    ]));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await tx.commitIf(async () => true)).toBe(true);
    expect(await notes('side')).toEqual(['side block 1a', 'side block 1b', 'side block 3a', 'side block 3b', 'side plain 1', 'side plain 2']);
  });

  it('a failed statement not in a block aborts it: the end says so, and nothing is committed', async () => {
    const tx = new RequestTransaction(transactions);
    await tx.run(async () => {
      await add(pool, 'aborted a');
      await add(pool, 'aborted a').catch(() => undefined);
    });
    await expect(tx.commitIf(async (client) => (await client.query('select 1')).rowCount === 1)).rejects.toMatchObject({ code: '25P02' });
    expect(await notes('aborted')).toEqual([]);
  });

  it('a block still running when the request ends finishes inside it first', async () => {
    const tx = new RequestTransaction(transactions);
    let late!: Promise<unknown>;
    tx.run(() => {
      late = inTransaction(pool, async (client) => {
        await new Promise((r) => setTimeout(r, 50));
        await add(client, 'late block');
        await add(pool, 'late pool');
      });
    });
    expect(await tx.commitIf(async () => true)).toBe(true);
    await late;
    expect(await notes('late')).toEqual(['late block', 'late pool']);
  });

  it('once ended, what the request started runs on its own; connect() and shared reads never join', async () => {
    const tx = new RequestTransaction(transactions);
    const shared = freshRead(async () => (await pool.query('select count(*)::int as n from notes where text like $1', ['own%'])).rows[0].n as number);
    let timer!: Promise<void>;
    await tx.run(async () => {
      await add(pool, 'own uncommitted');
      expect(await shared()).toBe(0);
      const client = await pool.connect();
      try {
        expect((await client.query(`select count(*)::int as n from notes where text like 'own%'`)).rows[0].n).toBe(0);
      } finally {
        client.release();
      }
      timer = new Promise((resolve, reject) => setTimeout(() => add(pool, 'own after the end').then(() => resolve(), reject), 50));
    });
    await tx.rollback();
    await timer;
    expect(await notes('own')).toEqual(['own after the end']);
    await inTransaction(pool, (client) => add(client, 'own transaction'));
    expect(await notes('own')).toEqual(['own after the end', 'own transaction']);
  });

  it('survives its connection being cut: the end fails, nothing is committed, the pool goes on', async () => {
    const tx = new RequestTransaction(transactions);
    await tx.run(async () => {
      await add(pool, 'cut a');
      const { rows } = await pool.query('select pg_backend_pid() as pid');
      await outside.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await new Promise((r) => setTimeout(r, 100)); // the 'error' event of an idle connection arrives
    });
    await expect(tx.commitIf(async (client) => (await client.query('select 1')).rowCount === 1)).rejects.toThrow();
    expect(await notes('cut')).toEqual([]);
    const next = new RequestTransaction(transactions);
    await next.run(() => add(pool, 'cut b'));
    expect(await next.commitIf(async () => true)).toBe(true);
    expect(await notes('cut')).toEqual(['cut b']);
  });
});
