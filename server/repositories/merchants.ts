// Merchant rows for the header's location lists; which ids is decided by server/scope/.
import type { Queryable } from '../db/queryable.ts';
import type { Merchant } from '../../src/model/dashboard.ts';

export type MerchantOrder = 'name' | 'account';

export function merchantsRepository(db: Queryable) {
  return {
    /** The merchants `ids` with their customer number at the distributor (null without an account there). */
    async list(distributorId: number, ids: number[], order: MerchantOrder = 'name'): Promise<Merchant[]> {
      const { rows } = await db.query(
        `select m.id, m.platform_id, m.name, a.dcn
           from merchants m
           left join merchant_accounts a on a.merchant_id = m.id and a.distributor_id = $1
          where m.id = any($2::int[])
          order by ${order === 'account' ? 'm.account_name, m.name' : 'm.name'}, m.id`,
        [distributorId, ids],
      );
      return rows.map((r) => ({ id: r.id, platformId: r.platform_id, merchant: r.name, dcn: r.dcn }));
    },
  };
}
export type MerchantsRepository = ReturnType<typeof merchantsRepository>;
