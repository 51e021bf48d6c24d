// The rebate program around the purchases: rebates, deviations, similar items.
import type pg from 'pg';
import { copyRows, type CopyValue } from '../db/copy.ts';
import { randomFor } from './random.ts';
import { round2, type World } from './world.ts';

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

// Three to five similar items from the same category for every item.
export async function seedItemMatches(client: pg.PoolClient, world: World) {
  const r = randomFor('matches');
  const byCategory = new Map<number, number[]>();
  for (const item of world.items) {
    const list = byCategory.get(item.categoryId) ?? [];
    list.push(item.id);
    byCategory.set(item.categoryId, list);
  }
  const rows: CopyValue[][] = [];
  for (const item of world.items) {
    const peers = byCategory.get(item.categoryId)!.filter((id) => id !== item.id);
    for (const match of r.sample(peers, r.int(3, 5))) rows.push([item.id, match, round2(r.float(0.55, 0.97))]);
  }
  await copyRows(client, 'item_matches', ['item_id', 'match_item_id', 'score'], rows);
}
