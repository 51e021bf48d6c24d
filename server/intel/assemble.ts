// Turns the intel repository's rows into the answer of POST /intel and of the debug page
// (domain guide: competitors are sellers outside the active house's family).
import type { DebugDetails, IntelGroup, IntelMerchant, MonthlyPoint } from '../../src/model/intel.ts';
import type { ItemRow, MerchantRow, MonthVolume, SellerRow, SellerVolume } from '../repositories/intel.ts';

const cents = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, total: number) => (total > 0 ? part / total : 0);

export interface IntelParts {
  merchants: MerchantRow[];
  volumes: SellerVolume[];
  /** null: the sellers' volumes only (every group's items empty). */
  items: ItemRow[] | null;
  monthly: MonthVolume[] | null;
  sellers: SellerRow[];
  familyIds: number[];
}

const groupBy = <T,>(rows: T[], key: (r: T) => number) => {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const group = out.get(key(r));
    if (group) group.push(r);
    else out.set(key(r), [r]);
  }
  return out;
};

/** Items with the largest estimated volume (quantity × last price) first, then by description and MIN. */
const byVolume = (items: ItemRow[]) =>
  [...items].sort((a, b) => b.quantity * b.purchase - a.quantity * a.purchase || (a.description < b.description ? -1 : a.description > b.description ? 1 : 0) || (a.min < b.min ? -1 : 1));

export function assembleIntel(p: IntelParts): IntelMerchant[] {
  const family = new Set(p.familyIds);
  const sellers = new Map(p.sellers.map((s) => [s.id, s]));
  const volumes = groupBy(p.volumes, (v) => v.merchantId);
  const items = p.items && groupBy(p.items, (i) => i.merchantId);
  const monthly = p.monthly ? groupBy(p.monthly, (m) => m.merchantId) : null;
  const name = (id: number) => sellers.get(id)?.nickname ?? `Distributor ${id}`;

  return p.merchants.map((m) => {
    // A fixed order, so float sums (and their rounding to cents) never depend on row order.
    const bySeller = [...(volumes.get(m.id) ?? [])].sort((a, b) => a.sellerId - b.sellerId);
    const total = bySeller.reduce((a, v) => a + v.volume, 0);
    const own = bySeller.filter((v) => family.has(v.sellerId)).reduce((a, v) => a + v.volume, 0);
    // A seller has a volume row exactly when it has lines in the range, so without items the
    // groups are the volume rows themselves.
    const itemsBySeller = items && groupBy(items.get(m.id) ?? [], (i) => i.sellerId);
    const data: IntelGroup[] = bySeller
      .filter((v) => !itemsBySeller || itemsBySeller.has(v.sellerId))
      .sort((a, b) => b.volume - a.volume || a.sellerId - b.sellerId)
      .map((v) => ({
        competitor: !family.has(v.sellerId),
        distributorPlatformId: sellers.get(v.sellerId)?.platformId ?? '',
        distributor: name(v.sellerId),
        volume: cents(v.volume),
        items: itemsBySeller ? byVolume(itemsBySeller.get(v.sellerId)!).map(({ merchantId: _m, sellerId: _s, ...item }) => item) : [],
      }));
    const merchant: IntelMerchant = {
      id: m.id,
      merchant: m.merchant,
      dcn: m.dcn,
      totalVolume: cents(total),
      competitorVolume: cents(total - own),
      competitorVolumePerc: share(total - own, total),
      distributorVolume: cents(own),
      distributorVolumePerc: share(own, total),
      noData: data.length === 0,
      data,
    };
    if (monthly) {
      merchant.monthly = (monthly.get(m.id) ?? [])
        .map((x): MonthlyPoint => ({ month: x.month, distributor: name(x.sellerId), volume: cents(x.volume) }))
        .sort((a, b) => a.month.localeCompare(b.month) || a.distributor.localeCompare(b.distributor));
    }
    return merchant;
  });
}

/** The debug page: the merchant's sellers with their share, and every item row flattened. */
export function assembleDebug(m: IntelMerchant, row: MerchantRow, accounts: Map<number, string>, sellers: SellerRow[]): DebugDetails {
  const byPlatform = new Map(sellers.map((s) => [s.platformId, s]));
  return {
    merchant: { id: row.id, platformId: row.platformId, merchant: row.merchant, dcn: row.dcn },
    distributors: m.data.map((g) => ({
      dcn: accounts.get(byPlatform.get(g.distributorPlatformId)?.id ?? 0) ?? null,
      distributor: g.distributor,
      distributorPlatformId: g.distributorPlatformId,
      volume: g.volume,
      competitor: g.competitor,
      isPreferredDistributor: !g.competitor,
      percentage: share(g.volume, m.totalVolume),
    })),
    items: m.data.flatMap((g) => g.items.map((item) => ({ ...item, distributor: g.distributor, competitor: g.competitor }))),
  };
}
