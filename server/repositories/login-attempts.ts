import type pg from 'pg';

export function loginAttemptsRepository(db: pg.Pool) {
  return {
    async failuresSince(keys: string[], minutes: number): Promise<Map<string, number>> {
      const { rows } = await db.query<{ key: string; n: number }>(
        `select key, count(*)::int as n from login_attempts
          where key = any($1) and not succeeded and attempted_at > now() - make_interval(mins => $2)
          group by key`,
        [keys, minutes],
      );
      return new Map(rows.map((r) => [r.key, r.n]));
    },
    async recordFailure(keys: string[]): Promise<void> {
      await db.query('insert into login_attempts (key, succeeded) select k, false from unnest($1::text[]) k', [keys]);
    },
    /** Per key: how many failures in the window, and when the last one was (keys without any are left out). */
    async recentFailures(keys: string[], minutes: number): Promise<Map<string, { failures: number; lastAt: Date }>> {
      const { rows } = await db.query<{ key: string; n: number; last_at: Date }>(
        `select key, count(*)::int as n, max(attempted_at) as last_at from login_attempts
          where key = any($1) and not succeeded and attempted_at > now() - make_interval(mins => $2)
          group by key`,
        [keys, minutes],
      );
      return new Map(rows.map((r) => [r.key, { failures: r.n, lastAt: r.last_at }]));
    },
    /** A successful login forgives the account's earlier failures (and that address's), not the IP's. */
    async forget(keys: string[]): Promise<void> {
      await db.query('delete from login_attempts where key = any($1) and not succeeded', [keys]);
    },
    /** A password reset or change forgives every failure of the account, from every address. */
    async forgetAccount(email: string): Promise<void> {
      const normal = email.trim().toLowerCase();
      await db.query(`delete from login_attempts where not succeeded and (key = $1 or starts_with(key, $2))`, [`email:${normal}`, `pair:${normal}|`]);
    },
  };
}
export type LoginAttemptsRepository = ReturnType<typeof loginAttemptsRepository>;
