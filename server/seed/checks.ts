// Quarterly rebate checks to the houses' merchants, with location and manufacturer breakdowns:
// the last 8 quarters, every routing, check and ACH, some merchants without a check in a quarter,
// about a tenth not 'Paid' (never shown), and some paid by more than 15 manufacturers.
import type pg from 'pg';
import { copyRows, type CopyValue } from '../db/copy.ts';
import { randomFor } from './random.ts';
import { round2, type World } from './world.ts';

const ROUTINGS = ['Distributor', 'Sales', 'Member', 'Portal', 'Offset'];

// The last `count` quarters including the current one, newest first, as '{yy}Q{n}'.
export function lastQuarters(today: Date, count: number): string[] {
  let year = today.getUTCFullYear();
  let q = Math.floor(today.getUTCMonth() / 3) + 1;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`${String(year % 100).padStart(2, '0')}Q${q}`);
    if (--q === 0) {
      q = 4;
      year--;
    }
  }
  return out;
}

export async function seedRebateChecks(client: pg.PoolClient, world: World, today: Date): Promise<number> {
  const r = randomFor('checks');
  const checks: CopyValue[][] = [];
  const locations: CopyValue[][] = [];
  const makers: CopyValue[][] = [];
  const byChain = new Map<string, string[]>();
  for (const m of world.merchants) byChain.set(m.accountName, [...(byChain.get(m.accountName) ?? []), m.name]);
  const distributors = new Map(world.distributors.map((d) => [d.id, d]));
  // A stream of its own, so the checks themselves stay what they were before checks had a posting date.
  const posting = randomFor('check-posting');

  for (const quarter of lastQuarters(today, 8)) {
    for (const m of world.merchants) {
      // Some merchants get no check in a quarter ('No Check For This Quarter').
      if (r.chance(0.08)) continue;
      const house = distributors.get(m.houseId)!;
      const id = checks.length + 1;
      const amount = round2(r.float(40, 2500));
      const byCheck = r.chance(0.55);
      checks.push([
        id, quarter, m.id, house.id, amount,
        byCheck ? String(r.int(100000, 999999)) : `ACH${r.int(10000000, 99999999)}`,
        `District ${r.int(1, 4)}`, byCheck ? 'Check' : 'ACH', r.pick(ROUTINGS),
        r.chance(0.9) ? 'Paid' : r.pick(['Pending', 'Void']),
        m.accountName, `${house.nickname} - ${m.accountName}`,
        `a0X${r.int(1e9, 9e9).toString(36).toUpperCase()}${String(id).padStart(6, '0')}`,
        postedOn(quarter, today, posting.int(0, 20)),
      ]);
      const names = r.sample(byChain.get(m.accountName)!, 3);
      splitInto(amount, names.length, r.next).forEach((part, k) => locations.push([id, names[k]!, part]));
      // A few checks come from many manufacturers, so the side panel's donut has more than 15 slices.
      const payers = r.sample(world.manufacturers, r.chance(0.12) ? r.int(16, 34) : r.int(2, 5));
      splitInto(amount, payers.length, r.next).forEach((part, k) => makers.push([id, payers[k]!.name, part]));
    }
  }
  await copyRows(client, 'rebate_checks', ['id', 'quarter', 'merchant_id', 'distributor_id', 'amount', 'checkno',
    'distributordistrict', 'paymentmethod', 'paymentrouting', 'status', 'accountname', 'accountmaprelationship', 'sfid', 'posted_at'], checks);
  await copyRows(client, 'rebate_check_locations', ['check_id', 'merchant', 'amount'], locations);
  await copyRows(client, 'rebate_check_manufacturers', ['check_id', 'manufacturer', 'amount'], makers);
  // The list reads the breakdowns built once (migration 031).
  await client.query('refresh materialized view rebate_check_breakdowns');
  return checks.length;
}

/** A check is posted some days after its quarter ends; the current quarter's in the last `days` days. */
function postedOn(quarter: string, today: Date, days: number): string {
  const end = Date.UTC(2000 + Number(quarter.slice(0, 2)), Number(quarter.slice(3)) * 3, 1);
  const day = 86_400_000;
  return new Date(end > today.getTime() ? today.getTime() - days * day : end + days * day).toISOString();
}

// Splits an amount into n positive cent amounts that add up exactly.
function splitInto(amount: number, n: number, next: () => number): number[] {
  const cents = Math.round(amount * 100);
  const weights = Array.from({ length: n }, () => 0.2 + next());
  const total = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((cents * w) / total));
  parts[0]! += cents - parts.reduce((a, b) => a + b, 0);
  return parts.map((c) => c / 100);
}
