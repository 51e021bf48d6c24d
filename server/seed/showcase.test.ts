import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshlySeededDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { lastQuarters } from './checks.ts';
import { LONE_ITEM, SHOWCASE_ACTIVE, SHOWCASE_HOUSE, SHOWCASE_IDLE, UNPRICED_ITEM } from './showcase.ts';

const TODAY = new Date('2026-03-15T12:00:00Z');
const OPTIONS = { merchants: 20, months: 2, today: TODAY };

/** The states the specs name are in the seeded demo (showcase.ts), whatever the number of merchants. */
describe.each(testTargets())('the demo showcase on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  const one = async <T>(sql: string, values: unknown[] = []) => (await db.pool.query(sql, values)).rows[0] as T;
  beforeAll(async () => {
    db = await freshlySeededDatabase(adminUrl, OPTIONS);
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('comes after every row of the main world', async () => {
    const ids = await one<{ house: number; active: number; lone: number }>(
      `select (select id from distributors where nickname = $1) as house, (select id from merchants where name = $2) as active,
              (select id from items where min = $3) as lone`, [SHOWCASE_HOUSE, SHOWCASE_ACTIVE, LONE_ITEM.min]);
    expect(ids).toEqual({ house: 14, active: OPTIONS.merchants + 1, lone: expect.any(Number) });
    const { max } = await one<{ max: number }>(`select max(id) as max from items where min not like '99%'`);
    expect(ids.lone).toBe(max + 1);
  });

  it('an item with no similar items, an unpriced one (Market Index N/A) and a description past 96 characters, bought in the last month', async () => {
    expect(await one(`select count(*)::int as n from item_matches m join items i on i.id = m.item_id where i.min = $1`, [LONE_ITEM.min])).toEqual({ n: 0 });
    const unpriced = await one<{ n: number; priced: number }>(
      `select count(*)::int as n, count(*) filter (where p.unit_price is not null or p.start_guidance <> 0 or p.end_guidance <> 0)::int as priced
         from purchase_lines p join items i on i.id = p.item_id where i.min = $1 and p.invoice_date >= '2026-02-01'`, [UNPRICED_ITEM.min]);
    expect(unpriced.n).toBeGreaterThan(0);
    expect(unpriced.priced).toBe(0);
    const long = await one<{ n: number }>(
      `select count(*)::int as n from purchase_lines p join items i on i.id = p.item_id join merchants m on m.id = p.merchant_id
        where m.name = $1 and length(i.description) > 96 and p.invoice_date between '2026-02-01' and '2026-02-28'`, [SHOWCASE_ACTIVE]);
    expect(long.n).toBeGreaterThan(0);
  });

  it('a merchant without an account number and without purchases; a house without invoices', async () => {
    const idle = await one<{ dcn: string; lines: number }>(
      `select a.dcn, (select count(*)::int from purchase_lines p where p.merchant_id = m.id) as lines
         from merchants m join merchant_accounts a on a.merchant_id = m.id where m.name = $1`, [SHOWCASE_IDLE]);
    expect(idle).toEqual({ dcn: '', lines: 0 });
    expect(await one(`select count(*)::int as n from invoices i join distributors d on d.id = i.distributor_id where d.nickname = $1`, [SHOWCASE_HOUSE])).toEqual({ n: 0 });
  });

  it('a user with one merchant, and checks in every quarter but the previous one, each from 20 manufacturers', async () => {
    expect(await one(`select count(*)::int as n from user_locations l join users u on u.id = l.user_id where u.email = 'solo@capeann.test'`)).toEqual({ n: 1 });
    const { rows } = await db.pool.query<{ quarter: string; makers: number }>(
      `select c.quarter, (select count(*)::int from rebate_check_manufacturers x where x.check_id = c.id) as makers
         from rebate_checks c join distributors d on d.id = c.distributor_id where d.nickname = $1 order by c.id`, [SHOWCASE_HOUSE]);
    const quarters = lastQuarters(TODAY, 8);
    expect(rows.map((r) => r.quarter)).toEqual(quarters.filter((_, i) => i !== 1));
    expect(rows.every((r) => r.makers === 20)).toBe(true);
  });
});
