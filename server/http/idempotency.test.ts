// Idempotency-Key on writes (server/http/idempotency.ts), through app.inject on a real database:
// a write repeated with its key is applied once and answered as the first time.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_IDEMPOTENCY_KEY, KEY_REUSED, STILL_PROCESSING } from '../../src/model/idempotency.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('Idempotency-Key on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let admin: string;
  let otherSession: string; // the same admin logged in again: another caller

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    admin = await loginToken(app, 'admin@portal.test');
    otherSession = await loginToken(app, 'admin@portal.test');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const announce = (text: string, key: string, token = admin) =>
    app.inject({ method: 'POST', url: '/api/announcement', headers: { authorization: `Bearer ${token}`, 'idempotency-key': key }, payload: { text } });
  const rowsWith = async (text: string) => Number((await db.pool.query('select count(*) as n from announcements where text = $1', [text])).rows[0].n);
  const unique = (what: string) => `${what} ${crypto.randomUUID()}`;

  it('creates one announcement for the same POST sent twice, and answers the same body twice', async () => {
    const [text, key] = [unique('Closed Friday'), crypto.randomUUID()];
    const first = await announce(text, key);
    const again = await announce(text, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.body).toBe(first.body);
    expect(first.json()).toMatchObject({ text });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(await rowsWith(text)).toBe(1);
  });

  it('creates one for two requests with one key at the same time; both get its answer', async () => {
    const [text, key] = [unique('Concurrent'), crypto.randomUUID()];
    const answers = await Promise.all([announce(text, key), announce(text, key), announce(text, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await rowsWith(text)).toBe(1);
  });

  it('keeps the keys of different callers apart', async () => {
    const [text, key] = [unique('Two callers'), crypto.randomUUID()];
    expect((await announce(text, key)).statusCode).toBe(201);
    const other = await announce(text, key, otherSession);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsWith(text)).toBe(2);
  });

  it.each([['empty', ''], ['a space', 'has space'], ['256 characters', 'k'.repeat(256)], ['a tab', 'a\tb']])('refuses a key with %s (400)', async (_what, key) => {
    const text = unique('Bad key');
    const res = await announce(text, key);
    expect([res.statusCode, res.json().message]).toEqual([400, BAD_IDEMPOTENCY_KEY]);
    expect(await rowsWith(text)).toBe(0);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const key = crypto.randomUUID();
    const [text, other] = [unique('First body'), unique('Second body')];
    expect((await announce(text, key)).statusCode).toBe(201);
    const res = await announce(other, key);
    expect([res.statusCode, res.json().message]).toEqual([422, KEY_REUSED]);
    expect(await rowsWith(other)).toBe(0);
    // ...and on another route.
    const patch = await app.inject({ method: 'PATCH', url: '/api/announcement/1', headers: { authorization: `Bearer ${admin}`, 'idempotency-key': key }, payload: { text } });
    expect(patch.statusCode).toBe(422);
  });

  it('replays a refusal (4xx) too', async () => {
    const key = crypto.randomUUID();
    const first = await announce('', key);
    const again = await announce('', key);
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([400, 400, 'true']);
    expect(again.body).toBe(first.body);
  });

  /** Makes `key` look claimed by a process whose database session is `owner` (pid, start in µs). */
  async function claimedBy(key: string, text: string, owner: { pid: number; start: string }) {
    const seed = await announce(unique('caller of'), crypto.randomUUID());
    const caller = (await db.pool.query('select caller from idempotency_keys where body = $1', [Buffer.from(seed.body)])).rows[0].caller as string;
    const fingerprint = crypto.createHash('sha256').update(`POST /api/announcement\n${JSON.stringify({ text })}`).digest('hex');
    await db.pool.query(`insert into idempotency_keys (caller, key, method, url, fingerprint, owner_pid, owner_start) values ($1, $2, 'POST', '/api/announcement', $3, $4, $5)`,
      [caller, key, fingerprint, owner.pid, owner.start]);
  }
  const sessionOf = async (client: pg.Client) => (await client.query(
    `select pid, (extract(epoch from backend_start) * 1000000)::bigint::text as start from pg_stat_activity where pid = pg_backend_pid()`)).rows[0] as { pid: number; start: string };

  it('runs a write whose first try was claimed by a process that died (its database session is gone)', async () => {
    const [text, key] = [unique('After a crash'), crypto.randomUUID()];
    const dying = new pg.Client({ connectionString: db.url });
    await dying.connect();
    await claimedBy(key, text, await sessionOf(dying));
    await dying.end(); // the process's session ends with it
    const res = await announce(text, key);
    expect(res.statusCode).toBe(201);
    expect(await rowsWith(text)).toBe(1);
  });

  it('answers 409 while a live process still runs the first, and never runs it twice', async () => {
    const [text, key] = [unique('Still running'), crypto.randomUUID()];
    const alive = new pg.Client({ connectionString: db.url });
    await alive.connect();
    try {
      await claimedBy(key, text, await sessionOf(alive));
      const res = await announce(text, key);
      expect([res.statusCode, res.json().message, res.headers['retry-after']]).toEqual([409, STILL_PROCESSING, '1']);
      expect(await rowsWith(text)).toBe(0);
    } finally {
      await alive.end();
    }
  });

  it('leaves writes without a key and reads alone', async () => {
    const text = unique('No key');
    const res = await app.inject({ method: 'POST', url: '/api/announcement', headers: { authorization: `Bearer ${admin}` }, payload: { text } });
    expect(res.statusCode).toBe(201);
    const read = await app.inject({ method: 'GET', url: '/api/announcement', headers: { authorization: `Bearer ${admin}`, 'idempotency-key': 'not checked on reads' } });
    expect(read.statusCode).toBe(200);
    expect(Number((await db.pool.query('select count(*) as n from idempotency_keys where key = $1', ['not checked on reads'])).rows[0].n)).toBe(0);
  });
});
