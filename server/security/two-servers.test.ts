import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../auth/login.ts';
import { monthStart } from '../repositories/dashboard-range.ts';
import { BUMP_DATA_VERSION } from '../rollups/rollups.ts';
import { DEMO_PASSWORD } from '../seed/users.ts';
import { testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { twoServers, type TwoServers } from '../testing/two-servers.ts';

/**
 * Two API servers on one database, each with its own pool and its own memory (answer cache,
 * verified tokens), as behind a load balancer: whichever node a request reaches, sessions,
 * login limits and cached answers behave as with one server.
 */
describe.each(testTargets())('two servers on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let servers: TwoServers;
  let a: FastifyInstance, b: FastifyInstance;
  let ip = 0;
  const freshIp = () => `10.77.0.${++ip}`;
  const login = (node: FastifyInstance, password: string, remoteAddress: string) =>
    node.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leader@harbor.test', password }, remoteAddress });
  const call = (node: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    node.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    servers = await twoServers(adminUrl);
    ({ db, a, b } = servers);
  });
  afterAll(() => servers?.close());

  it('a session opened on one node works on the other, and a logout on one ends it on both', async () => {
    const token = (await login(a, DEMO_PASSWORD, freshIp())).json().authKey as string;
    // Both nodes have now verified the token once (each keeps its own verified-token memory).
    expect((await call(a, token, 'GET', '/user')).statusCode).toBe(200);
    expect((await call(b, token, 'GET', '/user')).statusCode).toBe(200);
    expect((await call(a, token, 'POST', '/auth/logout')).statusCode).toBeLessThan(300);
    expect((await call(b, token, 'GET', '/user')).statusCode).toBe(401);
    expect((await call(a, token, 'GET', '/user')).statusCode).toBe(401);
  });

  it('failed logins count across nodes: five from one address, split over both, lock that address', async () => {
    const from = freshIp();
    for (const node of [a, b, a, b, a]) expect((await login(node, 'not-the-password', from)).statusCode).toBe(401);
    const refused = await login(b, DEMO_PASSWORD, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_ATTEMPTS);
    expect((await login(a, DEMO_PASSWORD, from)).statusCode).toBe(429);
    // Another address is not held back by it.
    expect((await login(b, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('a data version bumped once is seen by both nodes’ answer caches at their next request', async () => {
    const token = (await login(a, DEMO_PASSWORD, freshIp())).json().authKey as string;
    const today = new Date();
    const body = { startDate: monthStart(today, 1), endDate: monthStart(today, 0), showRebates: 1, showDeviations: 0, merchants: [] };
    const dashboard = async (node: FastifyInstance) => {
      const res = await call(node, token, 'POST', '/dashboard', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.headers['x-answer-cache'];
    };
    expect([await dashboard(a), await dashboard(b)]).toEqual(['miss', 'miss']);
    expect([await dashboard(a), await dashboard(b)]).toEqual(['hit', 'hit']);
    // A rollup refresh (by a worker, or by either node) bumps the version in the database.
    await db.pool.query(BUMP_DATA_VERSION);
    expect([await dashboard(b), await dashboard(a)]).toEqual(['miss', 'miss']);
    expect([await dashboard(b), await dashboard(a)]).toEqual(['hit', 'hit']);
  });
});
