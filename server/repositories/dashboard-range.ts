// A date range split for the rollups: whole calendar months are read from monthly rows, the
// days before the first and after the last whole month from daily rows.

export interface RangeParts {
  from: string; // inclusive, YYYY-MM-DD
  to: string; // inclusive
  fullStart: string; // first day of the first whole month
  fullEnd: string; // first day after the last whole month (equal to fullStart: no whole month)
  lastWhole: string; // first day of the last whole month (running totals are read there…)
  beforeWhole: string; // …and in the month before the first whole month
  edges: boolean; // whether any day lies outside the whole months
}

const monthBefore = (d: string) => {
  const x = new Date(parse(d));
  return iso(Date.UTC(x.getUTCFullYear(), x.getUTCMonth() - 1, 1));
};

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parse = (d: string) => Date.parse(`${d}T00:00:00Z`);

export function splitRange(from: string, to: string): RangeParts {
  const start = new Date(parse(from));
  const firstWhole = start.getUTCDate() === 1 ? parse(from) : Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  const after = new Date(parse(to) + DAY);
  const endWhole = after.getUTCDate() === 1 ? after.getTime() : Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1);
  const [fullStart, fullEnd] = endWhole <= firstWhole ? [from, from] : [iso(firstWhole), iso(endWhole)];
  const edges = fullStart !== from || fullEnd !== iso(after.getTime());
  return { from, to, fullStart, fullEnd, lastWhole: monthBefore(fullEnd), beforeWhole: monthBefore(fullStart), edges };
}

/** Days from `from` to `to`, both counted. */
export const daysInRange = (from: string, to: string) => Math.round((parse(to) - parse(from)) / DAY) + 1;

/** Every month 'YYYY-MM' the range touches, in order. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  const start = new Date(parse(from));
  const end = new Date(parse(to));
  for (let y = start.getUTCFullYear(), m = start.getUTCMonth(); y * 12 + m <= end.getUTCFullYear() * 12 + end.getUTCMonth(); m++) {
    if (m === 12) { y++; m = 0; }
    out.push(`${y}-${String(m + 1).padStart(2, '0')}`);
  }
  return out;
}

/** First day of the calendar month `back` months before the month of `today`. */
export function monthStart(today: Date, back: number): string {
  return iso(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
}
