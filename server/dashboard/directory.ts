// Who is who, in memory for one data version: merchants, their accounts at each house, the
// distributors and the houses with their own rollups. Merchants and accounts change only with
// the data (seed, import: both bump the data version), so a request of that version can name,
// scope and list merchants without a query. Orders are the database's (ranks read with its
// collation), so lists come out as the SQL sorts them.
import type { Merchant } from '../../src/model/dashboard.ts';
import type { MerchantOrder } from '../repositories/merchants.ts';
import type { MerchantRow, SellerRow } from '../repositories/intel.ts';
import type { Accounts } from '../scope/visible-merchants.ts';

export interface MerchantFacts { id: number; platformId: string; name: string; byName: number; byAccount: number }
export interface DistributorFacts { id: number; platformId: string; nickname: string; familyRootId: number }

export interface Directory extends Accounts {
  /** Each house's merchants (with an account there), ascending. */
  houseMerchants: Map<number, number[]>;
  /** Whether the house has its own rollups (rollup_accounts): its whole-house figures come from them. */
  rolled(houseId: number): boolean;
  merchant(id: number): MerchantFacts | undefined;
  /** The head of the house's family (itself when it has no parent). */
  familyRoot(houseId: number): number | undefined;
  /** Intel's merchant rows: `ids` in the order asked, with their account number at the house (null without one). */
  merchantRows(ids: readonly number[], houseId: number): MerchantRow[];
  /** The header's location list of `ids`: by name, or by account name then name (as merchantsRepository.list). */
  list(houseId: number, ids: readonly number[], order: MerchantOrder): Merchant[];
  sellers(ids: readonly number[]): SellerRow[];
}

export interface DirectoryRows {
  merchants: MerchantFacts[];
  accounts: { houseId: number; merchantId: number; dcn: string }[];
  distributors: DistributorFacts[];
  rolledHouses: number[];
}

export function directory({ merchants, accounts, distributors, rolledHouses }: DirectoryRows): Directory {
  const merchantById = new Map(merchants.map((m) => [m.id, m]));
  const distributorById = new Map(distributors.map((d) => [d.id, d]));
  const dcns = new Map<number, Map<number, string>>();
  for (const a of accounts) (dcns.get(a.houseId) ?? dcns.set(a.houseId, new Map()).get(a.houseId)!).set(a.merchantId, a.dcn);
  const houseMerchants = new Map([...dcns].map(([house, byMerchant]) => [house, [...byMerchant.keys()].sort((a, b) => a - b)]));
  const rolled = new Set(rolledHouses);
  const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

  return {
    houseMerchants,
    rolled: (houseId) => rolled.has(houseId),
    merchant: (id) => merchantById.get(id),
    familyRoot: (houseId) => distributorById.get(houseId)?.familyRootId,
    accountMerchantIds(houseId, among) {
      const ids = houseMerchants.get(houseId) ?? [];
      if (among === null) return [...ids];
      const at = dcns.get(houseId);
      return ascending(among).filter((id) => at?.has(id));
    },
    merchantCount: (houseId) => houseMerchants.get(houseId)?.length ?? 0,
    merchantRows(ids, houseId) {
      const at = dcns.get(houseId);
      return ids.flatMap((id) => {
        const m = merchantById.get(id);
        return m ? [{ id, platformId: m.platformId, merchant: m.name, dcn: at?.get(id) ?? null }] : [];
      });
    },
    list(houseId, ids, order) {
      const at = dcns.get(houseId);
      const rank = order === 'account' ? (m: MerchantFacts) => m.byAccount : (m: MerchantFacts) => m.byName;
      return [...new Set(ids)].flatMap((id) => merchantById.get(id) ?? [])
        .sort((a, b) => rank(a) - rank(b))
        .map((m) => ({ id: m.id, platformId: m.platformId, merchant: m.name, dcn: at?.get(m.id) ?? null }));
    },
    sellers: (ids) => [...new Set(ids)].flatMap((id) => distributorById.get(id) ?? []).map((d) => ({ ...d })),
  };
}
