// The impersonation audit log (migration 040): appended to, read by the Admin Panel, never
// changed (the table's trigger refuses updates and deletes; no route offers either).
import type pg from 'pg';
import type { AuditEvent, AuditQuery, AuditRow } from '../../src/model/impersonation.ts';

export interface AuditEntry {
  event: AuditEvent;
  adminId: number;
  userId: number | null;
  sessionId: string | null;
  reason?: string | null;
  call?: string | null;
  record?: string | null;
  status?: number | null;
}

export function auditLogRepository(pool: pg.Pool) {
  return {
    async append(e: AuditEntry): Promise<void> {
      await pool.query(
        `insert into impersonation_audit (event, admin_id, user_id, session_id, reason, call, record, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [e.event, e.adminId, e.userId, e.sessionId, e.reason ?? null, e.call ?? null, e.record ?? null, e.status ?? null],
      );
    },

    /** Newest first, at most 500 rows, filtered by what the query names. */
    async list(q: AuditQuery): Promise<AuditRow[]> {
      const { rows } = await pool.query(
        `select l.id::int, l.at, l.event, a.email as admin_email, u.email as user_email, l.reason, l.call, l.record, l.status
           from impersonation_audit l join users a on a.id = l.admin_id left join users u on u.id = l.user_id
          where ($1::int is null or l.admin_id = $1) and ($2::int is null or l.user_id = $2)
            and ($3::text is null or l.event = $3)
            and ($4::date is null or l.at >= $4::date) and ($5::date is null or l.at < $5::date + 1)
            and ($6::text is null or strpos(lower(concat_ws(' ', a.email, u.email, l.reason, l.call, l.record)), lower($6)) > 0)
          order by l.at desc, l.id desc limit 500`,
        [q.adminId ?? null, q.userId ?? null, q.event ?? null, q.from ?? null, q.to ?? null, q.search ?? null],
      );
      return rows.map((r) => ({
        id: r.id, at: (r.at as Date).toISOString(), event: r.event, adminEmail: r.admin_email, userEmail: r.user_email,
        reason: r.reason, call: r.call, record: r.record, status: r.status,
      }));
    },

    /** The impersonation behind a live session: who acts, for whom, since when, why. */
    async impersonation(sessionId: string) {
      const { rows } = await pool.query(
        `select a.contact_name as admin_name, u.contact_name as user_name, u.email as user_email,
                s.created_at, s.expires_at, s.acting_reason
           from auth_sessions s join users a on a.id = s.acting_admin_id join users u on u.id = s.user_id
          where s.id = $1 and s.acting_admin_id is not null`,
        [sessionId],
      );
      const r = rows[0];
      return r
        ? { adminName: r.admin_name as string, userName: r.user_name as string, userEmail: r.user_email as string,
            since: (r.created_at as Date).toISOString(), expiresAt: (r.expires_at as Date).toISOString(), reason: (r.acting_reason ?? '') as string }
        : null;
    },
  };
}
export type AuditLogRepository = ReturnType<typeof auditLogRepository>;
