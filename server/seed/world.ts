// The in-memory demo world (distributors, merchants, items, who carries what), built
// deterministically before anything is written, so every loader sees the same ids.
import {
  CATEGORIES, CHAIN_FIRST, CHAIN_KIND, CHAIN_SECOND, CITIES, DISTRIBUTORS, HOUSE_SHARES,
  CATEGORY_MAKERS, MANUFACTURERS, STREETS,
} from './catalog.ts';
import { randomFor } from './random.ts';

export interface Distributor {
  id: number;
  key: string;
  nickname: string;
  platformId: string;
  parentId: number | null;
  referredPartnerId: number | null;
  house: boolean;
  priceFactor: number; // how this distributor's prices compare with the market
}

export interface Seller {
  distributorId: number;
  dcn: string;
  basket: number[]; // item ids this merchant buys here
  everyDays: number; // order interval
  firstDay: number; // offset of the first order from the range start
}

export interface Merchant {
  id: number;
  platformId: string;
  name: string;
  accountName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  houseId: number;
  sellers: Seller[]; // house first
}

export interface Manufacturer { id: number; platformId: string; groupPlatformId: string; name: string }
export interface Category { id: number; name: string }
export interface Item {
  id: number;
  min: string;
  description: string;
  manufacturerId: number;
  categoryId: number;
  /** The kind of product (catalog.ts ProductSeed.kind): similar items share it. */
  kind: string;
  pack: string;
  uom: string;
  weight: number;
  price: number; // market unit price
}

export interface World {
  distributors: Distributor[];
  byKey: Map<string, Distributor>;
  manufacturers: Manufacturer[];
  categories: Category[];
  items: Item[];
  carried: Map<number, { itemId: number; din: string }[]>;
  merchants: Merchant[];
}

const TIERS = ['', ' PREMIUM', ' CLASSIC', ' VALUE', ' NATURAL', ' SELECT'];

export interface WorldOptions {
  house?: string; // every merchant's house (benchmarks)
  linesScale?: number; // scales basket sizes (benchmarks)
}

export function buildWorld(merchantCount: number, opts: WorldOptions = {}): World {
  const distributors = buildDistributors();
  const byKey = new Map(distributors.map((d) => [d.key, d]));
  const { manufacturers, categories, items } = buildCatalog();
  const carried = buildCarried(distributors, items);
  const merchants = buildMerchants(merchantCount, distributors, byKey, carried, opts);
  return { distributors, byKey, manufacturers, categories, items, carried, merchants };
}

function buildDistributors(): Distributor[] {
  const r = randomFor('distributors');
  const ids = new Map<string, number>();
  const used = new Set<string>();
  return DISTRIBUTORS.map((d, i) => {
    const id = i + 1;
    ids.set(d.key, id);
    let platformId: string;
    do platformId = `CP-${r.int(100000, 999999)}`;
    while (used.has(platformId));
    used.add(platformId);
    const parentId = d.parent ? ids.get(d.parent)! : null;
    return {
      id,
      key: d.key,
      nickname: d.nickname,
      platformId,
      parentId,
      referredPartnerId: parentId ? r.int(1000, 9999) : null,
      house: !!d.house,
      priceFactor: d.house ? 1 : r.float(0.93, 1.06),
    };
  });
}

function buildCatalog() {
  const r = randomFor('catalog');
  const manufacturers = MANUFACTURERS.map((name, i) => ({
    id: i + 1,
    platformId: `MF-${String(200000 + i * 137).padStart(6, '0')}`,
    groupPlatformId: `MG-${String(300 + (i % 12)).padStart(4, '0')}`,
    name,
  }));
  const categories = Object.keys(CATEGORIES).map((name, i) => ({ id: i + 1, name }));
  const items: Item[] = [];
  for (const category of categories) {
    const makers = CATEGORY_MAKERS[category.name]!.map((name) => manufacturers.find((m) => m.name === name)!);
    for (const product of CATEGORIES[category.name]!) {
      for (const [pack, uom, weight, price] of product.packs) {
        for (const maker of makers) {
          for (const tier of r.sample(TIERS, r.int(2, 3))) {
            const id = items.length + 1;
            items.push({
              id,
              min: `${maker.id + 10}${String(id * 7 + r.int(0, 6)).padStart(6, '0')}`,
              description: `${product.name}${tier}${product.detail ?? ''}`,
              manufacturerId: maker.id,
              categoryId: category.id,
              kind: product.kind ?? product.name,
              pack,
              uom,
              weight,
              price: round2(price * r.float(0.85, 1.2) * (tier === ' PREMIUM' ? 1.15 : tier === ' VALUE' ? 0.88 : 1)),
            });
          }
        }
      }
    }
  }
  return { manufacturers, categories, items };
}

// Every distributor except the family parents carries part of the catalogue.
function buildCarried(distributors: Distributor[], items: Item[]) {
  const r = randomFor('carried');
  const carried = new Map<number, { itemId: number; din: string }[]>();
  for (const d of distributors) {
    if (d.key === 'harbor' || d.key === 'summit') continue;
    const share = d.house ? 0.7 : 0.5;
    let din = 100000 + d.id * 1000;
    const list: { itemId: number; din: string }[] = [];
    for (const item of items) {
      if (!r.chance(share)) continue;
      din += r.int(1, 9);
      list.push({ itemId: item.id, din: String(din) });
    }
    carried.set(d.id, list);
  }
  return carried;
}

function buildMerchants(
  count: number,
  distributors: Distributor[],
  byKey: Map<string, Distributor>,
  carried: Map<number, { itemId: number; din: string }[]>,
  opts: WorldOptions,
): Merchant[] {
  const scale = opts.linesScale ?? 1;
  const r = randomFor('merchants');
  const competitors = distributors.filter((d) => !d.house && d.parentId === null && !d.nickname.includes('(PA)'));
  const dcnNext = new Map<number, number>();
  const nextDcn = (distributorId: number) => {
    const n = (dcnNext.get(distributorId) ?? 10000 + distributorId * 100) + r.int(1, 40);
    dcnNext.set(distributorId, n);
    return String(n);
  };
  const basket = (distributorId: number, min: number, max: number) =>
    r.sample(carried.get(distributorId)!, Math.round(r.int(min, max) * scale)).map((c) => c.itemId);

  const merchants: Merchant[] = [];
  let chain = { name: '', left: 0 };
  const usedNames = new Set<string>();
  for (let i = 0; i < count; i++) {
    const drawn = pickHouse(r.next());
    const houseKey = opts.house ?? drawn;
    const house = byKey.get(houseKey)!;
    if (chain.left <= 0) {
      let name: string;
      do name = `${r.pick(CHAIN_FIRST)} ${r.pick(CHAIN_SECOND)} ${r.pick(CHAIN_KIND)}`;
      while (usedNames.has(name) && usedNames.size < 5000);
      usedNames.add(name);
      chain = { name, left: r.chance(0.6) ? 1 : r.int(2, 5) };
    }
    chain.left--;
    const [city, state, zip] = r.pick(CITIES[houseKey]!);
    const street = r.pick(STREETS);
    const sellers: Seller[] = [
      { distributorId: house.id, dcn: nextDcn(house.id), basket: basket(house.id, 40, 80), everyDays: 7, firstDay: r.int(0, 6) },
    ];
    // Sometimes a sister house of the same family (counts as the house's own volume).
    const sister = distributors.find((d) => d.house && d.parentId === house.parentId && d.id !== house.id);
    if (sister && r.chance(0.1)) {
      sellers.push({ distributorId: sister.id, dcn: nextDcn(sister.id), basket: basket(sister.id, 5, 15), everyDays: r.int(20, 35), firstDay: r.int(0, 20) });
    }
    // One to three competitors; now and then a house of the other family.
    const rivals = r.sample(competitors, r.int(1, 3));
    if (r.chance(0.15)) rivals.push(r.pick(distributors.filter((d) => d.house && d.parentId !== house.parentId)));
    for (const rival of rivals) {
      sellers.push({ distributorId: rival.id, dcn: nextDcn(rival.id), basket: basket(rival.id, 10, 30), everyDays: r.int(10, 24), firstDay: r.int(0, 14) });
    }
    merchants.push({
      id: i + 1,
      platformId: `MP-${String(500000 + i * 17 + r.int(0, 16)).padStart(6, '0')}`,
      name: `${chain.name} - ${street.replace(/ (St|Ave)$/, '')}`,
      accountName: chain.name,
      address: `${r.int(1, 999)} ${street}`,
      city,
      state,
      zip,
      houseId: house.id,
      sellers,
    });
  }
  return merchants;
}

function pickHouse(x: number): string {
  let acc = 0;
  for (const [key, share] of HOUSE_SHARES) {
    acc += share;
    if (x < acc) return key;
  }
  return 'boston';
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
