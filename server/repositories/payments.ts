// Rebate checks of a house for a quarter, with or without their location and manufacturer
// breakdowns. Only 'Paid' checks are ever read (accounts spec §4); the merchants are already
// scoped by server/scope/.
import type pg from 'pg';
import type { PostedCheck } from '../../src/model/digest.ts';
import type { CheckSummary, RebateCheck } from '../../src/model/payments.ts';
import type { PayNoPayRow } from '../documents/pay-no-pay.ts';

/** Which merchants: every one with an account at the house (`null`), or these ids. */
export type MerchantFilter = number[] | null;

export interface StoredCheck extends RebateCheck {
  id: number;
}

// The list's columns only (not even the id), ready to send as they come.
const SUMMARY_COLUMNS = `c.merchant_id as merchantid, m.platform_id as "platformClientId", m.name as merchant,
  c.amount, c.checkno, c.distributordistrict, c.paymentmethod, c.paymentrouting`;
const FROM_CHECKS = `rebate_checks c join merchants m on m.id = c.merchant_id`;
// The breakdowns come built as JSON from rebate_check_breakdowns (migration 031). Read only when
// asked: moving them was most of the list's time (3.5 MB for 5,000 merchants; spec: accounts-and-administration.md §2.7 Rebate check vouchers).
const CHECK_COLUMNS = `c.id, ${SUMMARY_COLUMNS}, c.status, c.accountname, c.accountmaprelationship, c.sfid,
  coalesce(b.locations, '[]') as "toMerchantsCheckBreakdown", coalesce(b.manufacturers, '[]') as "fromManufacturersCheckBreakdown"`;
const FROM_CHECKS_WITH_BREAKDOWNS = `${FROM_CHECKS} left join rebate_check_breakdowns b on b.check_id = c.id`;

/**
 * `$3` names the merchants, or is null for every one; either way only merchants with an account at
 * the house (the named ones, scoped already, always have one). A plain `and exists`, not a `case`,
 * lets the planner join the house's accounts instead of hashing every house's (half the time).
 */
const IN_SCOPE = `($3::int[] is null or c.merchant_id = any($3::int[]))
   and exists (select 1 from merchant_accounts a where a.merchant_id = c.merchant_id and a.distributor_id = c.distributor_id)`;

/** The house's paid checks of the quarter for the merchants, by merchant name. */
const quarterChecks = (withBreakdowns: boolean) =>
  `select ${withBreakdowns ? CHECK_COLUMNS : SUMMARY_COLUMNS} from ${withBreakdowns ? FROM_CHECKS_WITH_BREAKDOWNS : FROM_CHECKS}
    where c.distributor_id = $1 and c.quarter = $2 and c.status = 'Paid' and ${IN_SCOPE}
    order by m.name, c.merchant_id, c.id`;

export function paymentsRepository(db: pg.Pool) {
  return {
    /** The quarter's list: the checks without their breakdowns. */
    async checks(distributorId: number, quarter: string, merchants: MerchantFilter): Promise<CheckSummary[]> {
      return (await db.query<CheckSummary>(quarterChecks(false), [distributorId, quarter, merchants])).rows;
    },

    /** The same checks with both breakdowns (the side panel, the documents, the list when asked). */
    async checksWithBreakdowns(distributorId: number, quarter: string, merchants: MerchantFilter): Promise<StoredCheck[]> {
      return (await db.query<StoredCheck>(quarterChecks(true), [distributorId, quarter, merchants])).rows;
    },

    /** One paid check by id, with the house, quarter and merchant that decide who may see it. */
    async checkById(id: number): Promise<(StoredCheck & { distributorId: number; quarter: string }) | null> {
      const { rows } = await db.query(
        `select ${CHECK_COLUMNS}, c.distributor_id as "distributorId", c.quarter
           from ${FROM_CHECKS_WITH_BREAKDOWNS}
          where c.id = $1 and c.status = 'Paid'`,
        [id],
      );
      return rows[0] ?? null;
    },

    /** Every merchant of the selection with its paid check of the quarter, or none ('No Pay'). */
    async payNoPay(distributorId: number, quarter: string, merchants: MerchantFilter): Promise<PayNoPayRow[]> {
      const { rows } = await db.query<PayNoPayRow>(
        `select m.platform_id as "platformClientId", m.name as merchant, coalesce(c.accountname, m.account_name) as "accountName",
                c.distributordistrict as district, c.paymentmethod, c.paymentrouting, c.checkno, c.amount
           from merchant_accounts a
           join merchants m on m.id = a.merchant_id
           left join lateral (select * from rebate_checks c
                               where c.merchant_id = a.merchant_id and c.distributor_id = a.distributor_id
                                 and c.quarter = $2 and c.status = 'Paid' order by c.id limit 1) c on true
          where a.distributor_id = $1 and ($3::int[] is null or a.merchant_id = any($3::int[]))
          order by m.name, m.id`,
        [distributorId, quarter, merchants],
      );
      return rows;
    },

    /** The house's paid checks posted after `since` (the digest, the bell), newest first: up to `limit`, with the count and sum of all. */
    async postedSince(distributorId: number, since: Date, merchants: MerchantFilter, limit: number): Promise<{ count: number; total: number; checks: PostedCheck[] }> {
      const { rows } = await db.query(
        `with posted as (
           select c.id, c.merchant_id, m.name as merchant, c.quarter, c.amount, c.checkno, c.posted_at
             from ${FROM_CHECKS}
            where c.distributor_id = $1 and c.posted_at > $2 and c.status = 'Paid' and ${IN_SCOPE.replace(/\$3/g, '$4')})
         select (select count(*)::int from posted) as count, (select coalesce(sum(amount), 0) from posted) as total,
                coalesce((select json_agg(p order by p.posted_at desc, p.id) from
                  (select * from posted order by posted_at desc, id limit $3) p), '[]') as checks`,
        [distributorId, since, limit, merchants],
      );
      const r = rows[0];
      return {
        count: r.count,
        total: Number(r.total),
        checks: r.checks.map((c: Record<string, never>) => ({ id: c.id, merchantId: c.merchant_id, merchant: c.merchant, quarter: c.quarter,
          amount: Number(c.amount), checkno: c.checkno, postedAt: new Date(c.posted_at).toISOString() })),
      };
    },

    async houseName(distributorId: number): Promise<string> {
      const { rows } = await db.query<{ nickname: string }>('select nickname from distributors where id = $1', [distributorId]);
      return rows[0]?.nickname ?? '';
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
