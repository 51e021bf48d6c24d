// Spec: accounts-and-administration.md §5 Validation rules: hostile values that used to reach PostgreSQL or date arithmetic and come
// back as 500. Each must be a 400 with a message, and change nothing.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('bad input on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let leader = '';
  let admin = '';

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    [leader, admin] = await Promise.all([loginToken(app, 'leader@harbor.test'), loginToken(app, 'admin@portal.test')]);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const ID = /a positive whole number below 2147483648/;
  const CONTROL = /control characters/;
  const DATE = /between 2000-01-01 and 2099-12-31/;
  const range = { startDate: '2026-10-01', endDate: '2026-10-31', showRebates: 1, showDeviations: 0 };
  const cases: [string, string | null, InjectOptions, RegExp][] = [
    ['a merchant id beyond 32 bits on the dashboard', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, merchants: [2147483648] } }, ID],
    ['a merchant id beyond 32 bits on lost volume', 'leader', { method: 'POST', url: '/api/dashboard/lost-volume', payload: { merchantIds: [9007199254740991] } }, ID],
    ['a negative merchant id', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, merchants: [-5] } }, ID],
    ['a user id beyond 32 bits', 'leader', { method: 'GET', url: '/api/analytics/user-sessions?user_id=9999999999' }, ID],
    ['a session id beyond 32 bits', 'admin', { method: 'POST', url: '/api/auth/session', payload: { id: 2147483648 } }, ID],
    ['a NUL in the login email, unauthenticated', null, { method: 'POST', url: '/api/auth/login', payload: { email: 'leader\u0000@harbor.test', password: 'portal-demo' } }, CONTROL],
    ['a NUL in a sign-up name', null, {
      method: 'POST', url: '/api/auth/sign-up',
      payload: { partnerPlatformId: 'CP-100001', partnerName: 'A\u0000', contactName: 'B', email: 'new@x.test', password: 'secret1', repeatPassword: 'secret1', siteUrl: 'http://127.0.0.1' },
    }, CONTROL],
    ['a NUL in an invitation', 'leader', {
      method: 'POST', url: '/api/user/invite',
      payload: { contactName: 'I\u0000', email: 'i@harbor.test', title: 'Distributor Rep', displayPaymentInfo: false, displayIntel: false, displayInvoice: false, isMultiHouse: false, inviteAll: false, locations: [], siteUrl: 'http://127.0.0.1' },
    }, CONTROL],
    ['a NUL in a feedback comment', 'leader', { method: 'POST', url: '/api/match/feedback', payload: { min: 'A1', badMatchMin: 'B2', comment: 'bad\u0000' } }, CONTROL],
    ['a NUL in a rebate search', 'leader', { method: 'GET', url: '/api/full-rebate-deviation?page=1&search=%00' }, CONTROL],
    ['a control character in a query key value', 'leader', { method: 'GET', url: '/api/rebate-deviation?search=%1Bx' }, CONTROL],
    ['a date in year 9999', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, startDate: '9999-12-01', endDate: '9999-12-31' } }, DATE],
    ['a month 13', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, startDate: '2026-13-01' } }, DATE],
    ['February 30th', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, startDate: '2026-02-30' } }, DATE],
    ['a date in year 0001', 'leader', { method: 'POST', url: '/api/dashboard', payload: { ...range, startDate: '0001-01-01', endDate: '0001-01-31' } }, DATE],
  ];

  it.each(cases)('%s is a 400 that says why', async (_, who, request, why) => {
    const token = who === 'leader' ? leader : who === 'admin' ? admin : null;
    const res = await app.inject({ ...request, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(why);
  });
});
