// The internal admins' view of users across every distributor (accounts spec §2.9, §2.11).
// Who may call these is decided by server/routes/admin-users.ts (internal admins only).
import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import type { AdminHouse, AdminUserPatch, AdminUserRow } from '../../src/model/admin.ts';


const HOUSE_COLUMNS = 'd.id, d.platform_id, d.nickname, d.parent_id, d.referred_partner_id as "referredPartnerId"';

export function adminUsersRepository(pool: pg.Pool) {
  return {
    /** Family heads: distributors without a parent, by name. */
    async parents(): Promise<AdminHouse[]> {
      const { rows } = await pool.query<AdminHouse>(`select ${HOUSE_COLUMNS} from distributors d where d.parent_id is null order by d.nickname, d.id`);
      return rows;
    },

    /** The houses of a family head; a head without children is its own only house. */
    async children(parentId: number): Promise<AdminHouse[]> {
      const { rows } = await pool.query<AdminHouse>(
        `select ${HOUSE_COLUMNS} from distributors d
          where d.parent_id = $1
             or (d.id = $1 and d.parent_id is null and not exists (select 1 from distributors c where c.parent_id = $1))
          order by d.nickname, d.id`,
        [parentId],
      );
      return rows;
    },

    async house(id: number): Promise<AdminHouse | null> {
      const { rows } = await pool.query<AdminHouse>(`select ${HOUSE_COLUMNS} from distributors d where d.id = $1`, [id]);
      return rows[0] ?? null;
    },

    /**
     * Active users (invited ones too) of a house, or with `family` of every house of a family head
     * (no house: of every distributor);
     * a user belongs to a house through their channel partner or their houses. GPO staff excluded.
     */
    async users(distributorId: number | null, family: boolean): Promise<AdminUserRow[]> {
      const { rows } = await pool.query(
        `with houses as (
           select id from distributors where id = $1 or ($2::bool and parent_id = $1)
         )
         select u.id, u.contact_name, u.email, u.title, u.created_at, u.last_login_at,
                u.display_intel, u.display_payment_info, u.display_invoice, u.is_multi_house,
                coalesce(u.active_distributor_id, u.channel_partner_id) as active_id,
                coalesce(cp.nickname, '') as distributor,
                coalesce((select json_agg(json_build_object('id', d.id, 'nickname', d.nickname, 'parent_id', d.parent_id) order by d.nickname)
                            from distributors d
                           where d.id in (select h.distributor_id from user_houses h where h.user_id = u.id
                                          union select u.channel_partner_id)), '[]') as houses
           from users u left join distributors cp on cp.id = u.channel_partner_id
          where u.deactivated_at is null and not u.is_internal_admin and u.approval = 'approved'
            and ($1::int is null or u.channel_partner_id in (select id from houses)
                 or exists (select 1 from user_houses h where h.user_id = u.id and h.distributor_id in (select id from houses)))
          order by u.contact_name, u.id`,
        [distributorId, family],
      );
      return rows.map((r) => ({
        id: r.id,
        contactName: r.contact_name,
        email: r.email,
        title: r.title,
        distributor: r.distributor,
        createdDate: (r.created_at as Date).toISOString(),
        lastLoginDateTime: r.last_login_at ? (r.last_login_at as Date).toISOString() : null,
        displayIntel: r.display_intel,
        displayPaymentInfo: r.display_payment_info,
        displayInvoice: r.display_invoice,
        isMultiHouse: r.is_multi_house,
        activeDistributorId: r.active_id,
        houses: r.houses,
      }));
    },

    /** Changes what the patch names; `houses` replaces the user's houses (channel partner kept). */
    async update(db: Queryable, userId: number, p: AdminUserPatch & { passwordHash?: string }): Promise<void> {
      const columns: [string, unknown][] = [
        ['email', p.email], ['contact_name', p.contactName], ['title', p.title], ['password_hash', p.passwordHash],
        ['display_intel', p.displayIntel], ['display_payment_info', p.displayPaymentInfo],
        ['display_invoice', p.displayInvoice], ['is_multi_house', p.isMultiHouse],
      ];
      const set = columns.filter(([, v]) => v !== undefined);
      if (set.length > 0) {
        await db.query(
          `update users set ${set.map(([c], i) => `${c} = $${i + 2}`).join(', ')} where id = $1`,
          [userId, ...set.map(([, v]) => v)],
        );
      }
      if (p.houses) {
        await db.query('delete from user_houses where user_id = $1 and distributor_id <> all($2::int[])', [userId, p.houses]);
        await db.query(
          'insert into user_houses (user_id, distributor_id) select $1, unnest($2::int[]) on conflict do nothing', [userId, p.houses]);
      }
    },

    /** How many of the ids name a distributor. */
    async existing(ids: readonly number[]): Promise<number> {
      const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from distributors where id = any($1::int[])', [ids]);
      return rows[0]!.n;
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof adminUsersRepository>;
