import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStart } from '../repositories/dashboard-range.ts';
import { LINE_VOLUME } from '../rollups/rollups.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { callAs, loginToken, type Caller } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { RANGE_TOO_LONG_MESSAGE } from '../../src/model/dashboard.ts';
import { INTEL_BATCH_TOO_LARGE, type DebugDetails, type IntelResponse } from '../../src/model/intel.ts';
import { AUDIENCE_REFUSAL } from '../../src/model/route-permissions.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = new Date();
const lastMonth = { startDate: monthStart(today, 1), endDate: iso(Date.parse(`${monthStart(today, 0)}T00:00:00Z`) - DAY) };
// Starts and ends inside a month: whole months come from monthly rollups, the edges from daily ones.
const longRange = { startDate: iso(Date.parse(`${monthStart(today, 11)}T00:00:00Z`) + 9 * DAY), endDate: iso(Date.parse(`${monthStart(today, 0)}T00:00:00Z`) - 5 * DAY) };

describe.each(testTargets())('intel on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let leader: Caller, dm: Caller, rep: Caller, ops: Caller, admin: Caller, leaderAsDm: Caller;
  let boston: number, dmId: number, leaderId: number;
  let bostonMerchants: number[], dmMerchants: number[], summitOnly: number[], harborFamily: number[];

  const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const ids = async (sql: string, args: unknown[] = []) => (await q<{ id: number }>(sql, args)).map((r) => r.id);
  const body = (merchants: number[], range = lastMonth) => ({ ...range, merchants: merchants.map((id) => ({ id, merchant: `M${id}` })) });
  const intel = async (who: Caller, payload: object) => {
    const res = await who.post('/intel', payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as IntelResponse;
  };

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 120, months: 13 });
    ({ app } = await testApp(db.pool));
    const [d] = await q<{ boston: number; dm: number; leader: number }>(
      `select (select id from distributors where nickname = 'Harbor Foods Boston') as boston,
              (select id from users where email = 'dm@harbor.test') as dm,
              (select id from users where email = 'leader@harbor.test') as leader`);
    boston = d!.boston;
    dmId = d!.dm;
    leaderId = d!.leader;
    harborFamily = await ids(`select id from distributors where nickname like 'Harbor Foods%'`);
    bostonMerchants = await ids('select merchant_id as id from merchant_accounts where distributor_id = $1 order by 1', [boston]);
    dmMerchants = await ids('select merchant_id as id from user_locations where user_id = $1 order by 1', [dmId]);
    summitOnly = await ids(
      `select merchant_id as id from merchant_accounts a join distributors d on d.id = a.distributor_id
        where d.nickname like 'Summit%' and a.merchant_id not in (select merchant_id from merchant_accounts where distributor_id = $1)
        order by 1 limit 5`, [boston]);
    const token = (email: string) => loginToken(app, email);
    [leader, dm, rep, ops, admin] = await Promise.all(
      ['leader@harbor.test', 'dm@harbor.test', 'rep@harbor.test', 'ops@summit.test', 'admin@portal.test']
        .map(async (email) => callAs(app, await token(email))));
    leaderAsDm = callAs(app, await token('leader@harbor.test'), dmId);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('limits', () => {
    it('refuses more than 250 merchants, naming the limit', async () => {
      const many = Array.from({ length: 251 }, (_, i) => i + 1);
      const res = await leader.post('/intel', body(many));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INTEL_BATCH_TOO_LARGE);
      expect(INTEL_BATCH_TOO_LARGE).toContain('250');
      expect((await leader.post('/intel', body(many.slice(0, 250)))).statusCode).toBe(200);
    });

    it('refuses a range of 366 days with the dashboard’s message, and takes 365', async () => {
      const tooLong = await leader.post('/intel', body(bostonMerchants.slice(0, 2), { startDate: '2025-01-01', endDate: '2026-01-01' }));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe(RANGE_TOO_LONG_MESSAGE);
      expect((await leader.post('/intel', body(bostonMerchants.slice(0, 2), { startDate: '2025-01-01', endDate: '2025-12-31' }))).statusCode).toBe(200);
    });
  });

  describe('who may ask', () => {
    it('refuses users without displayIntel (403), whatever the body', async () => {
      for (const who of [rep, ops]) {
        const res = await who.post('/intel', body(dmMerchants.slice(0, 3)));
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(AUDIENCE_REFUSAL.intelUsers);
      }
    });

    it('answers only the merchants in scope, in the order asked, dropping others silently', async () => {
      const asked = [...summitOnly.slice(0, 2), ...bostonMerchants.slice(0, 40).reverse()];
      const forDm = await intel(dm, body(asked));
      const dmSees = bostonMerchants.slice(0, 40).reverse().filter((id) => dmMerchants.includes(id));
      expect(forDm.map((m) => m.id)).toEqual(dmSees);
      const forLeader = await intel(leader, body(asked));
      expect(forLeader.map((m) => m.id)).toEqual(bostonMerchants.slice(0, 40).reverse());
    });

    it('never answers another family’s merchants, even when every Boston merchant is named too', async () => {
      const res = await intel(leader, body([...summitOnly, ...bostonMerchants.slice(0, 250 - summitOnly.length)]));
      expect(res.some((m) => summitOnly.includes(m.id))).toBe(false);
      expect(await intel(leader, body(summitOnly))).toEqual([]);
    });

    it('View As narrows to the viewed user’s merchants', async () => {
      const res = await intel(leaderAsDm, body(bostonMerchants.slice(0, 60)));
      expect(res.map((m) => m.id).every((id) => dmMerchants.includes(id))).toBe(true);
      expect(res.length).toBe(bostonMerchants.slice(0, 60).filter((id) => dmMerchants.includes(id)).length);
    });

    it('shows debug details to internal admins only', async () => {
      const path = `/debug/details/${bostonMerchants[0]}?startDate=${lastMonth.startDate}&endDate=${lastMonth.endDate}`;
      for (const who of [leader, dm, rep]) {
        const res = await who.get(path);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(AUDIENCE_REFUSAL.internalAdminOrActing);
      }
      const res = await admin.get(path);
      expect(res.statusCode, res.body).toBe(200);
      const details = res.json() as DebugDetails;
      expect(details.merchant.id).toBe(bostonMerchants[0]);
      const shares = details.distributors.reduce((a, d) => a + d.percentage, 0);
      if (details.distributors.length > 0) expect(shares).toBeCloseTo(1, 5);
      expect(details.distributors.every((d) => d.isPreferredDistributor === !d.competitor)).toBe(true);
      // An internal admin switched into the leader's session keeps it; the leader's own session does not.
      const switched = await callAs(app, await loginToken(app, 'admin@portal.test')).post('/auth/session', { id: leaderId, reason: 'Checking intel numbers' });
      expect(switched.statusCode, switched.body).toBe(200);
      expect((await callAs(app, switched.json().authKey).get(path)).statusCode).toBe(200);
    });
  });

  it('caches a batch per scope: the same body answers each caller their own merchants, until the data version moves', async () => {
    const asked = body(bostonMerchants.slice(0, 30), longRange);
    const forLeader = await intel(leader, asked); // computed, then cached
    const forDm = await intel(dm, asked);
    expect(forDm.map((m) => m.id)).toEqual(bostonMerchants.slice(0, 30).filter((id) => dmMerchants.includes(id)));
    expect(forDm.length).toBeLessThan(forLeader.length);
    expect(await intel(leaderAsDm, asked)).toEqual(forDm);
    // A changed rollup is not seen until a refresh bumps the data version; then it is.
    const [row] = await q<{ merchant_id: number; seller_id: number; month: string }>(
      `select merchant_id, seller_id, month::text from rollup_merchant_month
        where merchant_id = any($1) and month > $2::date and month < $3::date and volume > 0 limit 1`,
      [bostonMerchants.slice(0, 30), longRange.startDate, longRange.endDate]);
    const volumeOf = (rows: IntelResponse) => rows.find((m) => m.id === row!.merchant_id)!.totalVolume;
    const bump = `update rollup_merchant_month set volume = volume + $4 where merchant_id = $1 and seller_id = $2 and month = $3::date`;
    await db.pool.query(bump, [row!.merchant_id, row!.seller_id, row!.month, 1000]);
    expect(await intel(leader, asked)).toEqual(forLeader);
    await db.pool.query('update data_version set version = version + 1');
    expect(volumeOf(await intel(leader, asked))).toBeCloseTo(volumeOf(forLeader) + 1000, 2);
    await db.pool.query(bump, [row!.merchant_id, row!.seller_id, row!.month, -1000]);
    await db.pool.query('update data_version set version = version + 1');
  });

  it('without items answers the same merchants, sellers and volumes, every group’s items empty', async () => {
    const merchants = bostonMerchants.slice(0, 20);
    const full = await intel(leader, { ...body(merchants), monthly: true });
    const light = await intel(leader, { ...body(merchants), monthly: true, items: false });
    const strip = (r: IntelResponse) => r.map((m) => ({ ...m, data: m.data.map((g) => ({ ...g, items: [] })) }));
    expect(light).toEqual(strip(full));
    expect(full.some((m) => m.data.some((g) => g.items.length > 0))).toBe(true);
    expect(light.some((m) => !m.noData)).toBe(true);
  });

  describe('numbers equal the raw purchase lines', () => {
    for (const [label, range] of [['last month', lastMonth], ['about 11 months, cut inside months', longRange]] as const) {
      it(`volumes, shares and items over ${label}`, async () => {
        const merchants = bostonMerchants.slice(0, 30);
        const res = await intel(leader, { ...body(merchants, range), monthly: true });
        const totals = await q<{ merchant_id: number; total: number; own: number }>(
          `select l.merchant_id, sum(${LINE_VOLUME}) as total,
                  coalesce(sum(${LINE_VOLUME}) filter (where l.distributor_id = any($4::int[])), 0) as own
             from purchase_lines l
            where l.merchant_id = any($1::int[]) and l.invoice_date between $2::date and $3::date group by 1`,
          [merchants, range.startDate, range.endDate, harborFamily]);
        expect(res.filter((m) => !m.noData).length).toBe(totals.length);
        for (const t of totals) {
          const m = res.find((x) => x.id === t.merchant_id)!;
          expect(m.totalVolume).toBeCloseTo(t.total, 1);
          expect(m.distributorVolume).toBeCloseTo(t.own, 1);
          expect(m.competitorVolume).toBeCloseTo(t.total - t.own, 1);
          expect(m.competitorVolumePerc).toBeCloseTo((t.total - t.own) / t.total, 6);
          expect(m.data.every((g) => g.competitor === !g.distributor.startsWith('Harbor Foods'))).toBe(true);
        }
        // Items: quantity over the range and the last order's price, rebate and Boston's deviation on its date.
        const sample = res.find((m) => !m.noData)!;
        const lines = await q<{ seller: string; min: string; qty: number; price: number; rebate: number | null; deviation: number | null; day: string }>(
          `with l as (select l.*, ${LINE_VOLUME} / nullif(l.quantity, 0) as price from purchase_lines l
                       where l.merchant_id = $1 and l.invoice_date between $2::date and $3::date),
                last as (select distinct on (distributor_id, item_id) * from l order by distributor_id, item_id, invoice_date desc, id desc)
           select d.nickname as seller, i.min, (select sum(quantity) from l x where x.distributor_id = last.distributor_id and x.item_id = last.item_id) as qty,
                  last.price, to_char(last.invoice_date, 'YYYY-MM-DD') as day,
                  (select value from rebates r where r.item_id = last.item_id and last.invoice_date between r.starts_on and r.ends_on order by starts_on desc, id desc limit 1) as rebate,
                  (select deviated_price from deviations v where v.item_id = last.item_id and v.distributor_id = $4
                      and last.invoice_date between v.starts_on and v.ends_on order by starts_on desc, id desc limit 1) as deviation
             from last join distributors d on d.id = last.distributor_id join items i on i.id = last.item_id`,
          [sample.id, range.startDate, range.endDate, boston]);
        const got = sample.data.flatMap((g) => g.items.map((i) => ({ seller: g.distributor, ...i })));
        expect(got.length).toBe(lines.length);
        for (const line of lines) {
          const item = got.find((i) => i.seller === line.seller && i.min === line.min)!;
          expect(item, `${line.seller} ${line.min}`).toBeDefined();
          expect(item.quantity).toBeCloseTo(line.qty, 6);
          expect(item.purchase).toBeCloseTo(line.price, 4);
          expect(item.invoice_date).toBe(line.day);
          expect(item.rebateValue).toBe(line.rebate);
          expect(item.deviationValue).toBe(line.deviation);
        }
        // The line chart's months: each merchant's volume per seller and month equals the raw lines.
        const monthly = await q<{ merchant_id: number; month: string; volume: number }>(
          `select l.merchant_id, to_char(l.invoice_date, 'YYYY-MM') as month, sum(${LINE_VOLUME}) as volume
             from purchase_lines l where l.merchant_id = $1 and l.invoice_date >= date_trunc('month', $2::date) - interval '11 months'
              and l.invoice_date < date_trunc('month', $2::date) + interval '1 month' group by 1, 2`, [sample.id, range.endDate]);
        for (const row of monthly) {
          const sum = (sample.monthly ?? []).filter((p) => p.month === row.month).reduce((a, p) => a + p.volume, 0);
          expect(sum).toBeCloseTo(row.volume, 0);
        }
      });
    }
  });
});
