import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshRollups } from '../rollups/rollups.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { callAs, loginToken, type Caller } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { RANGE_TOO_LONG_MESSAGE } from '../../src/model/dashboard.ts';
import {
  ORDER_HISTORY_ONE_MONTH, type CompetitiveItems, type InsightsMerchant, type OrderHistory, type WinBackList,
} from '../../src/model/insights.ts';

// A month after the seeded data, holding only the lines this test writes, so every figure below
// is computed by hand (docs/insights.md has the definitions).
const MARCH = { startDate: '2027-03-01', endDate: '2027-03-31' };

describe.each(testTargets())('competitive insights on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let leader: Caller, dm: Caller, leaderAsDm: Caller;
  let boston: number, merchant: number, summitMerchant: number, dmMerchants: number[], bostonMerchants: number[];

  const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const one = async (sql: string, args: unknown[] = []) => (await q<{ id: number }>(sql, args))[0]!.id;
  const ok = async <T,>(who: Caller, url: string, payload: object) => {
    const res = await who.post(url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 120, months: 13 });
    ({ app } = await testApp(db.pool));
    boston = await one(`select id from distributors where nickname = 'Harbor Foods Boston'`);
    const dmId = await one(`select id from users where email = 'dm@harbor.test'`);
    dmMerchants = (await q<{ id: number }>('select merchant_id as id from user_locations where user_id = $1 order by 1', [dmId])).map((r) => r.id);
    bostonMerchants = (await q<{ id: number }>('select merchant_id as id from merchant_accounts where distributor_id = $1 order by 1', [boston])).map((r) => r.id);
    // A Boston merchant the District Manager is not assigned.
    merchant = bostonMerchants.find((id) => !dmMerchants.includes(id))!;
    summitMerchant = await one(`select a.merchant_id as id from merchant_accounts a join distributors d on d.id = a.distributor_id
      where d.nickname like 'Summit%' and a.merchant_id not in (select merchant_id from merchant_accounts where distributor_id = $1) order by 1 limit 1`, [boston]);
    const competitor = await one(`select id from distributors where nickname not like 'Harbor Foods%' order by id limit 1`);
    const leaderId = await one(`select id from users where email = 'leader@harbor.test'`);
    const summitUser = await one(`select id from users where email = 'ops@summit.test'`);
    const { manufacturer, category } = (await q<{ manufacturer: number; category: number }>(
      'select manufacturer_id as manufacturer, category_id as category from items order by id limit 1'))[0]!;

    // Lost items L1, L2; the house carries R1, R2, R3 but not R5.
    const item = async (min: string, weight: number | null = null) =>
      one(`insert into items (min, description, manufacturer_id, category_id, pack, uom, weight) values ($1, $2, $3, $4, '4/5 LB', 'CS', $5) returning id`,
        [min, `Winback Test ${min}`, manufacturer, category, weight]);
    const [l1, l2, r1, r2, r3, r5] = [await item('WB-L1'), await item('WB-L2'), await item('WB-R1'), await item('WB-R2'), await item('WB-R3'), await item('WB-R5')];
    for (const [i, din] of [[r1, 'WBD1'], [r2, 'WBD2'], [r3, 'WBD3']] as const) {
      await q('insert into distributor_items (distributor_id, item_id, din) values ($1, $2, $3)', [boston, i, din]);
    }
    for (const [from, to, score] of [[l1, r5, 0.99], [l1, r3, 0.95], [l1, r1, 0.9], [l2, r1, 0.9], [l2, r2, 0.8]] as const) {
      await q('insert into item_matches (item_id, match_item_id, score) values ($1, $2, $3)', [from, to, score]);
    }
    await q(`insert into rebates (item_id, type, value, starts_on, ends_on) values ($1, 'FIXED_AMOUNT_PER_QTY', 0.5, '2027-01-01', '2027-12-31'),
             ($2, 'PERCENT_OF_PRICE', 10, '2027-01-01', '2027-12-31')`, [r1, r2]);
    await q(`insert into deviations (item_id, distributor_id, deviated_price, starts_on, ends_on) values ($1, $2, 15, '2027-01-01', '2027-12-31')`, [r2, boston]);
    // Harbor recommends R1 for L1 (first, above R3's higher score) and reports R1 a bad match for L2;
    // Summit's report of R2 for L2 is another family's and changes nothing.
    await q(`insert into match_feedback (user_id, min, recommended_min) values ($1, 'WB-L1', 'WB-R1')`, [leaderId]);
    await q(`insert into match_feedback (user_id, min, bad_match_min, comment) values ($1, 'WB-L2', 'WB-R1', 'not alike'), ($2, 'WB-L2', 'WB-R2', 'theirs')`, [leaderId, summitUser]);
    const line = `insert into purchase_lines (merchant_id, distributor_id, invoice_id, invoice_date, item_id, manufacturer_id, category_id, quantity, unit_price, start_guidance, end_guidance)
                  values ($1, $2, $3, $4, $5, ${manufacturer}, ${category}, $6, $7, $8, $9)`;
    await q(line, [merchant, competitor, 'INV-W1', '2027-03-05', l1, 10, 5, 4, 7]);
    await q(line, [merchant, competitor, 'INV-W1', '2027-03-05', l2, 4, 20, 18, 22]);
    await q(line, [merchant, competitor, 'INV-W2', '2027-03-20', l1, 2, null, 4, 6]);
    await q(line, [merchant, boston, 'INV-B1', '2027-03-10', l1, 3, 5, 4, 6]);
    await refreshRollups(db.pool);

    const token = (email: string) => loginToken(app, email);
    leader = callAs(app, await token('leader@harbor.test'));
    dm = callAs(app, await token('dm@harbor.test'));
    leaderAsDm = callAs(app, await token('leader@harbor.test'), dmId);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('win-back: each lost item with the house’s best carried match, its rebate on the same quantity, by money at stake', async () => {
    const list = await ok<WinBackList>(leader, '/competitive/win-back', { ...MARCH, merchantId: merchant });
    // L2: 4 × $20 = $80 at stake; R1 reported bad by Harbor, so R2: 10 % of Boston's $15 deviated price × 4 = $6.
    // L1: 10 × $5 + 2 × midpoint $5 = $60 (Boston's own 3 not counted); R5 not carried, R1 recommended
    // before R3's higher score: $0.50 × 12 = $6.
    expect(list.rows.map((r) => [r.min, r.quantity, r.moneyAtStake, r.replacement?.min, r.estimatedRebate])).toEqual([
      ['WB-L2', 4, 80, 'WB-R2', 6],
      ['WB-L1', 12, 60, 'WB-R1', 6],
    ]);
    expect(list.rows[0]!.replacement).toMatchObject({ rebateType: 'PERCENT_OF_PRICE', rebateValue: 10, deviationValue: 15, recommended: false });
    expect(list.rows[1]!.replacement).toMatchObject({ rebateType: 'FIXED_AMOUNT_PER_QTY', rebateValue: 0.5, deviationValue: null, recommended: true });
    expect([list.totalAtStake, list.totalRebate]).toEqual([140, 12]);
    // The house-wide list (from the house's lost-item rollups) says the same: no other merchant bought in March 2027.
    expect(await ok<WinBackList>(leader, '/competitive/win-back', MARCH)).toEqual(list);
  });

  it('win-back is scoped: a DM’s house list lacks a merchant not theirs, and another family’s merchant is missing', async () => {
    expect((await ok<WinBackList>(dm, '/competitive/win-back', MARCH)).rows).toEqual([]);
    expect((await ok<WinBackList>(leaderAsDm, '/competitive/win-back', MARCH)).rows).toEqual([]);
    expect((await dm.post('/competitive/win-back', { ...MARCH, merchantId: merchant })).statusCode).toBe(404);
    expect((await leader.post('/competitive/win-back', { ...MARCH, merchantId: summitMerchant })).statusCode).toBe(404);
  });

  it('order history: competitor invoices newest first, each order’s volume the sum of midpoint × quantity', async () => {
    const [m] = await ok<OrderHistory>(leader, '/competitive/order-history', { ...MARCH, showLineItems: true, merchants: [{ id: merchant, merchant: 'x' }] });
    expect(m!.id).toBe(merchant);
    expect(m!.invoices.map((i) => [i.date, i.invoiceId, i.estimatedVolume])).toEqual([
      ['2027-03-20', 'INV-W2', 10], // 2 × (4 + 6) / 2
      ['2027-03-05', 'INV-W1', 135], // 10 × 5.5 + 4 × 20
    ]);
    expect(m!.invoices[1]!.lines.map((l) => [l.min, l.volumeLow, l.volumeHigh, l.estimatedVolume])).toEqual([
      ['WB-L1', 40, 70, 55],
      ['WB-L2', 72, 88, 80],
    ]);
  });

  it('order history: one calendar month at a time, the range rule, and only the caller’s merchants', async () => {
    const across = await leader.post('/competitive/order-history', { startDate: '2027-03-15', endDate: '2027-04-14', showLineItems: true, merchants: [{ id: merchant, merchant: 'x' }] });
    expect(across.statusCode).toBe(400);
    expect(across.json().message).toBe(ORDER_HISTORY_ONE_MONTH);
    const noLines = await leader.post('/competitive/order-history', { ...MARCH, showLineItems: false, merchants: [] });
    expect(noLines.statusCode).toBe(400);
    const body = { ...MARCH, showLineItems: true, merchants: [{ id: summitMerchant, merchant: 'x' }, { id: merchant, merchant: 'x' }] };
    expect((await ok<OrderHistory>(leader, '/competitive/order-history', body)).map((m) => m.id)).toEqual([merchant]);
    expect(await ok<OrderHistory>(dm, '/competitive/order-history', body)).toEqual([]);
    expect(await ok<OrderHistory>(leaderAsDm, '/competitive/order-history', body)).toEqual([]);
  });

  it('merchants: volumes of every visible merchant; filtered to those that lost an item or category', async () => {
    const all = await ok<InsightsMerchant[]>(leader, '/competitive/merchants', MARCH);
    expect(all.map((m) => m.id).sort((a, b) => a - b)).toEqual(bostonMerchants);
    const mine = all.find((m) => m.id === merchant)!;
    expect([mine.totalVolume, mine.competitorVolume]).toEqual([155, 140]);
    expect(mine.competitorVolumePerc).toBeCloseTo(140 / 155, 9);
    expect(all.filter((m) => m.id !== merchant).every((m) => m.totalVolume === 0)).toBe(true);
    expect((await ok<InsightsMerchant[]>(leader, '/competitive/merchants', { ...MARCH, item: 'WB-L1' })).map((m) => m.id)).toEqual([merchant]);
    const category = (await q<{ name: string }>(`select c.name from items i join categories c on c.id = i.category_id where i.min = 'WB-L1'`))[0]!.name;
    expect((await ok<InsightsMerchant[]>(leader, '/competitive/merchants', { ...MARCH, category })).map((m) => m.id)).toEqual([merchant]);
    expect(await ok<InsightsMerchant[]>(leader, '/competitive/merchants', { ...MARCH, item: 'WB-R1' })).toEqual([]);
    // A DM and View As see only the DM's locations; nobody sees another family's.
    expect((await ok<InsightsMerchant[]>(dm, '/competitive/merchants', MARCH)).map((m) => m.id).sort((a, b) => a - b)).toEqual(dmMerchants);
    expect((await ok<InsightsMerchant[]>(leaderAsDm, '/competitive/merchants', MARCH)).map((m) => m.id).sort((a, b) => a - b)).toEqual(dmMerchants);
    expect(all.some((m) => m.id === summitMerchant)).toBe(false);
    const tooLong = await leader.post('/competitive/merchants', { startDate: '2026-01-01', endDate: '2027-01-01' });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, RANGE_TOO_LONG_MESSAGE]);
  });

  it('items: competitors’ purchases and the house’s own, with exact volumes; another family’s merchant is missing', async () => {
    const items = await ok<CompetitiveItems>(leader, '/competitive/items', { ...MARCH, merchantId: merchant });
    expect([items.totalVolume, items.competitorVolume]).toEqual([155, 140]);
    expect(items.competition.map((i) => [i.min, i.quantity, i.volume]).sort()).toEqual([['WB-L1', 12, 60], ['WB-L2', 4, 80]]);
    expect(items.self.map((i) => [i.min, i.quantity, i.volume, i.distributor])).toEqual([['WB-L1', 3, 15, 'Harbor Foods Boston']]);
    expect((await leader.post('/competitive/items', { ...MARCH, merchantId: summitMerchant })).statusCode).toBe(404);
    expect((await dm.post('/competitive/items', { ...MARCH, merchantId: merchant })).statusCode).toBe(404);
    expect((await leaderAsDm.post('/competitive/items', { ...MARCH, merchantId: merchant })).statusCode).toBe(404);
  });
});
