import type pg from 'pg';
import type { SessionUser, Title } from '../../src/model/session-user.ts';
import { actingHouse } from './acting-house.ts';

export type LoginRecord = {
  id: number;
  passwordHash: string | null;
  activated: boolean;
  deactivated: boolean;
  approval: 'pending' | 'approved' | 'rejected';
};

type SessionUserRow = {
  id: number;
  email: string;
  contact_name: string;
  title: Title | null;
  is_internal_admin: boolean;
  export_user: boolean;
  display_intel: boolean;
  display_invoice: boolean;
  display_payment_info: boolean;
  is_multi_house: boolean;
  channel_partner_id: number | null;
  active_id: number | null;
  active_platform_id: string | null;
  active_nickname: string | null;
  house_count: number;
};

function toSessionUser(r: SessionUserRow): SessionUser {
  return {
    id: r.id,
    email: r.email,
    name: r.contact_name,
    title: r.title,
    isInternalAdmin: r.is_internal_admin || r.export_user,
    internalAdmin: r.is_internal_admin,
    exportUser: r.export_user,
    isAdmin: r.title === 'Admin',
    // A user who acts for more than one house of the family picks the house in the header.
    isGroup: r.is_multi_house || r.house_count > 1,
    displayIntel: r.display_intel,
    displayInvoice: r.display_invoice,
    displayPaymentInfo: r.display_payment_info,
    isMultiHouse: r.is_multi_house,
    channelPartner: r.channel_partner_id === null ? null : { distributor_id: r.channel_partner_id },
    activeDistributor:
      r.active_id === null ? null : { id: r.active_id, platform_id: r.active_platform_id!, nickname: r.active_nickname! },
    impersonateAs: null,
  };
}

export function usersRepository(db: pg.Pool) {
  return {
    async findForLogin(email: string): Promise<LoginRecord | null> {
      const { rows } = await db.query(
        `select id, password_hash, activated_at is not null as activated, deactivated_at is not null as deactivated, approval
           from users where lower(email) = lower($1)`,
        [email.trim()],
      );
      const r = rows[0];
      return r ? { id: r.id, passwordHash: r.password_hash, activated: r.activated, deactivated: r.deactivated, approval: r.approval } : null;
    },
    async sessionUser(userId: number): Promise<SessionUser | null> {
      // Named, so PostgreSQL plans it once per connection: the rebate pages ask it on every call.
      const { rows } = await db.query<SessionUserRow>({
        name: 'session-user',
        text: `select u.id, u.email, u.contact_name, u.title, u.is_internal_admin, u.export_user, u.display_intel,
                u.display_invoice, u.display_payment_info, u.is_multi_house, u.channel_partner_id,
                d.id as active_id, d.platform_id as active_platform_id, d.nickname as active_nickname,
                (select count(*)::int from user_houses h where h.user_id = u.id) as house_count
           from users u
           left join distributors d on d.id = ${actingHouse('u')}
          where u.id = $1`,
        values: [userId],
      });
      return rows[0] ? toSessionUser(rows[0]) : null;
    },
    async recordLogin(userId: number): Promise<void> {
      await db.query('update users set last_login_at = now() where id = $1', [userId]);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
