import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { pdfPages } from '../testing/pdf-text.ts';
import { callAs, loginToken, type Caller } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { AUDIENCE_REFUSAL } from '../../src/model/route-permissions.ts';

const row = (account: string, checkNumber: string, checkAmount: number | string, extra: Record<string, unknown> = {}) => ({
  'Account MAP Relationship': 'Harbor Foods Boston - Seaside Grill', 'Account Name': account, 'Check Number': checkNumber, 'Check Amount': checkAmount, ...extra,
});

describe.each(testTargets())('business panel checks data on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let admin: Caller, leader: Caller;

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    admin = callAs(app, await loginToken(app, 'admin@portal.test'));
    leader = callAs(app, await loginToken(app, 'leader@harbor.test'));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('turns checks rows into vouchers named after the first row’s Account MAP Relationship', async () => {
    const res = await admin.post('/business-panel/checks-data', { type: 'checks', rows: [row('Seaside Grill', '500123', 1234.5), row('Harbor Deli', '500124', '$87.10')] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Harbor Foods Boston - Seaside Grill.pdf'));
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Check No. 500123');
    expect(pages[0]).toContain('$1,234.50');
    expect(pages[0]).toContain('One Thousand Two Hundred Thirty-Four and 50/100 Dollars');
    expect(pages[1]).toContain('$87.10');
  });

  it('groups both rows by check: a voucher and its details with every line', async () => {
    const rows = [
      row('Seaside Grill', '500123', 300, { Location: 'Seaside Grill - Dock St', Manufacturer: 'Atlantic Poultry Co', Amount: 200 }),
      row('Seaside Grill', '500123', 300, { Location: 'Seaside Grill - Main St', Manufacturer: 'Lakeside Butter', Amount: 100 }),
    ];
    const res = await admin.post('/business-panel/checks-data', { type: 'both', rows });
    const text = (await pdfPages(res.rawPayload)).join(' ');
    for (const name of ['Check Details', 'Seaside Grill - Dock St', 'Seaside Grill - Main St', 'Atlantic Poultry Co', 'Lakeside Butter', '$300.00']) expect(text).toContain(name);
  });

  it('names every bad row and makes nothing', async () => {
    const res = await admin.post('/business-panel/checks-data', {
      type: 'checks', rows: [row('Seaside Grill', '1', 10), row('', '2', 10), row('Harbor Deli', '3', 'ten dollars')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Row 3: Account Name is missing; Row 4: Check Amount must be an amount.');
    const details = await admin.post('/business-panel/checks-data', { type: 'details', rows: [row('Seaside Grill', '1', 10, { Amount: 5 })] });
    expect(details.json().message).toBe('Row 2: Location or Manufacturer is missing.');
  });

  it('is for internal admins only', async () => {
    const res = await leader.post('/business-panel/checks-data', { type: 'checks', rows: [row('Seaside Grill', '1', 10)] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUDIENCE_REFUSAL.internalAdmin);
    expect((await callAs(app, 'nope').post('/business-panel/checks-data', { type: 'checks', rows: [] })).statusCode).toBe(401);
  });
});
