import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, loginToken, type Caller } from '../testing/portal-callers.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { testApp } from '../testing/test-app.ts';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MIN = 60_000;

describe.each(testTargets())('session analytics on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let leader: Caller;
  let rep: Caller;
  let admin: Caller;
  const ids: Record<string, number> = {};
  const rowsOf = async (email: string) =>
    (await db.pool.query(`select start_time, end_time, time from user_sessions s join users u on u.id = s.user_id where u.email = $1 order by s.id`, [email])).rows;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    leader = callAs(app, await loginToken(app, 'leader@harbor.test'));
    rep = callAs(app, await loginToken(app, 'rep@harbor.test'));
    admin = callAs(app, await loginToken(app, 'admin@portal.test'));
    for (const { id, email } of (await db.pool.query('select id, email from users')).rows) ids[email] = id;
    await db.pool.query('delete from user_sessions');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("records a session for the caller, whatever the body, and lists it for the caller's own id", async () => {
    const start = ago(10 * MIN);
    const end = ago(5 * MIN);
    const res = await leader.post('/analytics/user-sessions', { startTime: start, endTime: end, time: 300 });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf('leader@harbor.test')).toEqual([{ start_time: new Date(start), end_time: new Date(end), time: 300 }]);
    const list = await leader.get(`/analytics/user-sessions?user_id=${ids['leader@harbor.test']}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ end_time: end, time: 300 }]);
  });

  it("does not count the time an internal admin spends logged in as the user", async () => {
    const adminToken = await loginToken(app, 'admin@portal.test');
    const switched = await callAs(app, adminToken).post('/auth/session', { id: ids['dm@harbor.test'], reason: 'Checking session analytics' });
    expect(switched.statusCode).toBe(200);
    const asDm = callAs(app, switched.json().authKey);
    const res = await asDm.post('/analytics/user-sessions', { startTime: ago(4 * MIN), endTime: ago(MIN), time: 180 });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf('dm@harbor.test')).toEqual([]);
    expect(await rowsOf('admin@portal.test')).toEqual([]);
  });

  it('lists only the last 30 days', async () => {
    const user = ids['rep@harbor.test'];
    await db.pool.query(
      `insert into user_sessions (user_id, start_time, end_time, time) values
         ($1, now() - interval '40 days', now() - interval '40 days' + interval '5 minutes', 300),
         ($1, now() - interval '29 days', now() - interval '29 days' + interval '2 minutes', 120)`,
      [user],
    );
    const list = (await rep.get(`/analytics/user-sessions?user_id=${user}`)).json();
    expect(list.map((r: { time: number }) => r.time)).toEqual([120]);
  });

  it("lets internal admins read anyone's sessions and refuses other users with 403", async () => {
    const leaderId = ids['leader@harbor.test'];
    expect((await admin.get(`/analytics/user-sessions?user_id=${leaderId}`)).json()).toHaveLength(1);
    const refused = await rep.get(`/analytics/user-sessions?user_id=${leaderId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/own sessions/);
  });

  it('refuses callers without a session', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/analytics/user-sessions', payload: { startTime: ago(MIN), endTime: ago(0), time: 60 } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['missing fields', {}, /startTime is required/],
    ['a date without a time zone', { startTime: '2026-01-01T10:00:00', endTime: ago(0), time: 1 }, /startTime must be an ISO timestamp/],
    ['an impossible date', { startTime: '2026-02-31T10:00:00Z', endTime: ago(0), time: 1 }, /real dates/],
    ['fractional seconds of time', { startTime: ago(MIN), endTime: ago(0), time: 1.5 }, /time must be whole seconds/],
    ['negative time', { startTime: ago(MIN), endTime: ago(0), time: -1 }, /time must be whole seconds/],
    ['end before start', { startTime: ago(0), endTime: ago(MIN), time: 0 }, /endTime must not be before startTime/],
    ['more time than the span', { startTime: ago(MIN), endTime: ago(0), time: 120 }, /time must not exceed/],
    ['an end in the future', { startTime: ago(0), endTime: new Date(Date.now() + 10 * MIN).toISOString(), time: 0 }, /future/],
  ])('rejects %s with a 400 and records nothing', async (_name, payload, message) => {
    const before = (await db.pool.query('select count(*)::int as n from user_sessions')).rows[0].n;
    const res = await leader.post('/analytics/user-sessions', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await db.pool.query('select count(*)::int as n from user_sessions')).rows[0].n).toBe(before);
  });

  it('rejects a malformed user_id', async () => {
    for (const q of ['', '?user_id=abc', '?user_id=-1']) {
      expect((await leader.get(`/analytics/user-sessions${q}`)).statusCode).toBe(400);
    }
  });
});
