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
    /** A successful login forgives the account's earlier failures, not the IP's. */
    async forget(key: string): Promise<void> {
      await db.query('delete from login_attempts where key = $1 and not succeeded', [key]);
    },
  };
}
export type LoginAttemptsRepository = ReturnType<typeof loginAttemptsRepository>;
