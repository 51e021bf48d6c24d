// The states the specifications name that the random demo data never shows for certain
// (issue 39): a family of its own, 'Cape Ann Foodservice (PA)' with one house, Salem, whose two
// merchants, two users, catalogue and checks are written after the rest of the demo data with
// their own random stream and ids after everyone else's. Nothing of the main world changes: its
// random streams, ids and figures stay what they were (the tests assert them).
//
// What it shows (README, demo accounts):
// - salem@capeann.test (Leadership, all of Salem): a merchant with no account number ('--') and no
//   purchases (zero volumes: See Details disabled); a house with no invoices ('No Invoices'); the
//   previous quarter without checks ('No Checks For This Quarter'), the others with one check paid
//   by 20 manufacturers (the donut's 'Show more'); more than 4 new alerts on the bell.
// - solo@capeann.test (District Manager, one location): one merchant, so the dashboard's lost items
//   lead straight to its items with the one-merchant banner.
// - The active merchant's purchases: an item with no similar items ('There are no similar items for
//   this item'), an item whose distributor sent no price (Market Index 'N/A' and its hint) and an
//   item whose description is longer than 96 characters.
import type pg from 'pg';
import { copyRows, type CopyValue } from '../db/copy.ts';
import { lastQuarters } from './checks.ts';
import { randomFor } from './random.ts';
import type { UserSeed } from './users.ts';
import { round2, type Item, type World } from './world.ts';

export const SHOWCASE_FAMILY = 'Cape Ann Foodservice (PA)';
export const SHOWCASE_HOUSE = 'Cape Ann Foodservice Salem';
export const SHOWCASE_ACTIVE = 'Tidewater Chowder House - Derby';
export const SHOWCASE_IDLE = 'Tidewater Chowder House - Pickering Wharf';
/** The item nobody else makes: no similar items. */
export const LONE_ITEM = { min: '99000001', description: 'SAFFRON THREADS SPANISH COUPE GRADE 1 HAND PICKED' };
/** The item its distributor never prices: Market Index N/A. */
export const UNPRICED_ITEM = { min: '99000002', description: 'SEA SALT FLAKE MALDON STYLE' };

const DAY = 86_400_000;

export interface Showcase {
  familyId: number;
  houseId: number;
  activeId: number;
  idleId: number;
  /** The competitor the active merchant also buys from. */
  competitorId: number;
  loneItem: Item;
  unpricedItem: Item;
  /** The first catalogue item with a description past 96 characters. */
  longItem: Item;
  /** What the active merchant buys at Salem. */
  basket: number[];
  /** What Salem carries: Boston's catalogue and the showcase items (so its win-back list has replacements to offer). */
  carried: number[];
  users: UserSeed[];
}

export function buildShowcase(world: World): Showcase {
  const r = randomFor('showcase');
  const familyId = world.distributors.length + 1;
  const houseId = familyId + 1;
  const activeId = world.merchants.length + 1;
  const category = (name: string) => world.categories.find((c) => c.name === name)!.id;
  const maker = (name: string) => world.manufacturers.find((m) => m.name === name)!.id;
  const item = (n: number, min: string, description: string, makerName: string, categoryName: string, pack: string, weight: number, price: number): Item => ({
    id: world.items.length + n, min, description, manufacturerId: maker(makerName), categoryId: category(categoryName),
    kind: description, pack, uom: 'EA', weight, price,
  });
  const loneItem = item(1, LONE_ITEM.min, LONE_ITEM.description, 'Bayou Spice Co', 'Dry Goods', '1/1 OZ', 0.06, 38.5);
  const unpricedItem = item(2, UNPRICED_ITEM.min, UNPRICED_ITEM.description, 'Bayou Spice Co', 'Dry Goods', '6/8 OZ', 3, 41.25);
  const longItem = world.items.find((i) => i.description.length > 96)!;
  const houseCatalogue = world.carried.get(world.byKey.get('boston')!.id)!.map((c) => c.itemId).filter((id) => id !== longItem.id);
  const basket = [...r.sample(houseCatalogue, 30), longItem.id, loneItem.id, unpricedItem.id];
  const competitorId = world.byKey.get('coastal')!.id;
  const carried = [...new Set([...houseCatalogue, ...basket])].sort((a, b) => a - b);
  return {
    familyId, houseId, activeId, idleId: activeId + 1, competitorId, loneItem, unpricedItem, longItem, basket, carried,
    users: [
      { email: 'salem@capeann.test', contactName: 'Sasha Salem', title: 'Leadership', channelPartner: houseId, noSessions: true,
        flags: { display_intel: true, display_invoice: true, display_payment_info: true, invite_all: true } },
      { email: 'solo@capeann.test', contactName: 'Sol Solo', title: 'District Manager', channelPartner: houseId, noSessions: true,
        locations: [activeId], flags: { display_intel: true, display_invoice: true, display_payment_info: true } },
    ],
  };
}

/** The family, house, merchants and catalogue: before the purchase lines (their foreign keys). */
export async function seedShowcaseReference(client: pg.PoolClient, s: Showcase): Promise<void> {
  await copyRows(client, 'distributors', ['id', 'platform_id', 'nickname', 'parent_id', 'referred_partner_id'], [
    [s.familyId, 'CP-000901', SHOWCASE_FAMILY, null, null],
    [s.houseId, 'CP-000902', SHOWCASE_HOUSE, s.familyId, 4242],
  ]);
  await copyRows(client, 'merchants', ['id', 'platform_id', 'name', 'account_name', 'address', 'city', 'state', 'zip'], [
    [s.activeId, 'MP-099001', SHOWCASE_ACTIVE, 'Tidewater Chowder House', '12 Derby St', 'Salem', 'MA', '01970'],
    [s.idleId, 'MP-099002', SHOWCASE_IDLE, 'Tidewater Chowder House', '86 Wharf St', 'Salem', 'MA', '01970'],
  ]);
  // The idle merchant's account has no number: the screens show '--'.
  await copyRows(client, 'merchant_accounts', ['merchant_id', 'distributor_id', 'dcn'], [
    [s.activeId, s.houseId, '990001'],
    [s.idleId, s.houseId, ''],
    [s.activeId, s.competitorId, '9900001'],
  ]);
  await copyRows(client, 'items', ['id', 'min', 'description', 'manufacturer_id', 'category_id', 'pack', 'uom', 'weight'],
    [s.loneItem, s.unpricedItem].map((i) => [i.id, i.min, i.description, i.manufacturerId, i.categoryId, i.pack, i.uom, i.weight]));
  await copyRows(client, 'distributor_items', ['distributor_id', 'item_id', 'din'],
    s.carried.map((itemId, k) => [s.houseId, itemId, String(990000 + k * 7)]));
}

/**
 * The active merchant's purchases over the seeded range: weekly orders at Salem, every other week
 * at the competitor (some of the same items: what Insights calls lost). The unpriced item never
 * carries a price or a Market Index; the idle merchant buys nothing.
 */
export async function seedShowcasePurchases(client: pg.PoolClient, world: World, s: Showcase, first: Date, today: Date): Promise<number> {
  const r = randomFor('showcase-purchases');
  const items = new Map([...world.items, s.loneItem, s.unpricedItem].map((i) => [i.id, i]));
  const rows: CopyValue[][] = [];
  const sellers = [
    { id: s.houseId, every: 7, basket: s.basket, perOrder: 10, factor: 1 },
    { id: s.competitorId, every: 14, basket: [s.loneItem.id, ...s.basket.slice(0, 12)], perOrder: 6, factor: 0.97 },
  ];
  for (const seller of sellers) {
    let seq = 900000;
    for (let t = first.getTime() + (seller.id === s.houseId ? 0 : 3) * DAY; t <= today.getTime(); t += seller.every * DAY) {
      const date = new Date(t).toISOString().slice(0, 10);
      const invoiceId = `CA${seller.id}-${++seq}`;
      // Every order carries the showcase items, so each shows in any month of the range.
      const chosen = new Set([...r.sample(seller.basket, seller.perOrder), ...seller.basket.filter((id) => id > world.items.length || id === s.longItem.id)]);
      for (const id of chosen) {
        const item = items.get(id)!;
        const quantity = r.int(1, 6);
        const unpriced = id === s.unpricedItem.id;
        const price = unpriced ? null : round2(item.price * seller.factor * r.float(0.97, 1.03));
        const [low, high] = unpriced ? [0, 0] : [round2(item.price * r.float(0.88, 0.96)), round2(item.price * r.float(1.04, 1.12))];
        rows.push([s.activeId, seller.id, invoiceId, date, id, item.manufacturerId, item.categoryId, quantity, price, low, high]);
      }
    }
  }
  await copyRows(client, 'purchase_lines', ['merchant_id', 'distributor_id', 'invoice_id', 'invoice_date', 'item_id', 'manufacturer_id',
    'category_id', 'quantity', 'unit_price', 'start_guidance', 'end_guidance'], rows);
  return rows.length;
}

/**
 * Salem's rebate checks: one for the active merchant in each of the last 8 quarters but the
 * previous one (a quarter with no checks), each paid by 20 manufacturers (more than the donut's
 * first 15); the current quarter's posted two days ago (the alerts bell counts it). Ids after the
 * main checks'; the breakdowns' view is refreshed by the caller.
 */
export async function seedShowcaseChecks(client: pg.PoolClient, world: World, s: Showcase, today: Date): Promise<void> {
  const r = randomFor('showcase-checks');
  const { rows: [{ next }] } = await client.query<{ next: number }>('select coalesce(max(id), 0) + 1 as next from rebate_checks');
  const checks: CopyValue[][] = [];
  const locations: CopyValue[][] = [];
  const makers: CopyValue[][] = [];
  const quarters = lastQuarters(today, 8);
  for (const [k, quarter] of quarters.filter((_, i) => i !== 1).entries()) {
    const id = next + k;
    const amount = round2(r.float(900, 2400));
    const posted = k === 0 ? today.getTime() - 2 * DAY : Date.UTC(2000 + Number(quarter.slice(0, 2)), Number(quarter.slice(3)) * 3, 1) + r.int(3, 20) * DAY;
    checks.push([id, quarter, s.activeId, s.houseId, amount, String(r.int(100000, 999999)), 'District 1', 'Check', 'Distributor', 'Paid',
      'Tidewater Chowder House', `${SHOWCASE_HOUSE} - Tidewater Chowder House`, `a0XCAPE${String(id).padStart(6, '0')}`,
      new Date(posted).toISOString()]);
    locations.push([id, SHOWCASE_ACTIVE, amount]);
    const payers = world.manufacturers.slice(0, 20);
    const cents = Math.round(amount * 100);
    const weights = payers.map((_, i) => 40 - i);
    const total = weights.reduce((a, b) => a + b, 0);
    const parts = weights.map((w) => Math.floor((cents * w) / total));
    parts[0]! += cents - parts.reduce((a, b) => a + b, 0);
    payers.forEach((m, i) => makers.push([id, m.name, parts[i]! / 100]));
  }
  await copyRows(client, 'rebate_checks', ['id', 'quarter', 'merchant_id', 'distributor_id', 'amount', 'checkno',
    'distributordistrict', 'paymentmethod', 'paymentrouting', 'status', 'accountname', 'accountmaprelationship', 'sfid', 'posted_at'], checks);
  await copyRows(client, 'rebate_check_locations', ['check_id', 'merchant', 'amount'], locations);
  await copyRows(client, 'rebate_check_manufacturers', ['check_id', 'manufacturer', 'amount'], makers);
}
