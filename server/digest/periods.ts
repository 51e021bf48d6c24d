// When a digest is due and which period it belongs to, in the user's time zone: weekly on
// Monday from 07:00, daily every day from 07:00. The period ('2026-W48', '2026-11-24') is what a
// send is unique by, so a retried or doubled job never sends twice.
import type { DigestFrequency } from '../../src/model/digest.ts';

export const SEND_HOUR = 7;
const DAY = 86_400_000;

/** The local calendar date, weekday (1 Monday … 7 Sunday) and hour at `now` in `timeZone`. */
export function localTime(now: Date, timeZone: string) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', weekday: 'short', hourCycle: 'h23',
  }).formatToParts(now).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return { date, weekday, hour: Number(parts.hour) };
}

/** ISO 8601 week of a calendar date: '2026-W48'. */
export function isoWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.getUTCDay() || 7;
  const thursday = new Date(d.getTime() + (4 - weekday) * DAY);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export function periodOf(frequency: Exclude<DigestFrequency, 'off'>, now: Date, timeZone: string): string {
  const { date } = localTime(now, timeZone);
  return frequency === 'daily' ? date : isoWeek(date);
}

/** Whether the user's digest is due in the hour starting at 07:00 local time (the scheduler ticks within it). */
export function isDue(frequency: DigestFrequency, now: Date, timeZone: string): boolean {
  if (frequency === 'off') return false;
  const t = localTime(now, timeZone);
  return t.hour === SEND_HOUR && (frequency === 'daily' || t.weekday === 1);
}

/** A first digest covers the period before it: a week, or a day. */
export const firstSince = (frequency: DigestFrequency, now: Date): Date => new Date(now.getTime() - (frequency === 'daily' ? 1 : 7) * DAY);

/** Whether the runtime knows the time zone (the codec checks only its shape). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
