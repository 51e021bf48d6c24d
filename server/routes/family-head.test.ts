import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyHeadRefused, type CurrentDistributor } from '../../src/model/distributor.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { callAs, loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

// Issue 39, item 1: the family head ("Harbor Foods (PA)": no parent, houses of its own) has no
// purchases of its own, so nobody acts for it: not offered, refused, and a saved one is left.
describe.each(testTargets())('the family head is not a house one acts for, on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let ids: Record<'harbor' | 'summit' | 'boston' | 'portland', number>;
  const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const as = async (email: string) => callAs(app, await loginToken(app, email));
  const saveActive = (email: string, id: number) => q('update users set active_distributor_id = $2 where email = $1', [email, id]);
  const savedActive = async (email: string) =>
    (await q<{ id: number }>('select active_distributor_id as id from users where email = $1', [email]))[0]!.id;
  const nicknames = (c: CurrentDistributor) => c.houses.map((h) => h.nickname);

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    const [d] = await q<Record<string, number>>(
      `select (select id from distributors where nickname = 'Harbor Foods (PA)') as harbor,
              (select id from distributors where nickname = 'Summit Provisions (PA)') as summit,
              (select id from distributors where nickname = 'Harbor Foods Boston') as boston,
              (select id from distributors where nickname = 'Harbor Foods Portland') as portland`);
    ids = d as typeof ids;
    // The demo's multi-house leaders have the family head among their houses.
    expect(await q('select 1 from user_houses h join users u on u.id = h.user_id where u.email = $1 and h.distributor_id = $2',
      ['houses@harbor.test', ids.harbor])).toHaveLength(1);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('is not offered in the House selector, nor among the houses of a user, to leaders and internal admins alike', async () => {
    const leader = await as('leader@harbor.test');
    const current = (await leader.get('/user/current-distributor')).json() as CurrentDistributor;
    expect(nicknames(current)).toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']);
    expect(current.movedFrom).toBeNull();
    expect(((await leader.get('/distributor')).json() as { nickname: string }[]).map((h) => h.nickname))
      .toEqual(['Harbor Foods Boston', 'Harbor Foods Portland']);
    // Nor its users for View As: the View As list is of a house one acts for.
    const [{ platform_id: harborPlatform }] = await q<{ platform_id: string }>('select platform_id from distributors where id = $1', [ids.harbor]) as [{ platform_id: string }];
    expect((await leader.get(`/distributor/users-of-child?platformId=${harborPlatform}`)).statusCode).toBe(403);
    const admin = await as('admin@portal.test');
    const adminHouses = nicknames((await admin.get('/user/current-distributor')).json());
    expect(adminHouses).toContain('Harbor Foods Boston');
    expect(adminHouses).toContain('Coastal Wholesale'); // a distributor without a family is a house
    expect(adminHouses.filter((n) => n.includes('(PA)'))).toEqual([]);
  });

  it('is refused as the active house with a message that says why, and the saved house stays', async () => {
    const leader = await as('leader@harbor.test');
    const res = await leader.post(`/user/active-distributor/${ids.harbor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(familyHeadRefused('Harbor Foods (PA)'));
    expect((await leader.get('/user/current-distributor')).json().active.nickname).toBe('Harbor Foods Boston');
    const admin = await as('admin@portal.test');
    const byAdmin = await admin.post(`/user/active-distributor/${ids.summit}`);
    expect(byAdmin.statusCode).toBe(400);
    expect(byAdmin.json().message).toBe(familyHeadRefused('Summit Provisions (PA)'));
    // Another family's head: not theirs to act for, whatever it is.
    expect((await (await as('ops@summit.test')).post(`/user/active-distributor/${ids.harbor}`)).statusCode).toBe(403);
  });

  it('saved as the active house, is left for the first house the user may act for, on the server, with the head named once', async () => {
    await saveActive('houses@harbor.test', ids.harbor);
    // Every call acts for the house already: the login's session user, the merchants.
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'houses@harbor.test', password: 'portal-demo' } });
    expect(login.json().user.activeDistributor.nickname).toBe('Harbor Foods Boston');
    const me = callAs(app, login.json().authKey);
    const boston = (await q<{ id: number }>('select merchant_id as id from merchant_accounts where distributor_id = $1 order by 1', [ids.boston])).map((r) => r.id);
    expect(((await me.get('/merchant')).json() as { id: number }[]).map((m) => m.id).sort((a, b) => a - b)).toEqual(boston);
    expect(await savedActive('houses@harbor.test')).toBe(ids.harbor);
    // The house selector's call saves the move and names the head it left, once.
    const first = (await me.get('/user/current-distributor')).json() as CurrentDistributor;
    expect(first.active.nickname).toBe('Harbor Foods Boston');
    expect(first.movedFrom?.nickname).toBe('Harbor Foods (PA)');
    expect(nicknames(first)).not.toContain('Harbor Foods (PA)');
    expect(await savedActive('houses@harbor.test')).toBe(ids.boston);
    expect(((await me.get('/user/current-distributor')).json() as CurrentDistributor).movedFrom).toBeNull();
  });

  it('left for a house of the head the user may act for, before their other houses', async () => {
    // A Portland-only user whose saved house became the family head: Portland, not Boston.
    const [user] = await q<{ email: string }>(
      `select u.email from users u where u.channel_partner_id = $1 and u.approval = 'approved' and u.activated_at is not null
          and u.deactivated_at is null and not u.is_internal_admin and not exists (select 1 from user_houses h where h.user_id = u.id and h.distributor_id <> $1)
        order by u.id limit 1`, [ids.portland]);
    await saveActive(user!.email, ids.harbor);
    const me = await as(user!.email);
    const current = (await me.get('/user/current-distributor')).json() as CurrentDistributor;
    expect([current.active.nickname, current.movedFrom?.nickname]).toEqual(['Harbor Foods Portland', 'Harbor Foods (PA)']);
    expect(await savedActive(user!.email)).toBe(ids.portland);
  });
});
