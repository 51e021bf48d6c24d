import dayjs from 'dayjs';
import { MAX_RANGE_DAYS } from './dashboard.ts';

/** A calendar date range, both ends inclusive, as YYYY-MM-DD strings. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

const ISO = 'YYYY-MM-DD';

/** The previous calendar month of `today` (spec §4: the default range). */
export function previousMonth(today: string): DateRange {
  const month = dayjs(today).subtract(1, 'month');
  return { startDate: month.startOf('month').format(ISO), endDate: month.endOf('month').format(ISO) };
}

/** Days in the range counting both ends: 2026-10-01..2026-10-31 is 31. */
export function rangeDays({ startDate, endDate }: DateRange): number {
  return dayjs(endDate).diff(dayjs(startDate), 'day') + 1;
}

/** Spec §5: 366 days or more is too long; an end before the start is no range at all. */
export const rangeTooLong = (range: DateRange): boolean => rangeDays(range) > MAX_RANGE_DAYS;
export const rangeReversed = (range: DateRange): boolean => rangeDays(range) < 1;

export const toIsoDate = (date: Date): string => dayjs(date).format(ISO);
/** Local-midnight Date for a YYYY-MM-DD string (what the date picker shows). */
export const fromIsoDate = (iso: string): Date => dayjs(iso).toDate();

/** The browser's today as YYYY-MM-DD: the default of every screen's "today" input (tests pass their own). */
export const todayIso = (): string => dayjs().format(ISO);
