import crypto from 'node:crypto';
import type pg from 'pg';
import type { Queryable } from '../db/queryable.ts';

export type TokenPurpose = 'activate' | 'reset' | 'invite' | 'email' | 'email-approval';

/** How long each kind of emailed link works. */
export const TOKEN_LIFETIME_HOURS: Record<TokenPurpose, number> = { activate: 7 * 24, reset: 1, invite: 7 * 24, email: 48, 'email-approval': 48 };

/** A link token used up: whose, what for, and for an email change the new address and where the link went. */
export interface UsedToken {
  userId: number;
  purpose: TokenPurpose;
  newEmail: string | null;
  sentTo: string | null;
}


const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function accountTokensRepository(pool: pg.Pool) {
  return {
    /**
     * A new link token for the user, bound to the address the account has now; earlier unused
     * tokens of the same purpose stop working, so only the newest email's link is valid.
     */
    async issue(userId: number, purpose: TokenPurpose, db: Queryable = pool, newEmail: string | null = null, sentTo: string | null = null): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await db.query('update account_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null', [userId, purpose]);
      await db.query(
        `insert into account_tokens (token_hash, user_id, purpose, expires_at, new_email, sent_to, account_email)
         values ($1, $2, $3, now() + make_interval(hours => $4), $5, $6, (select email from users where id = $2))`,
        [hashOf(token), userId, purpose, TOKEN_LIFETIME_HOURS[purpose], newEmail, sentTo],
      );
      return token;
    },
    /**
     * Uses the token up if it is unused, unexpired, of one of the purposes and the account still
     * has the address it was issued against (migration 145): the user it was for, or null. Call
     * inside the transaction that does what the link is for, so a failure leaves the link usable.
     */
    async consume(token: string, purposes: readonly TokenPurpose[], db: Queryable = pool): Promise<UsedToken | null> {
      const { rows } = await db.query<{ user_id: number; purpose: TokenPurpose; new_email: string | null; sent_to: string | null }>(
        `update account_tokens t set used_at = now()
           from users u
          where t.token_hash = $1 and t.used_at is null and t.expires_at > now() and t.purpose = any($2)
            and u.id = t.user_id and lower(u.email) = lower(t.account_email)
          returning t.user_id, t.purpose, t.new_email, t.sent_to`,
        [hashOf(token), purposes],
      );
      const r = rows[0];
      return r ? { userId: r.user_id, purpose: r.purpose, newEmail: r.new_email, sentTo: r.sent_to } : null;
    },
    /**
     * An internal admin set the address (even to the one it has): a change still waiting for its
     * approval or confirmation was asked against another intent, so its links stop working.
     */
    async revokeEmailChanges(userId: number, db: Queryable = pool): Promise<void> {
      await db.query(`update account_tokens set used_at = now() where user_id = $1 and purpose in ('email', 'email-approval') and used_at is null`, [userId]);
    },
  };
}
export type AccountTokensRepository = ReturnType<typeof accountTokensRepository>;
