// A keyed write and the record of its answer commit together (server/http/idempotency.ts,
// server/db/request-transaction.ts): a process that dies between the two leaves neither, so the
// client's retry runs the write once; a refusal, a failure and a job sent along all end with it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../deps.ts';
import { startImportQueue, type ImportQueue } from '../import/import-queue.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { multipartForm } from '../testing/multipart-form.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { NOTHING_STORED, uploadsLeft } from '../testing/uploads-left.ts';
import { HttpError } from './errors.ts';

describe.each(testTargets())('a keyed write commits with its answer on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let deps: Deps;
  let queue: ImportQueue;
  let dir: string;
  let admin: string;
  let observer: pg.Client; // outside every request: sees only what is committed
  const restore: (() => void)[] = [];

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-idempotency-atomic-'));
    ({ app, deps } = await testApp(db.pool, { dataDir: dir }));
    queue = await startImportQueue(db.pool, { work: false });
    deps.importQueue.attach((id) => queue.enqueue(id));
    admin = await loginToken(app, 'admin@portal.test');
    observer = new pg.Client({ connectionString: db.url });
    await observer.connect();
  });
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });
  afterAll(async () => {
    await observer?.end();
    await queue?.stop();
    await app?.close();
    await db?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Replaces `deps.announcements.create` for one test. */
  function creating(create: (original: Deps['announcements']['create'], text: string) => Promise<Awaited<ReturnType<Deps['announcements']['create']>>>) {
    const original = deps.announcements.create;
    deps.announcements.create = (text) => create(original, text);
    restore.push(() => void (deps.announcements.create = original));
  }
  const announce = (on: FastifyInstance, text: string, key: string) =>
    on.inject({ method: 'POST', url: '/api/announcement', headers: { authorization: `Bearer ${admin}`, 'idempotency-key': key }, payload: { text } });
  const rowsWith = async (text: string) => Number((await observer.query('select count(*) as n from announcements where text = $1', [text])).rows[0].n);
  const unique = (what: string) => `${what} ${crypto.randomUUID()}`;
  const failingStatement = () => db.pool.query('insert into announcements (id, text) select id, text from announcements limit 1'); // a duplicate id

  it('a process killed after its write, before the answer was kept, leaves nothing: the retry writes once', async () => {
    // The first process: its own pool, so its connections (pool, owner session, transactions) can be cut together.
    const name = `dying-${crypto.randomBytes(4).toString('hex')}`;
    const dyingPool = new pg.Pool({ connectionString: db.url, max: 4, application_name: name });
    dyingPool.on('error', () => undefined);
    const dying = await testApp(dyingPool);
    try {
      const original = dying.deps.announcements.create;
      dying.deps.announcements.create = async (text) => {
        const made = await original(text);
        // The process dies here: PostgreSQL sees every connection of it end.
        await observer.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
        return made;
      };
      const [text, key] = [unique('Killed mid-write'), crypto.randomUUID()];
      await announce(dying.app, text, key); // its answer is never seen: the connection was reset
      expect(await rowsWith(text)).toBe(0);

      // The client sends it again; another process answers.
      const retry = await announce(app, text, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      const again = await announce(app, text, key);
      expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([201, 'true', retry.body]);
      expect(await rowsWith(text)).toBe(1);
    } finally {
      await dying.app.close();
      await dyingPool.end();
    }
  });

  it('is not seen by others before its answer, and runs side-by-side queries and blocks in one transaction', async () => {
    const text = unique('Side by side');
    let seenBefore = -1;
    creating(async (original, t) => {
      const [made] = await Promise.all([
        original(t),
        db.pool.query('insert into announcements (text) values ($1)', [`${t} plain`]),
        deps.transaction((client) => client.query('insert into announcements (text) values ($1)', [`${t} block`])),
        deps.transaction(async (client) => {
          await client.query('insert into announcements (text) values ($1)', [`${t} undone`]);
          throw new Error('this block fails alone');
        }).catch(() => undefined),
      ]);
      seenBefore = await rowsWith(t);
      return made;
    });
    const res = await announce(app, text, crypto.randomUUID());
    expect(res.statusCode).toBe(201);
    expect(seenBefore).toBe(0);
    expect([await rowsWith(text), await rowsWith(`${text} plain`), await rowsWith(`${text} block`), await rowsWith(`${text} undone`)]).toEqual([1, 1, 1, 0]);
  });

  it('a refusal after a caught failed statement is kept and replayed, and its write undone', async () => {
    const text = unique('Refused');
    creating(async (original, t) => {
      await original(t);
      await failingStatement().catch(() => undefined);
      throw new HttpError(409, 'That one exists already.');
    });
    const key = crypto.randomUUID();
    const first = await announce(app, text, key);
    const again = await announce(app, text, key);
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([409, 409, 'true', first.body]);
    expect(await rowsWith(text)).toBe(0);
  });

  it('a success after a caught failed statement is a 500, nothing is written, and the key is free for the retry', async () => {
    const text = unique('Swallowed');
    creating(async (original, t) => {
      const made = await original(t);
      await failingStatement().catch(() => undefined);
      return made;
    });
    const key = crypto.randomUUID();
    expect((await announce(app, text, key)).statusCode).toBe(500);
    expect(await rowsWith(text)).toBe(0);
    restore.splice(0).forEach((undo) => undo());
    const retry = await announce(app, text, key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect(await rowsWith(text)).toBe(1);
  });

  it('an upload whose request fails after its job was sent leaves no job, no import and no upload; the retry makes one of each', async () => {
    const jobs = async () => Number((await observer.query(`select count(*) as n from pgboss.job where name = 'purchase-import'`)).rows[0].n);
    const imports = async () => Number((await observer.query('select count(*) as n from import_jobs')).rows[0].n);
    const [jobsBefore, importsBefore] = [await jobs(), await imports()];
    let fail = true;
    deps.importQueue.attach(async (id) => {
      await queue.enqueue(id);
      if (fail) throw new Error('the process fails after sending the job');
    });
    restore.push(() => deps.importQueue.attach((id) => queue.enqueue(id)));
    const form = multipartForm({}, { field: 'file', name: 'weekly.csv', data: Buffer.from('distributor,merchant\n'), type: 'text/csv' });
    const send = () => app.inject({
      method: 'POST', url: '/api/admin/imports', payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${admin}`, 'idempotency-key': key },
    });
    const key = crypto.randomUUID();
    expect((await send()).statusCode).toBe(500);
    expect([await jobs(), await imports(), await uploadsLeft(observer)]).toEqual([jobsBefore, importsBefore, NOTHING_STORED]);
    fail = false;
    expect((await send()).statusCode).toBe(202);
    expect([await jobs(), await imports()]).toEqual([jobsBefore + 1, importsBefore + 1]);
  });

  it('gives every connection back, whatever the ending, and leaves no transaction open', async () => {
    // More endings than the transactions' pool has connections: one kept would stall the next.
    for (let i = 0; i < 3; i++) {
      creating(async (original, t) => {
        if (t.includes('fails')) throw new Error('a 500');
        if (t.includes('refused')) throw new HttpError(400, 'refused');
        if (t.includes('aborted')) await failingStatement().catch(() => undefined);
        return original(t);
      });
      for (const what of ['ok', 'fails', 'refused', 'aborted']) await announce(app, unique(`Ending ${what}`), crypto.randomUUID());
      restore.splice(0).forEach((undo) => undo());
    }
    expect((await announce(app, unique('Ending after'), crypto.randomUUID())).statusCode).toBe(201);
    expect(db.pool.totalCount).toBe(db.pool.idleCount);
    const { rows } = await observer.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
    expect(rows[0].n).toBe(0);
  });
});
