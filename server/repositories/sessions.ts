import type pg from 'pg';

export function sessionsRepository(db: pg.Pool) {
  return {
    async create(userId: number, expiresAt: Date, ip: string, userAgent: string | undefined): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        'insert into auth_sessions (user_id, expires_at, ip, user_agent) values ($1, $2, $3, $4) returning id',
        [userId, expiresAt, ip, userAgent ?? null],
      );
      return rows[0]!.id;
    },
    /** True when the session exists, belongs to the user, is unexpired, unrevoked, and the user is active. */
    async isLive(sessionId: string, userId: number): Promise<boolean> {
      const { rowCount } = await db.query(
        `select 1 from auth_sessions s join users u on u.id = s.user_id
          where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now()
            and u.deactivated_at is null`,
        [sessionId, userId],
      );
      return rowCount === 1;
    },
    async revoke(sessionId: string): Promise<void> {
      await db.query('update auth_sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
    },
    async revokeAllOf(userId: number): Promise<void> {
      await db.query('update auth_sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
