import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBATE_PAGE_SIZE, type RebatePage, type RebateRow } from '../../src/model/rebates.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('rebates on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  const tokens = new Map<string, string>();

  const login = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'portal-demo' } });
    return res.json().authKey as string;
  };
  const get = (url: string, email = 'leader@harbor.test') =>
    app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${tokens.get(email)}` } });
  const page = async (url: string, email?: string): Promise<RebatePage> => {
    const res = await get(url, email);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Every page of a query, in order, until the server says there is no more. */
  const allPages = async (query: string) => {
    const rows: RebateRow[] = [];
    for (let n = 1; ; n++) {
      const p = await page(`/full-rebate-deviation?page=${n}${query}`);
      expect(p.rows.length).toBeLessThanOrEqual(REBATE_PAGE_SIZE);
      rows.push(...p.rows);
      if (!p.hasMore) return rows;
      expect(p.rows).toHaveLength(REBATE_PAGE_SIZE);
    }
  };
  const inForceToday = async (extra = '', params: unknown[] = []) =>
    Number(
      (
        await db.pool.query(
          `select count(*) from rebates r join items i on i.id = r.item_id join manufacturers m on m.id = i.manufacturer_id
            where (now() at time zone 'UTC')::date between r.starts_on and r.ends_on ${extra}`,
          params,
        )
      ).rows[0].count,
    );

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    for (const email of ['leader@harbor.test', 'ops@summit.test']) tokens.set(email, await login(email));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('serves a page again from its cache until the data is reloaded (the data version moves)', async () => {
    const url = '/full-rebate-deviation?page=1&sort=manufacturer&order=asc';
    const first = await page(url);
    const row = first.rows[0]!;
    await db.pool.query('update rebates set value = value + 1 where id = $1', [row.rebateId]);
    expect((await page(url)).rows[0]!.rebateValue).toBe(row.rebateValue);
    await db.pool.query('update data_version set version = version + 1');
    expect((await page(url)).rows[0]!.rebateValue).toBeCloseTo(Number(row.rebateValue) + 1, 6);
    await db.pool.query('update rebates set value = value - 1 where id = $1', [row.rebateId]);
    await db.pool.query('update data_version set version = version + 1');
  });

  it('pages through every rebate in force today exactly once, by manufacturer', async () => {
    const rows = await allPages('');
    const ids = rows.map((r) => r.rebateId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(await inForceToday());
    const names = rows.map((r) => r.manufacturer);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('keeps pages exact under a sort with many ties (rebate type, descending)', async () => {
    const rows = await allPages('&sort=rebateType&order=desc');
    expect(new Set(rows.map((r) => r.rebateId)).size).toBe(await inForceToday());
    const types = rows.map((r) => r.rebateType);
    expect(types[0]).toBe('PERCENT_OF_PRICE');
    expect(types.at(-1)).toBe('FIXED_AMOUNT_PER_QTY');
    expect(types).toEqual([...types].sort().reverse());
  });

  it('sorts by rebate value ascending when asked', async () => {
    const { rows } = await page('/full-rebate-deviation?page=1&sort=rebateValue&order=asc');
    const values = rows.map((r) => r.rebateValue);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const min = Number((await db.pool.query(
      `select min(value) from rebates where (now() at time zone 'UTC')::date between starts_on and ends_on`)).rows[0].min);
    expect(values[0]).toBe(min);
  });

  it('searches MIN, description and manufacturer case-insensitively as a substring', async () => {
    const sample = (await db.pool.query(
      `select i.min, i.description, m.name from rebates r join items i on i.id = r.item_id
         join manufacturers m on m.id = i.manufacturer_id
        where (now() at time zone 'UTC')::date between r.starts_on and r.ends_on order by r.id limit 1`)).rows[0];
    const cases = [
      { text: sample.min.slice(1, -1).toLowerCase(), field: (r: RebateRow) => r.min },
      { text: sample.description.split(' ')[0].toLowerCase(), field: (r: RebateRow) => r.description },
      { text: sample.name.slice(0, 5).toUpperCase(), field: null },
    ];
    for (const { text, field } of cases) {
      const rows = await allPages(`&search=${encodeURIComponent(text)}`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBe(
        await inForceToday('and (i.min ilike $1 or i.description ilike $1 or m.name ilike $1)', [`%${text}%`]),
      );
      for (const r of rows) {
        expect([r.min, r.description, r.manufacturer].some((v) => v.toLowerCase().includes(text.toLowerCase()))).toBe(true);
      }
      if (field) expect(rows.some((r) => field(r).toLowerCase().includes(text.toLowerCase()))).toBe(true);
    }
  });

  it('takes the search literally: % and _ match only themselves', async () => {
    for (const text of ['%', '_']) {
      const rows = await allPages(`&search=${encodeURIComponent(text)}`);
      expect(rows.length).toBe(
        await inForceToday('and (strpos(i.min, $1) > 0 or strpos(i.description, $1) > 0 or strpos(m.name, $1) > 0)', [text]),
      );
      expect(rows.length).toBeLessThan(await inForceToday());
    }
  });

  it('combines manufacturer and category filters with each other and with search', async () => {
    const filters = (await get('/rebate-deviation/filters')).json();
    expect(filters.manufacturers.length).toBeGreaterThan(1);
    expect(filters.categories.length).toBeGreaterThan(1);
    expect(filters.manufacturers[0]).toEqual({ id: expect.any(Number), name: expect.any(String), label: expect.any(String) });
    const [m1, m2] = filters.manufacturers;
    const byManufacturer = await allPages(`&manufacturers=${m1.id},${m2.id}`);
    expect(new Set(byManufacturer.map((r) => r.manufacturer))).toEqual(new Set([m1.name, m2.name]));

    const category = (await db.pool.query(
      `select i.category_id from items i join rebates r on r.item_id = i.id where i.manufacturer_id = $1 limit 1`, [m1.id])).rows[0].category_id;
    const both = await allPages(`&manufacturers=${m1.id},${m2.id}&categories=${category}`);
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(byManufacturer.length);
    expect(both.length).toBe(await inForceToday('and i.manufacturer_id = any($1) and i.category_id = $2', [[m1.id, m2.id], category]));

    const word = both[0]!.description.split(' ')[0]!;
    const withSearch = await allPages(`&manufacturers=${m1.id},${m2.id}&categories=${category}&search=${encodeURIComponent(word)}`);
    expect(withSearch.length).toBeGreaterThan(0);
    expect(withSearch.every((r) => both.some((b) => b.rebateId === r.rebateId))).toBe(true);
  });

  it("scopes 'your rebates' to the caller's active distributor, with its DINs", async () => {
    const harbor = await page('/rebate-deviation');
    const summit = await page('/rebate-deviation', 'ops@summit.test');
    expect(harbor.hasMore).toBe(false);
    const carried = async (nickname: string) =>
      inForceToday(
        `and exists (select 1 from distributor_items di join distributors d on d.id = di.distributor_id
                      where di.item_id = i.id and d.nickname = $1)`,
        [nickname],
      );
    expect(harbor.rows.length).toBe(await carried('Harbor Foods Boston'));
    expect(summit.rows.length).toBe(await carried('Summit Provisions Hartford'));
    expect(harbor.rows.every((r) => r.din !== null)).toBe(true);
    const harborIds = new Set(harbor.rows.map((r) => r.rebateId));
    expect(summit.rows.some((r) => !harborIds.has(r.rebateId))).toBe(true);
    // The same rebate carries each caller's own DIN.
    const shared = summit.rows.find((r) => harborIds.has(r.rebateId))!;
    expect(harbor.rows.find((r) => r.rebateId === shared.rebateId)!.din).not.toBe(shared.din);
  });

  it("pages 'your rebates' too when a page is given", async () => {
    const all = await page('/rebate-deviation');
    const first = await page('/rebate-deviation?page=1');
    const second = await page('/rebate-deviation?page=2');
    expect(first.hasMore).toBe(true);
    expect([...first.rows, ...second.rows]).toEqual(all.rows.slice(0, 2 * REBATE_PAGE_SIZE));
  });

  it('refuses bad query parameters with a 400 naming them', async () => {
    for (const url of [
      '/full-rebate-deviation',
      '/full-rebate-deviation?page=0',
      '/full-rebate-deviation?page=abc',
      '/full-rebate-deviation?page=1&manufacturers=1,x',
      '/full-rebate-deviation?page=1&manufacturers=1&manufacturers=2',
      '/full-rebate-deviation?page=1&sort=price',
      '/full-rebate-deviation?page=1&order=up',
      `/rebate-deviation?search=${'x'.repeat(101)}`,
      '/rebate-deviation?categories=-3',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/^Invalid query: (page|manufacturers|categories|sort|order|search)(\.\d)? /);
    }
  });

  it('answers only callers with an auth key', async () => {
    for (const url of ['/rebate-deviation', '/full-rebate-deviation?page=1', '/rebate-deviation/filters']) {
      expect((await app.inject({ method: 'GET', url: `/api${url}` })).statusCode).toBe(401);
    }
  });
});
