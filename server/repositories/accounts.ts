// The SQL of the public account flows (sign-up, activation, password reset and change).
// Writes take the transaction's client so they commit or roll back with the token and the email.
import type pg from 'pg';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

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
                              invite_all, display_intel, display_invoice, display_payment_info, is_multi_house)
           values ($1, $2, $3, 'Distributor Rep', $4, $4, false, false, false, false, false)
           returning id`,
          [s.email, s.contactName, passwordHash, s.houseId],
        );
        return rows[0]!.id;
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return null; // unique_violation
        throw err;
      }
    },

    async activate(userId: number, db: Queryable): Promise<void> {
      await db.query('update users set activated_at = coalesce(activated_at, now()) where id = $1', [userId]);
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
