import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_REFUSAL } from '../../src/model/route-permissions.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { callAs, loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('POST /auth/session on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let id: Record<'admin' | 'leader' | 'dm' | 'rep' | 'ops' | 'deactivated' | 'pending', number>;

  const switchTo = (token: string, payload: unknown) => callAs(app, token).post('/auth/session', payload as object);
  const switched = async (token: string, userId: number) => {
    const res = await switchTo(token, { id: userId, reason: 'Support ticket 42' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { authKey: string; user: { id: number; email: string } };
  };
  const merchantIds = async (token: string) => {
    const res = await callAs(app, token).get('/merchant');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }[]).map((m) => m.id).sort((a, b) => a - b);
  };
  const actorOf = async (authKey: string) => {
    const me = await callAs(app, authKey).get('/user');
    expect(me.statusCode).toBe(200);
    const { rows } = await db.pool.query(
      'select acting_admin_id from auth_sessions where user_id = $1 and revoked_at is null order by created_at desc limit 1', [me.json().id]);
    return rows[0].acting_admin_id as number | null;
  };

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 40, months: 2 });
    ({ app } = await testApp(db.pool));
    const { rows } = await db.pool.query(
      `select (select id from users where email = 'admin@portal.test') as admin,
              (select id from users where email = 'leader@harbor.test') as leader,
              (select id from users where email = 'dm@harbor.test') as dm,
              (select id from users where email = 'rep@harbor.test') as rep,
              (select id from users where email = 'ops@summit.test') as ops,
              (select min(id) from users where deactivated_at is not null and channel_partner_id is not null) as deactivated,
              (select min(id) from users where activated_at is null and deactivated_at is null) as pending`);
    id = rows[0];
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it.each([
    ['a rep', 'rep@harbor.test', 'dm'],
    ['a leader', 'leader@harbor.test', 'dm'],
    ['a leader, as themselves', 'leader@harbor.test', 'leader'],
  ] as const)('refuses %s with a 403', async (_name, email, target) => {
    const token = await loginToken(app, email);
    const res = await switchTo(token, { id: id[target], reason: 'Support ticket 42' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUDIENCE_REFUSAL.internalAdminOrActing);
    // Nothing changed: their own session still works.
    expect((await callAs(app, token).get('/user')).json().email).toBe(email);
  });

  it('logs an internal admin in as the chosen user, who then sees only their own data', async () => {
    const adminToken = await loginToken(app, 'admin@portal.test');
    const asDm = await switched(adminToken, id.dm);
    expect(asDm.user).toMatchObject({ id: id.dm, email: 'dm@harbor.test', title: 'District Manager', isInternalAdmin: false });
    expect(await actorOf(asDm.authKey)).toBe(id.admin);
    // Exactly the District Manager's locations, as when they log in themselves.
    expect(await merchantIds(asDm.authKey)).toEqual(await merchantIds(await loginToken(app, 'dm@harbor.test')));
    expect((await merchantIds(asDm.authKey)).length).toBeLessThan((await merchantIds(await loginToken(app, 'leader@harbor.test'))).length);
    // The admin's own powers do not come along.
    expect((await callAs(app, asDm.authKey).get('/distributor/all')).statusCode).toBe(403);
    // The session switched from has ended.
    expect((await callAs(app, adminToken).get('/user')).statusCode).toBe(401);
  });

  it('lets the admin switch on from that session, to another user and back to themselves', async () => {
    const asLeader = await switched(await loginToken(app, 'admin@portal.test'), id.leader);
    const asOps = await switched(asLeader.authKey, id.ops);
    expect(asOps.user.email).toBe('ops@summit.test');
    expect(await actorOf(asOps.authKey)).toBe(id.admin);
    const back = await switched(asOps.authKey, id.admin);
    expect(back.user).toMatchObject({ email: 'admin@portal.test', isInternalAdmin: true });
    expect(await actorOf(back.authKey)).toBeNull();
    expect((await callAs(app, back.authKey).get('/distributor/all')).statusCode).toBe(200);
  });

  it.each([
    ['a deactivated user', 'deactivated', 403, 'This user has been deactivated.'],
    ['a user who has not activated their account', 'pending', 403, 'This user has not activated their account yet.'],
    ['an unknown user', null, 404, 'No such user.'],
  ] as const)('refuses to switch to %s and keeps the admin session', async (_name, target, status, message) => {
    const adminToken = await loginToken(app, 'admin@portal.test');
    const res = await switchTo(adminToken, { id: target === null ? 999_999 : id[target], reason: 'Support ticket 42' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await callAs(app, adminToken).get('/user')).json().email).toBe('admin@portal.test');
  });

  it.each([
    ['no id', {}],
    ['a string id', { id: '2' }],
    ['a fractional id', { id: 2.5 }],
  ])('rejects %s with a 400', async (_name, payload) => {
    const res = await switchTo(await loginToken(app, 'admin@portal.test'), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid body: id /);
  });

  it('ends the switched-into session when the admin is deactivated', async () => {
    const asRep = await switched(await loginToken(app, 'admin@portal.test'), id.rep);
    expect((await callAs(app, asRep.authKey).get('/user')).statusCode).toBe(200);
    await db.pool.query('update users set deactivated_at = now() where id = $1', [id.admin]);
    expect((await callAs(app, asRep.authKey).get('/user')).statusCode).toBe(401);
  });
});
