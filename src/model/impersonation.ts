import * as t from 'io-ts';
import { IdText, boundedString, calendarDate } from './codec.ts';

/**
 * Impersonation that is safe and audited (beyond the spec: docs/admin-tools.md): an internal admin logs in
 * as a user only with a reason, for at most 60 minutes, and every start, end and write made
 * through that session is kept in an append-only audit log.
 */
export const IMPERSONATION_MINUTES = 60;

export const REASON_HINT = 'Say why you need to log in as this user (at least 5 characters).';
export const ImpersonationReason = boundedString('a reason of 5 to 500 characters', 5, 500);

/** GET /api/auth/impersonation: whether the caller's session is an admin acting as the user. */
export const ImpersonationStatus = t.union([
  t.type({ active: t.literal(false) }),
  t.type({ active: t.literal(true), adminName: t.string, userName: t.string, userEmail: t.string, since: t.string, expiresAt: t.string, reason: t.string }),
]);
export type ImpersonationStatus = t.TypeOf<typeof ImpersonationStatus>;

/** start and end of an acting session; each call made through it, a write or a read (route-permissions.ts). */
export const AuditEvent = t.keyof({ start: null, end: null, write: null, read: null });
export const AUDIT_EVENTS = Object.keys(AuditEvent.keys) as AuditEvent[];
export type AuditEvent = t.TypeOf<typeof AuditEvent>;

export const AuditRow = t.type({
  id: t.number,
  at: t.string,
  event: AuditEvent,
  adminEmail: t.string,
  userEmail: t.union([t.string, t.null]),
  reason: t.union([t.string, t.null]),
  call: t.union([t.string, t.null]),
  record: t.union([t.string, t.null]),
  status: t.union([t.number, t.null]),
});
export type AuditRow = t.TypeOf<typeof AuditRow>;
export const AuditRows = t.array(AuditRow);

/** GET /api/admin/audit filters: who, which event, which days (all optional). */
const Day = calendarDate('2000-01-01', '2099-12-31');
export const AuditQuery = t.partial({
  adminId: IdText, userId: IdText, event: AuditEvent, from: Day, to: Day,
  search: boundedString('at most 100 characters', 1, 100),
});
export type AuditQuery = t.TypeOf<typeof AuditQuery>;

/** Minutes and seconds left, for the banner: '59:07'. */
export function timeLeft(expiresAt: string, now: number): string {
  const s = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
