import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/users.ts';
import { testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { twoServers, type TwoServers } from '../testing/two-servers.ts';

/**
 * The caller remembered between requests (live-callers.ts) is never older than the database:
 * each change below is made straight in SQL, as another server, a worker or an operator would,
 * and shows at the caller's very next request, on both of two servers.
 */
describe.each(testTargets())('callers remembered between requests on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let servers: TwoServers;
  let a: FastifyInstance, b: FastifyInstance;
  let ip = 0;
  const q = async <T>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const login = async (email: string) => {
    const res = await a.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress: `10.78.0.${++ip}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().authKey as string;
  };
  const get = (node: FastifyInstance, token: string, url: string) => node.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
  const callerVersion = async () => (await q<{ v: string }>('select version::text as v from caller_version'))[0]!.v;
  const merchantCount = async (node: FastifyInstance, token: string) => {
    const res = await get(node, token, '/merchant');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as unknown[]).length;
  };

  beforeAll(async () => {
    servers = await twoServers(adminUrl);
    ({ db, a, b } = servers);
  });
  afterAll(() => servers?.close());

  it('a user deactivated in SQL is refused at their next request on either server', async () => {
    const token = await login('dm@harbor.test');
    for (const node of [a, b, a, b]) expect((await get(node, token, '/user')).statusCode).toBe(200);
    await q(`update users set deactivated_at = now() where email = 'dm@harbor.test'`);
    try {
      for (const node of [a, b]) expect((await get(node, token, '/user')).statusCode).toBe(401);
    } finally {
      await q(`update users set deactivated_at = null where email = 'dm@harbor.test'`);
    }
  });

  it('a session revoked in SQL ends at once; a login elsewhere leaves the remembered callers alone', async () => {
    const token = await login('rep@harbor.test');
    expect((await get(a, token, '/user')).statusCode).toBe(200);
    const before = await callerVersion();
    await login('leader@harbor.test'); // a new session and last_login_at: nothing a remembered caller depends on
    expect(await callerVersion()).toBe(before);
    await q(`update auth_sessions set revoked_at = now() where user_id = (select id from users where email = 'rep@harbor.test') and revoked_at is null`);
    expect(await callerVersion()).not.toBe(before);
    for (const node of [a, b]) expect((await get(node, token, '/user')).statusCode).toBe(401);
  });

  it('locations assigned or taken away in SQL change what the caller sees at the next request', async () => {
    const token = await login('rep@harbor.test');
    const seen = await merchantCount(a, token);
    expect(await merchantCount(b, token)).toBe(seen);
    const [{ id: extra }] = await q<{ id: number }>(
      `select a.merchant_id as id from merchant_accounts a join distributors d on d.id = a.distributor_id
        where d.nickname = 'Harbor Foods Boston'
          and a.merchant_id not in (select merchant_id from user_locations ul join users u on u.id = ul.user_id where u.email = 'rep@harbor.test')
        order by 1 limit 1`) as [{ id: number }];
    await q(`insert into user_locations (user_id, merchant_id) select id, $1 from users where email = 'rep@harbor.test'`, [extra]);
    try {
      for (const node of [a, b]) expect(await merchantCount(node, token)).toBe(seen + 1);
    } finally {
      await q(`delete from user_locations where merchant_id = $1 and user_id = (select id from users where email = 'rep@harbor.test')`, [extra]);
    }
    for (const node of [a, b]) expect(await merchantCount(node, token)).toBe(seen);
  });

  it('a title changed in SQL changes what the caller may call at the next request', async () => {
    const token = await login('rep@harbor.test');
    const [{ platform_id: boston }] = await q<{ platform_id: string }>(`select platform_id from distributors where nickname = 'Harbor Foods Boston'`) as [{ platform_id: string }];
    const users = `/distributor/users-of-family?platformId=${boston}`;
    // A rep may not list the family's users; made a leader, they may at once.
    expect((await get(a, token, users)).statusCode).toBe(403);
    await q(`update users set title = 'Leadership' where email = 'rep@harbor.test'`);
    try {
      for (const node of [a, b]) expect((await get(node, token, users)).statusCode).toBe(200);
    } finally {
      await q(`update users set title = 'Distributor Rep' where email = 'rep@harbor.test'`);
    }
    expect((await get(b, token, users)).statusCode).toBe(403);
  });
});
