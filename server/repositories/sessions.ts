import type pg from 'pg';

export function sessionsRepository(db: pg.Pool) {
  return {
    /** `actingAdminId`: the internal admin who switched into this user's session (POST /auth/session), and why. */
    async create(userId: number, expiresAt: Date, ip: string, userAgent: string | undefined, actingAdminId: number | null = null, reason: string | null = null): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        'insert into auth_sessions (user_id, expires_at, ip, user_agent, acting_admin_id, acting_reason) values ($1, $2, $3, $4, $5, $6) returning id',
        [userId, expiresAt, ip, userAgent ?? null, actingAdminId, reason],
      );
      return rows[0]!.id;
    },
    /** The internal admin acting through the session, if an admin switched into it. */
    async actingAdmin(sessionId: string): Promise<number | null> {
      const { rows } = await db.query<{ acting_admin_id: number | null }>(
        'select acting_admin_id from auth_sessions where id = $1', [sessionId]);
      return rows[0]?.acting_admin_id ?? null;
    },
    async revoke(sessionId: string): Promise<void> {
      await db.query('update auth_sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
    },
    /** Every session of the user, but `exceptSessionId` (the caller's own, after a password change). */
    async revokeAllOf(userId: number, exceptSessionId: string | null = null): Promise<void> {
      await db.query(
        'update auth_sessions set revoked_at = now() where user_id = $1 and revoked_at is null and id is distinct from $2',
        [userId, exceptSessionId]);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
