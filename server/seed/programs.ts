// The rebate program around the purchases: rebates, deviations, similar items.
import type pg from 'pg';
import { copyRows, type CopyValue } from '../db/copy.ts';
import { randomFor } from './random.ts';
import { round2, type Item, type World } from './world.ts';

const REBATE_TYPES = ['FIXED_AMOUNT_PER_QTY', 'FIXED_AMOUNT_PER_WEIGHT', 'PERCENT_OF_COST', 'PERCENT_OF_PRICE'] as const;

// One rebate per rebated item and calendar year, from the year the data starts to next year.
export async function seedRebates(client: pg.PoolClient, world: World, firstYear: number, lastYear: number) {
  const r = randomFor('rebates');
  const rows: CopyValue[][] = [];
  for (const item of world.items) {
    if (!r.chance(0.65)) continue;
    const type = REBATE_TYPES[item.id % 4]!; // all four types, spread evenly
    for (let y = firstYear; y <= lastYear + 1; y++) {
      const value =
        type === 'FIXED_AMOUNT_PER_QTY' ? round2(item.price * r.float(0.01, 0.05))
        : type === 'FIXED_AMOUNT_PER_WEIGHT' ? round2(r.float(0.02, 0.25))
        : round2(r.float(1, 8));
      rows.push([item.id, type, value, `${y}-01-01`, `${y}-12-31`]);
    }
  }
  await copyRows(client, 'rebates', ['item_id', 'type', 'value', 'starts_on', 'ends_on'], rows);
}

export async function seedDeviations(client: pg.PoolClient, world: World, startsOn: string, endsOn: string) {
  const r = randomFor('deviations');
  const rows: CopyValue[][] = [];
  for (const d of world.distributors) {
    if (!d.house) continue;
    for (const { itemId } of world.carried.get(d.id)!) {
      if (!r.chance(0.12)) continue;
      rows.push([itemId, d.id, round2(world.items[itemId - 1]!.price * r.float(0.85, 0.95)), startsOn, endsOn]);
    }
  }
  await copyRows(client, 'deviations', ['item_id', 'distributor_id', 'deviated_price', 'starts_on', 'ends_on'], rows);
}

/** The trigrams of a text as pg_trgm makes them: per word of letters and digits, lower-cased, padded "  word ". */
function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity(): shared trigrams over all the trigrams of both texts, 0 to 1. */
export function trigramSimilarity(a: string, b: string): number {
  const [x, y] = [trigrams(a), trigrams(b)];
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  const all = x.size + y.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** How alike two packs are: the same pack 1; else, in the same unit, the smaller weight over the larger; else 0. */
export function packSimilarity(a: Pick<Item, 'pack' | 'uom' | 'weight'>, b: Pick<Item, 'pack' | 'uom' | 'weight'>): number {
  if (a.pack === b.pack && a.uom === b.uom) return 1;
  if (a.uom !== b.uom || a.weight <= 0 || b.weight <= 0) return 0;
  return 0.8 * (Math.min(a.weight, b.weight) / Math.max(a.weight, b.weight));
}

/** How well `match` replaces `item` (domain guide, similar items): description first, then pack. */
export const matchScore = (item: Item, match: Item) =>
  round2(0.6 * trigramSimilarity(item.description, match.description) + 0.4 * packSimilarity(item, match));

/**
 * Four to six similar items for every item: items of the same category and the same kind of
 * product (catalog.ts: ground beef for ground beef, shrimp for shrimp), the most alike in
 * description and pack first; among equally alike ones the seeded draw decides. Deterministic.
 */
export function similarItems(world: Pick<World, 'items'>): [itemId: number, matchId: number, score: number][] {
  const r = randomFor('matches');
  const byKind = new Map<string, Item[]>();
  for (const item of world.items) {
    const key = `${item.categoryId}|${item.kind}`;
    byKind.set(key, [...(byKind.get(key) ?? []), item]);
  }
  const rows: [number, number, number][] = [];
  for (const item of world.items) {
    const count = r.int(4, 6);
    const peers = byKind.get(`${item.categoryId}|${item.kind}`)!.filter((p) => p.id !== item.id)
      .map((p) => ({ id: p.id, score: matchScore(item, p), draw: r.next() }))
      .sort((a, b) => b.score - a.score || a.draw - b.draw);
    for (const p of peers.slice(0, count)) rows.push([item.id, p.id, p.score]);
  }
  return rows;
}

export async function seedItemMatches(client: pg.PoolClient, world: World) {
  await copyRows(client, 'item_matches', ['item_id', 'match_item_id', 'score'], similarItems(world));
}
