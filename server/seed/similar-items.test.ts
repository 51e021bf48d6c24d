import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_SECTIONS } from '../../src/model/digest.ts';
import type { WinBackList } from '../../src/model/insights.ts';
import { computeDigest, digestWindows } from '../digest/content.ts';
import type { Deps } from '../deps.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { callAs, loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { matchScore, packSimilarity, similarItems, trigramSimilarity } from './programs.ts';
import { buildWorld, type Item } from './world.ts';

// Issue 39, item 2: the demo's similar items are ones a buyer would accept — the same category
// and kind of product (ground beef for ground beef, shrimp for shrimp), the most alike in
// description and pack first — and the win-back list and the digest offer the best one the house carries.

const world = buildWorld(20);
const byId = new Map(world.items.map((i) => [i.id, i]));
const byMin = new Map(world.items.map((i) => [i.min, i]));
const named = (start: string) => world.items.filter((i) => i.description.startsWith(start));

describe('the demo similar items', () => {
  const rows = similarItems(world);

  it('share the category and the kind of product, never the item itself', () => {
    expect(rows.length).toBeGreaterThan(world.items.length * 4 - 1);
    for (const [itemId, matchId] of rows) {
      const [item, match] = [byId.get(itemId)!, byId.get(matchId)!];
      expect(matchId).not.toBe(itemId);
      expect([match.categoryId, match.kind], `${item.description} ~ ${match.description}`).toEqual([item.categoryId, item.kind]);
    }
    const matchesOf = (items: Item[]) => rows.filter(([id]) => items.some((i) => i.id === id)).map(([, m]) => byId.get(m)!.description);
    // The cases: a sausage for ground beef, cod for shrimp, a patty for a strip loin.
    expect(matchesOf(named('BEEF GRND 80/20 CHUB')).every((d) => d.startsWith('BEEF GRND 80/20 CHUB'))).toBe(true);
    expect(matchesOf(named('SHRIMP')).every((d) => d.startsWith('SHRIMP'))).toBe(true);
    expect(matchesOf(named('BEEF STRIP LOIN')).every((d) => d.startsWith('BEEF STRIP LOIN'))).toBe(true);
    // A kind of several products: fries for fries.
    expect(matchesOf(named('FRIES')).every((d) => d.startsWith('FRIES'))).toBe(true);
  });

  it('come most alike first: by description, then pack', () => {
    for (const item of world.items) {
      const mine = rows.filter(([id]) => id === item.id);
      const scores = mine.map(([, , s]) => s);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      // None left out is more alike than one taken.
      const peers = world.items.filter((p) => p.id !== item.id && p.categoryId === item.categoryId && p.kind === item.kind);
      const taken = new Set(mine.map(([, m]) => m));
      const best = Math.max(...peers.filter((p) => !taken.has(p.id)).map((p) => matchScore(item, p)), 0);
      expect(Math.min(...scores)).toBeGreaterThanOrEqual(best);
    }
    expect(trigramSimilarity('BEEF GRND 80/20 CHUB PREMIUM', 'BEEF GRND 80/20 CHUB PREMIUM')).toBe(1);
    expect(trigramSimilarity('BEEF GRND 80/20 CHUB PREMIUM', 'BEEF GRND 80/20 CHUB VALUE'))
      .toBeGreaterThan(trigramSimilarity('BEEF GRND 80/20 CHUB PREMIUM', 'PORK SAUSAGE LINK 1OZ'));
    const pack = (p: string, uom: string, weight: number) => ({ pack: p, uom, weight });
    expect(packSimilarity(pack('8/10 LB', 'CS', 80), pack('8/10 LB', 'CS', 80))).toBe(1);
    expect(packSimilarity(pack('8/10 LB', 'CS', 80), pack('4/5 LB', 'CS', 20))).toBeCloseTo(0.2);
    expect(packSimilarity(pack('1/50 LB', 'BG', 50), pack('1/50 LB', 'CS', 50))).toBe(0);
  });

  it('are the same on every run', () => {
    expect(similarItems(buildWorld(20))).toEqual(rows);
    expect(similarItems(buildWorld(300))).toEqual(rows); // the catalogue does not depend on the merchants
  });
});

describe.each(testTargets())('the best similar item the house carries, on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let app: FastifyInstance;
  let deps: Deps;
  const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl);
    ({ app, deps } = await testApp(db.pool));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** The highest-scoring match of the item that the house carries (no feedback given on it). */
  const bestCarried = async (min: string, house: number) =>
    (await q<{ min: string }>(
      `select m.min from item_matches im join items i on i.id = im.item_id join items m on m.id = im.match_item_id
        where i.min = $1 and exists (select 1 from distributor_items di where di.item_id = m.id and di.distributor_id = $2)
        order by im.score desc, m.min limit 1`, [min, house]))[0]?.min ?? null;
  const unreviewed = async () => new Set((await q<{ min: string }>('select min from match_feedback')).map((r) => r.min));

  it('is what the win-back list offers, of the same kind', async () => {
    const [{ id: boston }] = await q<{ id: number }>(`select id from distributors where nickname = 'Harbor Foods Boston'`) as [{ id: number }];
    const leader = callAs(app, await loginToken(app, 'leader@harbor.test'));
    const w = digestWindows(new Date());
    const res = await leader.post('/competitive/win-back', { startDate: w.quarter.from, endDate: w.quarter.to });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as WinBackList;
    const withReplacement = list.rows.filter((r) => r.replacement);
    expect(withReplacement.length).toBeGreaterThan(10);
    const reviewed = await unreviewed();
    for (const row of withReplacement.slice(0, 40)) {
      const [lost, offered] = [byMin.get(row.min)!, byMin.get(row.replacement!.min)!];
      expect([offered.categoryId, offered.kind], `${lost.description} → ${offered.description}`).toEqual([lost.categoryId, lost.kind]);
      if (!reviewed.has(row.min)) expect(row.replacement!.min).toBe(await bestCarried(row.min, boston));
    }
  });

  it('is what the digest offers, of the same kind', async () => {
    const [{ id: dm }] = await q<{ id: number }>(`select id from users where email = 'dm@harbor.test'`) as [{ id: number }];
    const [{ id: boston }] = await q<{ id: number }>(`select id from distributors where nickname = 'Harbor Foods Boston'`) as [{ id: number }];
    const now = new Date();
    const digest = (await computeDigest(deps, dm, { now, since: new Date(now.getTime() - 7 * 86_400_000), sections: DIGEST_SECTIONS }))!;
    expect(digest.winBack!.length).toBeGreaterThan(0);
    const reviewed = await unreviewed();
    for (const row of digest.winBack!) {
      const [lost, offered] = [byMin.get(row.min)!, byMin.get(row.replacement!.min)!];
      expect([offered.categoryId, offered.kind], `${lost.description} → ${offered.description}`).toEqual([lost.categoryId, lost.kind]);
      if (!reviewed.has(row.min)) expect(row.replacement!.min).toBe(await bestCarried(row.min, boston));
    }
  });

  it('ranks as PostgreSQL\'s pg_trgm would: the seed\'s similarity is similarity()', async () => {
    const pairs: [string, string][] = [
      ['BEEF GRND 80/20 CHUB PREMIUM', 'BEEF GRND 80/20 CHUB VALUE'], ['SHRIMP WHT P&D TLON 21/25', 'COD LOIN SKNLS 8OZ'],
      ['FRIES CRINKLE CUT 1/2IN SELECT', 'FRIES SHOESTRING 1/4IN'], ['CHEESE MOZZ WHL MLK SHRD', 'CHEESE CHEDDAR SHARP SLCD CLASSIC'],
    ];
    for (const [a, b] of pairs) {
      const [{ s }] = await q<{ s: number }>('select similarity($1, $2)::float8 as s', [a, b]) as [{ s: number }];
      expect(trigramSimilarity(a, b), `${a} ~ ${b}`).toBeCloseTo(s, 5);
    }
  });
});
