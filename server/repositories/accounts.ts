// The SQL of the public account flows (sign-up, activation, password reset and change).
// Writes take the transaction's client so they commit or roll back with the token and the email.
import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';


export interface AccountHolder {
  id: number;
  email: string;
  contactName: string;
}

export interface SignUp {
  email: string;
  contactName: string;
  houseId: number;
}

export function accountsRepository(pool: pg.Pool) {
  return {
    /** A house (a child of a family, not a parent or a competitor) by its platform id. */
    async houseIdByPlatformId(platformId: string): Promise<number | null> {
      const { rows } = await pool.query<{ id: number }>(
        'select id from distributors where platform_id = $1 and parent_id is not null', [platformId]);
      return rows[0]?.id ?? null;
    },

    async emailTaken(email: string): Promise<boolean> {
      const { rowCount } = await pool.query('select 1 from users where lower(email) = lower($1)', [email]);
      return rowCount === 1;
    },

    /**
     * A self-signed-up account: least privilege until someone of the family grants more — Distributor
     * Rep of the house, no locations, not invited to all, no display flags, not activated.
     * Null when the email was taken meanwhile (the unique index decides races).
     */
    async createSignedUp(s: SignUp, passwordHash: string, db: Queryable): Promise<number | null> {
      try {
        const { rows } = await db.query<{ id: number }>(
          `insert into users (email, contact_name, password_hash, title, channel_partner_id, active_distributor_id,
                              invite_all, display_intel, display_invoice, display_payment_info, is_multi_house, approval)
           values ($1, $2, $3, 'Distributor Rep', $4, $4, false, false, false, false, false, 'pending')
           returning id`,
          [s.email, s.contactName, passwordHash, s.houseId],
        );
        return rows[0]!.id;
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return null; // unique_violation
        throw err;
      }
    },

    /** Confirms the email; says whether the account still waits for approval, and who it is. */
    async activate(userId: number, db: Queryable): Promise<{ pending: boolean; rejected: boolean; deactivated: boolean; holder: AccountHolder; houseId: number | null }> {
      const { rows } = await db.query(
        `update users set activated_at = coalesce(activated_at, now()) where id = $1
         returning id, email, contact_name, approval, channel_partner_id, deactivated_at`,
        [userId],
      );
      const r = rows[0];
      return {
        pending: r.approval === 'pending', rejected: r.approval === 'rejected', deactivated: r.deactivated_at !== null,
        holder: { id: r.id, email: r.email, contactName: r.contact_name }, houseId: r.channel_partner_id,
      };
    },

    /** Who may approve a request to join the house: its family's active Admin and Leadership users. */
    async approversOf(houseId: number, db: Queryable = pool): Promise<AccountHolder[]> {
      const { rows } = await db.query(
        `select u.id, u.email, u.contact_name from users u
           join distributors d on d.id = u.channel_partner_id
          where coalesce(d.parent_id, d.id) = (select coalesce(parent_id, id) from distributors where id = $1)
            and u.title in ('Admin', 'Leadership') and u.approval = 'approved'
            and u.activated_at is not null and u.deactivated_at is null and not u.is_internal_admin
          order by u.id`,
        [houseId],
      );
      return rows.map((r) => ({ id: r.id, email: r.email, contactName: r.contact_name }));
    },

    /** An email change confirmed by its new address; false when the account is gone. */
    async changeEmail(userId: number, email: string, db: Queryable): Promise<boolean> {
      const { rowCount } = await db.query('update users set email = $2 where id = $1 and deactivated_at is null', [userId, email]);
      return rowCount === 1;
    },

    /** The account a password reset may be sent for: not deactivated. */
    async resettable(email: string): Promise<AccountHolder | null> {
      const { rows } = await pool.query(
        'select id, email, contact_name from users where lower(email) = lower($1) and deactivated_at is null', [email]);
      const r = rows[0];
      return r ? { id: r.id, email: r.email, contactName: r.contact_name } : null;
    },

    async passwordHashOf(userId: number): Promise<{ email: string; passwordHash: string | null } | null> {
      const { rows } = await pool.query('select email, password_hash from users where id = $1', [userId]);
      const r = rows[0];
      return r ? { email: r.email, passwordHash: r.password_hash } : null;
    },

    /**
     * Sets the password of an account that is not deactivated and marks it activated (whoever sets
     * a password through an emailed link has proven the address). The email, or null if refused.
     */
    async setPassword(userId: number, passwordHash: string, db: Queryable): Promise<string | null> {
      const { rows } = await db.query<{ email: string }>(
        `update users set password_hash = $2, activated_at = coalesce(activated_at, now())
          where id = $1 and deactivated_at is null returning email`,
        [userId, passwordHash],
      );
      return rows[0]?.email ?? null;
    },
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
