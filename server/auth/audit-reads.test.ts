// The impersonation audit log tells reads from writes: a POST that only asks (the dashboard) made
// through an acting admin's session is logged as 'read', a change as 'write', and the Admin
// Panel's audit view (its codec) takes both.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/model/codec.ts';
import { AuditRows } from '../../src/model/impersonation.ts';
import { ROUTE_AUDIENCE, ROUTE_EFFECT_EXCEPTIONS, routeEffect } from '../../src/model/route-permissions.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

describe('the effect of each route', () => {
  it('names only routes that exist, and defaults GET to read, everything else to write', () => {
    for (const route of Object.keys(ROUTE_EFFECT_EXCEPTIONS)) expect(ROUTE_AUDIENCE[route], route).toBeDefined();
    expect(routeEffect('POST /api/dashboard')).toBe('read');
    expect(routeEffect('GET /api/user/deactivate/:id')).toBe('write');
    expect(routeEffect('GET /api/user')).toBe('read');
    expect(routeEffect('PATCH /api/user/:id')).toBe('write');
    expect(routeEffect('POST /api/match/feedback')).toBe('write');
  });
});

describe.each(testTargets())('audit log reads and writes on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 20, months: 1 });
    ({ app } = await testApp(db.pool));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('logs a read-only POST as a read and a write as a write, and the audit view decodes both', async () => {
    const admin = await loginToken(app, 'admin@portal.test');
    const ids = Object.fromEntries((await db.pool.query(`select email, id from users where email in ('leader@harbor.test', 'admin@portal.test')`)).rows.map((r) => [r.email, r.id]));
    const boston = (await db.pool.query(`select id from distributors where nickname = 'Harbor Foods Boston'`)).rows[0].id;
    const asLeader = (await call(admin, 'POST', '/auth/session', { id: ids['leader@harbor.test'], reason: 'Checking the dashboard totals' })).json().authKey as string;

    expect((await call(asLeader, 'POST', '/dashboard', { startDate: '2026-10-01', endDate: '2026-10-31', showRebates: 1, showDeviations: 0, merchants: [] })).statusCode).toBe(200);
    expect((await call(asLeader, 'GET', '/user')).statusCode).toBe(200);
    expect((await call(asLeader, 'POST', `/user/active-distributor/${boston}`)).statusCode).toBe(200);

    const auditor = await loginToken(app, 'admin@portal.test');
    const res = await call(auditor, 'GET', `/admin/audit?userId=${ids['leader@harbor.test']}`);
    const rows = decode(AuditRows, res.json());
    expect(rows.ok, JSON.stringify(res.json())).toBe(true);
    if (!rows.ok) return;
    const calls = rows.value.filter((r) => r.event !== 'start').map((r) => [r.event, r.call]);
    expect(calls).toEqual([['write', 'POST /api/user/active-distributor/:id'], ['read', 'POST /api/dashboard']]);
    expect((await call(auditor, 'GET', `/admin/audit?userId=${ids['leader@harbor.test']}&event=read`)).json()).toHaveLength(1);
  });
});
