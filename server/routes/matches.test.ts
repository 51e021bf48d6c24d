import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemMatch } from '../../src/model/match.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { testApp } from '../testing/test-app.ts';

describe.each(testTargets())('similar items and feedback on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  const tokens = new Map<string, string>();
  let item: { min: string; manufacturerPlatformId: string };

  const post = (url: string, payload: unknown, email = 'leader@harbor.test') =>
    app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers: { authorization: `Bearer ${tokens.get(email)}` } });
  const today = new Date().toISOString().slice(0, 10);
  const matchesFor = async (email: string): Promise<ItemMatch[]> => {
    const res = await post('/match', { ...item, merchantPlatformId: 'MP-1', startDate: '2020-01-01', endDate: today }, email);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app } = await testApp(db.pool));
    for (const email of ['leader@harbor.test', 'dm@harbor.test', 'ops@summit.test']) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'portal-demo' } });
      tokens.set(email, res.json().authKey);
    }
    const { rows } = await db.pool.query(
      `select i.min, m.platform_id from items i join manufacturers m on m.id = i.manufacturer_id
        where (select count(*) from item_matches im where im.item_id = i.id) >= 3
          and not exists (select 1 from match_feedback f where f.min = i.min) -- the seed's feedback is elsewhere
        order by i.id limit 1`,
    );
    item = { min: rows[0].min, manufacturerPlatformId: rows[0].platform_id };
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("lists the item's similar items with rebate, deviation and whether the house carries them", async () => {
    const matches = await matchesFor('leader@harbor.test');
    const expected = (await db.pool.query(
      `select m.min from item_matches im join items i on i.id = im.item_id join items m on m.id = im.match_item_id where i.min = $1`,
      [item.min])).rows.map((r) => r.min);
    expect(matches.map((m) => m.min).sort()).toEqual(expected.sort());
    const carried = new Set((await db.pool.query(
      `select i.min from distributor_items di join items i on i.id = di.item_id join distributors d on d.id = di.distributor_id
        where d.nickname = 'Harbor Foods Boston'`)).rows.map((r) => r.min));
    for (const m of matches) {
      expect(m.inCatalog).toBe(carried.has(m.min) ? 'Y' : 'N');
      if (m.rebateType) expect(m.rebateWithSymbol).toMatch(m.rebateType.startsWith('PERCENT') ? /%$/ : /^\$/);
    }
  });

  it('refuses feedback that is not one of the two shapes, or names a MIN that does not exist', async () => {
    const count = async () => (await db.pool.query('select count(*)::int as n from match_feedback')).rows[0].n as number;
    const before = await count();
    const bad = [
      {},
      { min: item.min },
      { min: item.min, badMatchMin: 'X1' },
      { min: item.min, badMatchMin: 'X1', comment: '' },
      { min: item.min, recommendedMin: 'has spaces' },
    ];
    for (const payload of bad) {
      const res = await post('/match/feedback', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/^Invalid feedback/);
    }
    const missing = await post('/match/feedback', { min: item.min, recommendedMin: 'NOPE-404' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No item has the MIN NOPE-404.');
    expect(await count()).toBe(before);
  });

  it("a bad match leaves later answers for the reporter's family, not for other families", async () => {
    const before = await matchesFor('leader@harbor.test');
    const victim = before[0]!.min;
    const res = await post('/match/feedback', { min: item.min, badMatchMin: victim, comment: 'Different pack size' });
    expect(res.statusCode).toBe(201);
    const stored = (await db.pool.query(
      `select u.email, f.comment, f.created_at from match_feedback f join users u on u.id = f.user_id where f.id = $1`, [res.json().id])).rows[0];
    expect(stored).toMatchObject({ email: 'leader@harbor.test', comment: 'Different pack size' });
    expect(Date.now() - new Date(stored.created_at).getTime()).toBeLessThan(60_000);

    expect((await matchesFor('dm@harbor.test')).map((m) => m.min)).not.toContain(victim);
    expect((await matchesFor('ops@summit.test')).map((m) => m.min)).toContain(victim);
  });

  it('a recommended item appears first for the family, marked as recommended', async () => {
    const current = new Set((await matchesFor('leader@harbor.test')).map((m) => m.min));
    const other = (await db.pool.query(`select min from items where min <> all($1::text[]) and min <> $2 order by id desc limit 1`,
      [[...current], item.min])).rows[0].min;
    expect((await post('/match/feedback', { min: item.min, recommendedMin: other })).statusCode).toBe(201);
    const after = await matchesFor('dm@harbor.test');
    expect(after[0]).toMatchObject({ min: other, recommended: true });
    expect((await matchesFor('ops@summit.test')).map((m) => m.min)).not.toContain(other);
  });

  it('validates the match request and answers 404 for an unknown item', async () => {
    const valid = { ...item, merchantPlatformId: 'MP-1', startDate: '2026-01-01', endDate: '2026-02-01' };
    expect((await post('/match', { ...valid, startDate: '2026-13-01' })).statusCode).toBe(400);
    expect((await post('/match', { ...valid, startDate: '2026-03-01' })).statusCode).toBe(400);
    expect((await post('/match', { ...valid, min: undefined })).statusCode).toBe(400);
    expect((await post('/match', { ...valid, manufacturerPlatformId: 'MF-NOPE' })).statusCode).toBe(404);
    const panel = await post('/full-rebate-deviation/matches', { min: item.min, manufacturerPlatformId: item.manufacturerPlatformId });
    expect(panel.statusCode).toBe(200);
    expect(panel.json().length).toBeGreaterThan(0);
  });
});
