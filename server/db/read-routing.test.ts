import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { isReplicaFault } from './read-routing.ts';

/**
 * Lag-tolerant reads on a replica (DATABASE_REPLICA_URL), with two databases standing in for the
 * primary and its streaming replica: the same seed, the replica's merchants renamed so its answers
 * can be told apart, and each database's data version set by hand (replication lag).
 */
describe.each(testTargets())('reads on a replica on $name', ({ adminUrl }) => {
  let primary: ScratchDatabase, replica: ScratchDatabase;
  let app: FastifyInstance;
  let token: string;
  const setVersion = (db: ScratchDatabase, version: number) => db.pool.query('update data_version set version = $1', [version]);
  const merchants = async (node: FastifyInstance, seen?: string) => {
    const res = await node.inject({
      method: 'GET', url: '/api/merchant',
      headers: { authorization: `Bearer ${token}`, ...(seen ? { 'x-data-version': seen } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { from: res.body.includes('(replica)') ? 'replica' : 'primary', version: res.headers['x-data-version'] };
  };

  beforeAll(async () => {
    [primary, replica] = await Promise.all([seededScratchDatabase(adminUrl), seededScratchDatabase(adminUrl)]);
    await replica.pool.query(`update merchants set name = name || ' (replica)'`);
    // No answer caches nor in-memory indexes: they would hand one database's answer out for the other's at the same version.
    ({ app } = await testApp(primary.pool, { answerCache: false, dashboardIndex: false }, undefined, replica.pool));
    token = await loginToken(app, 'leader@harbor.test');
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([primary?.drop(), replica?.drop()]);
  });

  it('a caller who has seen version N gets the primary’s answer while the replica is at N-1, and the replica’s once it caught up', async () => {
    await setVersion(primary, 10);
    await setVersion(replica, 9);
    // A caller who has seen nothing yet may read the replica.
    expect(await merchants(app)).toEqual({ from: 'replica', version: '9' });
    expect(await merchants(app, '9')).toEqual({ from: 'replica', version: '9' });
    expect(await merchants(app, '10')).toEqual({ from: 'primary', version: '10' });
    await setVersion(replica, 10);
    expect(await merchants(app, '10')).toEqual({ from: 'replica', version: '10' });
    // Nonsense in the header counts as nothing seen.
    expect(await merchants(app, 'lots')).toEqual({ from: 'replica', version: '10' });
  });

  it('the replica’s lists, dashboard, Intel and insights alike: each answers from the primary for a caller ahead of it', async () => {
    await setVersion(primary, 21);
    await setVersion(replica, 20);
    const today = new Date().toISOString().slice(0, 10);
    const range = { startDate: `${today.slice(0, 8)}01`, endDate: today };
    const calls = [
      { method: 'POST', url: '/api/dashboard', payload: { ...range, showRebates: 1, showDeviations: 0, merchants: [] } },
      { method: 'POST', url: '/api/competitive/merchants', payload: range },
      { method: 'GET', url: '/api/rebate-deviation' },
    ] as const;
    for (const call of calls) {
      for (const [seen, version] of [['20', '20'], ['21', '21']]) {
        const res = await app.inject({ ...call, headers: { authorization: `Bearer ${token}`, 'x-data-version': seen } });
        expect(res.statusCode, `${call.url}: ${res.body}`).toBe(200);
        expect(res.headers['x-data-version'], call.url).toBe(version);
      }
    }
  });

  it('a replica that refuses connections leaves every read on the primary, with no failed request', async () => {
    const down = new pg.Pool({ connectionString: 'postgres://portal@127.0.0.1:1/portal', connectionTimeoutMillis: 2000 });
    down.on('error', () => undefined);
    const { app: node } = await testApp(primary.pool, { answerCache: false }, undefined, down);
    try {
      await setVersion(primary, 30);
      for (const seen of [undefined, '0', '30', undefined]) expect(await merchants(node, seen)).toEqual({ from: 'primary', version: '30' });
    } finally {
      await node.close();
      await down.end();
    }
  });

  it('a query the replica fails midway (restart, recovery conflict) is a fault to retry on the primary; a bad query is not', () => {
    expect(isReplicaFault(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isReplicaFault(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isReplicaFault(Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }))).toBe(true);
    expect(isReplicaFault(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaFault(Object.assign(new Error('column "nope" does not exist'), { code: '42703' }))).toBe(false);
    expect(isReplicaFault(Object.assign(new Error('canceling statement due to user request'), { code: '57014' }))).toBe(false);
  });

  it('without a replica nothing changes: the primary answers whatever version the caller says', async () => {
    const { app: single } = await testApp(primary.pool, { answerCache: false });
    try {
      await setVersion(primary, 40);
      expect(await merchants(single, '99')).toEqual({ from: 'primary', version: '40' });
    } finally {
      await single.close();
    }
  });
});
