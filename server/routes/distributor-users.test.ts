import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { callAs, loginToken, type Caller } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import type { HouseUser } from '../../src/model/house-users.ts';

describe.each(testTargets())('distributor users on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let leader: Caller, dm: Caller, rep: Caller, ops: Caller, admin: Caller;
  let platform: Record<'boston' | 'portland' | 'hartford', string>;

  const emails = (users: HouseUser[]) => users.map((u) => u.email);
  const usersOf = async (who: Caller, which: 'child' | 'family', platformId: string) => {
    const res = await who.get(`/distributor/users-of-${which}?platformId=${platformId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as HouseUser[];
  };

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 40, months: 2 });
    ({ app } = await testApp(db.pool));
    const { rows } = await db.pool.query(
      `select nickname, platform_id from distributors
        where nickname in ('Harbor Foods Boston', 'Harbor Foods Portland', 'Summit Provisions Hartford')`);
    const by = new Map(rows.map((r) => [r.nickname, r.platform_id]));
    platform = { boston: by.get('Harbor Foods Boston'), portland: by.get('Harbor Foods Portland'), hartford: by.get('Summit Provisions Hartford') };
    [leader, dm, rep, ops, admin] = await Promise.all(
      ['leader@harbor.test', 'dm@harbor.test', 'rep@harbor.test', 'ops@summit.test', 'admin@portal.test'].map(async (e) => callAs(app, await loginToken(app, e))),
    );
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('gives a leader the users of their house, with name, email and role', async () => {
    const users = await usersOf(leader, 'child', platform.boston);
    expect(emails(users)).toEqual(expect.arrayContaining(['leader@harbor.test', 'dm@harbor.test', 'rep@harbor.test']));
    expect(users.find((u) => u.email === 'dm@harbor.test')).toEqual({ id: expect.any(Number), contactName: 'Dana District', email: 'dm@harbor.test', title: 'District Manager' });
    // GPO staff and other families are not users of the house; neither are deactivated or pending accounts.
    expect(emails(users)).not.toContain('admin@portal.test');
    expect(emails(users)).not.toContain('ops@summit.test');
    const { rows } = await db.pool.query(
      `select email from users where deactivated_at is not null or activated_at is null`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(emails(users)).not.toContain(r.email);
  });

  it('lists the whole family for users-of-family, and only that house for users-of-child', async () => {
    const portland = await usersOf(leader, 'child', platform.portland);
    const family = await usersOf(leader, 'family', platform.boston);
    expect(portland.length).toBeGreaterThan(0);
    expect(emails(portland)).not.toContain('dm@harbor.test');
    expect(emails(family)).toEqual(expect.arrayContaining([...emails(portland), 'dm@harbor.test']));
    expect(emails(family)).not.toContain('ops@summit.test');
  });

  type Case = [string, () => Caller, () => string, 'child' | 'family'];
  it.each<Case>([
    ['a leader asks for another family’s house', () => leader, () => platform.hartford, 'child'],
    ['a leader asks for another family', () => leader, () => platform.hartford, 'family'],
    ['an operations user of another family asks for Harbor', () => ops, () => platform.boston, 'child'],
    ['a district manager asks for their own house', () => dm, () => platform.boston, 'child'],
    ['a rep asks for their own family', () => rep, () => platform.boston, 'family'],
    ['a leader asks for an unknown distributor', () => leader, () => 'CP-999999', 'child'],
  ])('refuses with 403 when %s', async (_name, who, platformId, which) => {
    const res = await who().get(`/distributor/users-of-${which}?platformId=${platformId()}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You may not see the users of this distributor.');
  });

  it('lets an internal admin list any house, and says when a distributor does not exist', async () => {
    expect(emails(await usersOf(admin, 'child', platform.hartford))).toContain('ops@summit.test');
    expect((await admin.get('/distributor/users-of-child?platformId=CP-999999')).statusCode).toBe(404);
  });

  it.each([
    ['no platform id', ''],
    ['a malformed platform id', '?platformId=12345'],
    ['SQL in the platform id', "?platformId=CP-000001'%20or%201=1--"],
  ])('rejects %s with a 400', async (_name, query) => {
    const res = await admin.get(`/distributor/users-of-child${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/platformId (is required|must be a distributor platform id like CP-000123)/);
  });

  it('lists every distributor for internal admins only', async () => {
    const res = await admin.get('/distributor/all');
    expect(res.statusCode).toBe(200);
    const nicknames = res.json().map((d: { nickname: string }) => d.nickname);
    expect(nicknames).toEqual(expect.arrayContaining(['Harbor Foods Boston', 'Summit Provisions Hartford']));
    expect((await leader.get('/distributor/all')).statusCode).toBe(403);
    expect((await rep.get('/distributor/all')).statusCode).toBe(403);
  });
});
