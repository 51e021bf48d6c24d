// Behind load balancers only the proxies named by TRUST_PROXY are believed: the address a client
// writes into X-Forwarded-For is never its address, so it cannot dodge the per-address limits.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../auth/login.ts';
import { readTrustProxy } from '../http/trust-proxy.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { testApp } from '../testing/test-app.ts';

const BALANCER = '10.0.0.7';

describe('TRUST_PROXY', () => {
  it('reads a hop count or proxy addresses, never "trust everyone"', () => {
    expect(readTrustProxy(undefined)).toBe(false);
    expect(readTrustProxy('0')).toBe(false);
    expect(readTrustProxy('1')).toBe(1);
    expect(readTrustProxy('true')).toBe(1);
    expect(readTrustProxy('2')).toBe(2);
    expect(readTrustProxy('10.0.0.0/8, 192.168.1.4,::1,loopback')).toEqual(['10.0.0.0/8', '192.168.1.4', '::1', 'loopback']);
    for (const bad of ['yes', '*', '10.0.0.0/33', '10.0.0', 'evil.test']) expect(() => readTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe.each(testTargets())('client addresses behind a load balancer on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  const appTrusting = async (raw: string) => {
    const { app } = await testApp(db.pool, { trustProxy: readTrustProxy(raw) });
    apps.push(app);
    return app;
  };
  /** A wrong password through `remoteAddress` with this X-Forwarded-For: the address it counted against. */
  const failFrom = async (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) => {
    const before = new Set((await db.pool.query<{ key: string }>(`select key from login_attempts where key like 'ip:%'`)).rows.map((r) => r.key));
    const res = await app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email: 'nobody@harbor.test', password: 'wrong-guess' },
    });
    expect(res.statusCode).toBe(401);
    const after = (await db.pool.query<{ key: string }>(`select distinct key from login_attempts where key like 'ip:%'`)).rows.map((r) => r.key);
    return after.filter((k) => !before.has(k)).map((k) => k.slice('ip:'.length));
  };

  it.each([
    ['1', 'rep@harbor.test'], ['true', 'dm@harbor.test'], ['10.0.0.0/8', 'ops@summit.test'],
  ])('TRUST_PROXY=%s: the address the balancer appended is the client’s, never one the client wrote', async (raw, email) => {
    const app = await appTrusting(raw);
    const client = `203.0.113.${apps.length}`;
    expect(await failFrom(app, BALANCER, `6.6.6.${apps.length}, ${client}`)).toEqual([client]);
    // Rotating what it writes does not give a client fresh addresses: the lock still comes.
    const login = (forged: string, password: string) => app.inject({
      method: 'POST', url: '/api/auth/login', remoteAddress: BALANCER,
      headers: { 'x-forwarded-for': `${forged}, ${client}` }, payload: { email, password },
    });
    for (let i = 0; i < 5; i++) expect((await login(`6.6.${apps.length}.${i}`, 'wrong-guess')).statusCode).toBe(401);
    const locked = await login('6.6.6.250', 'portal-demo');
    expect([locked.statusCode, locked.json().message]).toEqual([429, TOO_MANY_ATTEMPTS]);
  });

  it('a client that reaches the server directly is its socket address, whatever it writes', async () => {
    const app = await appTrusting('10.0.0.0/8');
    expect(await failFrom(app, '198.51.100.4', '6.6.6.6')).toEqual(['198.51.100.4']);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const app = await appTrusting('');
    expect(await failFrom(app, '198.51.100.5', '6.6.6.7, 203.0.113.99')).toEqual(['198.51.100.5']);
  });
});
