import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { pdfPages } from '../testing/pdf-text.ts';
import { callAs, loginToken, type Caller } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { formatMoney } from '../../src/model/format.ts';
import { amountInWords, CheckSummary, NOTHING_TO_EXPORT, payPeriods, type CheckAnswer, type RebateCheck } from '../../src/model/payments.ts';
import { AUDIENCE_REFUSAL } from '../../src/model/route-permissions.ts';
import { SELECT_CHECKS_MESSAGE } from './payments.ts';

const quarter = payPeriods(new Date())[0]!.value;
const lastQuarter = payPeriods(new Date())[1]!.value;

describe.each(testTargets())('rebate checks on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let leader: Caller, dm: Caller, rep: Caller, admin: Caller, leaderAsRep: Caller, nobody: Caller;
  let boston: number, repId: number;
  let bostonMerchants: number[], repMerchants: number[], summitOnly: number[];

  const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const ids = async (sql: string, args: unknown[] = []) => (await q<{ id: number }>(sql, args)).map((r) => r.id);
  const checks = async (who: Caller, merchantIds: number[], timeframe = quarter) => {
    const res = await who.post('/rebate-checks/checks', { timeframe, distributorId: boston, merchantIds });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CheckSummary[];
  };
  /** Boston's paid checks of the quarter for these merchants, straight from the table. */
  const paidIn = (merchantIds: number[], timeframe = quarter) =>
    ids(`select merchant_id as id from rebate_checks where distributor_id = $1 and quarter = $2 and status = 'Paid' and merchant_id = any($3) order by 1`,
      [boston, timeframe, merchantIds]);

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 80, months: 1 });
    ({ app } = await testApp(db.pool));
    [{ id: boston }] = await q<{ id: number }>(`select id from distributors where nickname = 'Harbor Foods Boston'`);
    [{ id: repId }] = await q<{ id: number }>(`select id from users where email = 'rep@harbor.test'`);
    bostonMerchants = await ids('select merchant_id as id from merchant_accounts where distributor_id = $1 order by 1', [boston]);
    repMerchants = await ids('select merchant_id as id from user_locations where user_id = $1 order by 1', [repId]);
    summitOnly = await ids(
      `select merchant_id as id from merchant_accounts a join distributors d on d.id = a.distributor_id
        where d.nickname like 'Summit%' and a.merchant_id not in (select merchant_id from merchant_accounts where distributor_id = $1)
        order by 1 limit 5`, [boston]);
    const as = async (email: string, viewAs?: number) => callAs(app, await loginToken(app, email), viewAs);
    [leader, dm, rep, admin] = await Promise.all(['leader@harbor.test', 'dm@harbor.test', 'rep@harbor.test', 'admin@portal.test'].map((e) => as(e)));
    leaderAsRep = await as('leader@harbor.test', repId);
    nobody = callAs(app, 'not-a-token');
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('offers the last 8 quarters, newest first', async () => {
    const res = await leader.post('/rebate-checks/pay-periods', {});
    expect(res.json()).toEqual(payPeriods(new Date()));
    expect(res.json()).toHaveLength(8);
    expect(res.json()[0].value).toBe(quarter);
  });

  const cents = (xs: { amount: number }[]) => xs.reduce((s, x) => s + Math.round(x.amount * 100), 0);
  const expectBreakdownsAddUp = (c: RebateCheck) => {
    expect(cents(c.toMerchantsCheckBreakdown)).toBe(Math.round(c.amount * 100));
    expect(cents(c.fromManufacturersCheckBreakdown)).toBe(Math.round(c.amount * 100));
  };

  it('lists only paid checks of the quarter, without breakdowns unless asked', async () => {
    const list = await checks(leader, []);
    expect(list.map((c) => c.merchantid).sort((a, b) => a - b)).toEqual(await paidIn(bostonMerchants));
    // The seed has unpaid checks and merchants without one: neither shows.
    const [{ unpaid }] = await q<{ unpaid: number }>(
      `select count(*)::int as unpaid from rebate_checks where distributor_id = $1 and quarter = $2 and status <> 'Paid'`, [boston, quarter]);
    expect(unpaid + list.length).toBeLessThanOrEqual(bostonMerchants.length);
    // What the list shows and no more: the breakdowns and the payee's fields come with POST /check.
    for (const c of list) expect(Object.keys(c).sort()).toEqual(Object.keys(CheckSummary.props).sort());
    expect(new Set(list.map((c) => c.paymentmethod))).toEqual(new Set(['Check', 'ACH']));
  });

  it('answers the spec’s shape with breakdowns: true, each breakdown adding up to its amount', async () => {
    const res = await leader.post('/rebate-checks/checks', { timeframe: quarter, distributorId: boston, merchantIds: [], breakdowns: true });
    const full = res.json() as RebateCheck[];
    const light = await checks(leader, []);
    const summaryOf = (c: RebateCheck) => Object.fromEntries(Object.keys(CheckSummary.props).map((k) => [k, c[k as keyof CheckSummary]]));
    expect(full.map(summaryOf)).toEqual(light);
    for (const c of full) {
      expect(c.status).toBe('Paid');
      expect(c.sfid).toBeTruthy();
      expectBreakdownsAddUp(c);
    }
    // Scoping is the same either way: a foreign merchant named with breakdowns still gives nothing.
    const foreign = await leader.post('/rebate-checks/checks', { timeframe: quarter, merchantIds: summitOnly, breakdowns: true });
    expect(foreign.json()).toEqual([]);
    expect((await leader.post('/rebate-checks/checks', { timeframe: quarter, merchantIds: [], breakdowns: 'yes' })).statusCode).toBe(400);
  });

  it('needs displayPaymentInfo or an internal admin, and a session', async () => {
    for (const who of [dm, rep]) {
      const res = await who.post('/rebate-checks/checks', { timeframe: quarter, merchantIds: [] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUDIENCE_REFUSAL.paymentUsers);
      expect((await who.get(`/rebate-checks/voucher/1`)).statusCode).toBe(403);
    }
    expect((await nobody.post('/rebate-checks/pay-periods', {})).statusCode).toBe(401);
    expect((await checks(admin, [])).length).toBeGreaterThan(0);
  });

  it('never answers another family’s merchants, whatever ids the body names', async () => {
    expect(await checks(leader, summitOnly)).toEqual([]);
    const mixed = await checks(leader, [...summitOnly, ...bostonMerchants.slice(0, 6)]);
    expect(mixed.map((c) => c.merchantid).sort((a, b) => a - b)).toEqual(await paidIn(bostonMerchants.slice(0, 6)));
    const one = await leader.post('/rebate-checks/check', { timeframe: quarter, merchantId: summitOnly[0] });
    expect(one.json()).toEqual({ sfid: null });
    for (const url of ['/rebate-checks/check-pic', '/rebate-checks/check-details']) {
      expect((await leader.post(url, { timeframe: quarter, merchantId: summitOnly[0] })).statusCode).toBe(404);
    }
    const [{ id: summitCheck }] = await q<{ id: number }>(`select id from rebate_checks where merchant_id = $1 and status = 'Paid' limit 1`, [summitOnly[0]]);
    expect((await leader.get(`/rebate-checks/voucher/${summitCheck}`)).statusCode).toBe(404);
    const bulk = await leader.post('/rebate-checks/bulk-export', { timeframe: quarter, merchantIds: summitOnly, getVouchers: true, getCheckDetails: true });
    expect(bulk.statusCode).toBe(404);
    const summary = await leader.post('/rebate-checks/paynopay-summary', { timeframe: quarter, merchantIds: summitOnly });
    expect(await summaryRows(summary.rawPayload)).toEqual([]);
  });

  it('View As shows the checks of the impersonated user’s locations only', async () => {
    const seen = await checks(leaderAsRep, []);
    expect(seen.map((c) => c.merchantid).sort((a, b) => a - b)).toEqual(await paidIn(repMerchants));
    const outside = bostonMerchants.filter((m) => !repMerchants.includes(m)).slice(0, 5);
    expect(await checks(leaderAsRep, outside)).toEqual([]);
  });

  it('answers one merchant’s check, or none for a quarter without one', async () => {
    const [withCheck] = await q<{ merchant_id: number; checkno: string }>(
      `select merchant_id, checkno from rebate_checks where distributor_id = $1 and quarter = $2 and status = 'Paid' order by id limit 1`, [boston, lastQuarter]);
    const res = await leader.post('/rebate-checks/check', { timeframe: lastQuarter, distributorId: boston, merchantId: withCheck!.merchant_id });
    const answer = res.json() as CheckAnswer;
    expect(answer.sfid).toBeTruthy();
    expect((answer as RebateCheck).checkno).toBe(withCheck!.checkno);
    // The side panel's call carries the breakdowns the list leaves out.
    expect((answer as RebateCheck).fromManufacturersCheckBreakdown.length).toBeGreaterThan(0);
    expectBreakdownsAddUp(answer as RebateCheck);
    const [none] = await ids(
      `select a.merchant_id as id from merchant_accounts a where a.distributor_id = $1 and not exists
        (select 1 from rebate_checks c where c.merchant_id = a.merchant_id and c.distributor_id = $1 and c.quarter = $2 and c.status = 'Paid') order by 1 limit 1`,
      [boston, lastQuarter]);
    expect(none).toBeDefined();
    expect((await leader.post('/rebate-checks/check', { timeframe: lastQuarter, merchantId: none })).json()).toEqual({ sfid: null });
  });

  it('makes a voucher and check details whose text shows the check number and amount', async () => {
    const [summary] = await checks(leader, bostonMerchants.slice(0, 10));
    const c = (await leader.post('/rebate-checks/check', { timeframe: quarter, merchantId: summary!.merchantid })).json() as RebateCheck;
    const url = (await leader.post('/rebate-checks/check-pic', { timeframe: quarter, merchantId: c!.merchantid })).body;
    expect(url).toMatch(/^\/api\/rebate-checks\/voucher\/\d+$/);
    const voucher = await leader.get(url.slice('/api'.length));
    expect(voucher.headers['content-type']).toBe('application/pdf');
    const [page] = await pdfPages(voucher.rawPayload);
    expect(page).toContain(`Check No. ${c!.checkno}`);
    expect(page).toContain(formatMoney(c!.amount));
    expect(page).toContain(amountInWords(c!.amount));
    expect(page).toContain(c!.toMerchantsCheckBreakdown[0]!.merchant);

    const details = await leader.post('/rebate-checks/check-details', { timeframe: quarter, merchantId: c!.merchantid });
    expect(details.headers['content-disposition']).toContain(encodeURIComponent(`${quarter} - Check Details - ${c!.merchant}.pdf`));
    const text = (await pdfPages(details.rawPayload)).join(' ');
    expect(text).toContain(c!.checkno!);
    expect(text).toContain(formatMoney(c!.amount));
    for (const m of c!.fromManufacturersCheckBreakdown) expect(text).toContain(m.manufacturer);
  });

  async function summaryRows(bytes: Buffer) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Platform Client Id');
    const rows: { id: string; pay: string; amount: number; format: string }[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push({ id: String(row.getCell(1).value), pay: String(row.getCell(5).value), amount: row.getCell(9).value as number, format: row.getCell(9).numFmt });
    });
    return rows;
  }

  it('sums up pay and no pay per merchant in an XLSX', async () => {
    const res = await leader.post('/rebate-checks/paynopay-summary', { timeframe: quarter, distributorId: boston, merchantIds: [] });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${quarter} - Pay-No Pay Summary - Harbor Foods Boston.xlsx`));
    const rows = await summaryRows(res.rawPayload);
    expect(rows).toHaveLength(bostonMerchants.length);
    const list = await checks(leader, []);
    expect(rows.filter((r) => r.pay === 'Pay')).toHaveLength(list.length);
    expect(rows.filter((r) => r.pay === 'No Pay').length).toBeGreaterThan(0);
    const cents = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 100), 0);
    expect(cents(rows.map((r) => r.amount))).toBe(cents(list.map((c) => c.amount)));
    expect(typeof rows[0]!.amount).toBe('number');
    expect(rows[0]!.format).toContain('#,##0.00');
  });

  it('bundles the selected checks’ vouchers and details in a ZIP named for the quarter', async () => {
    const chosen = (await checks(leader, [])).slice(0, 3);
    const res = await leader.post('/rebate-checks/bulk-export', {
      timeframe: quarter, distributorId: boston, merchantIds: chosen.map((c) => c.merchantid), getVouchers: true, getCheckDetails: true,
      sortState: { column: 'amount', descending: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${quarter} - BulkExport.zip`));
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const byAmount = [...chosen].sort((a, b) => b.amount - a.amount);
    expect(Object.keys(entries)).toEqual(byAmount.flatMap((c) => [`${quarter} - Voucher - ${c.merchant}.pdf`, `${quarter} - Check Details - ${c.merchant}.pdf`]));
    const voucher = (await pdfPages(entries[`${quarter} - Voucher - ${byAmount[0]!.merchant}.pdf`]!)).join(' ');
    expect(voucher).toContain(formatMoney(byAmount[0]!.amount));
    // The list carries no breakdowns; the documents load them on the server.
    const first = (await leader.post('/rebate-checks/check', { timeframe: quarter, merchantId: byAmount[0]!.merchantid })).json() as RebateCheck;
    expect(voucher).toContain(first.fromManufacturersCheckBreakdown[0]!.manufacturer);

    const vouchersOnly = await leader.post('/rebate-checks/bulk-export', { timeframe: quarter, merchantIds: chosen.map((c) => c.merchantid), getVouchers: true, getCheckDetails: false });
    expect(Object.keys(unzipSync(new Uint8Array(vouchersOnly.rawPayload)))).toHaveLength(3);
  });

  it('prints the selected vouchers and details as one PDF', async () => {
    const chosen = (await checks(leader, [])).slice(0, 2);
    const res = await leader.post('/rebate-checks/bulk-print', { timeframe: quarter, merchantIds: chosen.map((c) => c.merchantid), getVouchers: true, getCheckDetails: false });
    const pages = await pdfPages(res.rawPayload);
    for (const c of chosen) expect(pages.some((p) => p.includes(`Check No. ${c.checkno}`))).toBe(true);
  });

  it('refuses a bulk call with neither toggle or no checks, saying why', async () => {
    const none = await leader.post('/rebate-checks/bulk-export', { timeframe: quarter, merchantIds: [bostonMerchants[0]], getVouchers: false, getCheckDetails: false });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(NOTHING_TO_EXPORT);
    const empty = await leader.post('/rebate-checks/bulk-print', { timeframe: quarter, merchantIds: [], getVouchers: true, getCheckDetails: false });
    expect(empty.json().message).toBe(SELECT_CHECKS_MESSAGE);
    const badQuarter = await leader.post('/rebate-checks/checks', { timeframe: '2026Q1', merchantIds: [] });
    expect(badQuarter.statusCode).toBe(400);
  });
});
