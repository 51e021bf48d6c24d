import * as t from 'io-ts';
import { describedAs, IdText, pattern } from './codec.ts';

/** Session analytics (accounts spec §3 "User session", §7, §9): one row per tracked visit. */

/** An ISO 8601 timestamp with its time zone, as `Date.prototype.toISOString` writes it. */
const IsoTimestamp = pattern('an ISO timestamp', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/);

const WholeSeconds = describedAs(new t.Type<number, number, unknown>(
  'whole seconds, 0 or more',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 0,
  (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= 0 && u <= 2_147_483_647 ? t.success(u) : t.failure(u, c)),
  t.identity,
), { type: 'integer', minimum: 0, maximum: 2_147_483_647 });

export const UserSessionPayload = t.type({ startTime: IsoTimestamp, endTime: IsoTimestamp, time: WholeSeconds });
export type UserSessionPayload = t.TypeOf<typeof UserSessionPayload>;

export const UserSessionsQuery = t.type({ user_id: IdText });

export const UserSessionRow = t.type({ end_time: t.string, time: t.number });
export type UserSessionRow = t.TypeOf<typeof UserSessionRow>;
export const UserSessionRows = t.array(UserSessionRow);

export const SESSION_WINDOW_DAYS = 30;
/** Rounding and the tracker's 5 s check interval may add a little to the measured time. */
export const TIME_TOLERANCE_SECONDS = 5;
/** Clocks disagree a little between browser and server. */
export const CLOCK_SKEW_MS = 60_000;
/** No one is online for a week without a break; longer is a broken client. */
export const MAX_SESSION_MS = 7 * 24 * 3600_000;

/** Milliseconds of an ISO timestamp, or NaN for a calendar impossibility (Date.parse rolls 31 Feb over to March). */
function instant(iso: string): number {
  const [y, m, d, h, min, sec] = iso.split(/[-T:.Z+]/).map(Number) as number[];
  const daysInMonth = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  if (m! < 1 || m! > 12 || d! < 1 || d! > daysInMonth || h! > 23 || min! > 59 || sec! > 59) return NaN;
  return Date.parse(iso);
}

/** What is wrong with a well-formed payload, judged at `now`; null when it can be recorded. */
export function sessionProblem(p: UserSessionPayload, now: number): string | null {
  const start = instant(p.startTime);
  const end = instant(p.endTime);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'startTime and endTime must be real dates';
  if (end < start) return 'endTime must not be before startTime';
  if (end > now + CLOCK_SKEW_MS) return 'endTime must not be in the future';
  if (end - start > MAX_SESSION_MS) return 'a session cannot last more than 7 days';
  if (p.time > (end - start) / 1000 + TIME_TOLERANCE_SECONDS) return 'time must not exceed the time between startTime and endTime';
  return null;
}

/** The admin panel's figures: how many sessions, and the time online as '3h 4m 5s'. */
export function sessionSummary(rows: readonly UserSessionRow[]): { count: number; online: string } {
  const total = rows.reduce((s, r) => s + r.time, 0);
  return { count: rows.length, online: `${Math.floor(total / 3600)}h ${Math.floor((total % 3600) / 60)}m ${total % 60}s` };
}
