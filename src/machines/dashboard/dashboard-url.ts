import dayjs from 'dayjs';
import { previousMonth, rangeReversed, rangeTooLong, type DateRange } from '../../model/date-range.ts';

/**
 * The dashboard's shareable choices in its URL: `/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD&location=<merchantId>`,
 * so a reload or a shared link opens the same range and location. A default (the previous month,
 * All Locations) is left out; what cannot be read falls back to it silently.
 */
export const DASHBOARD_PATH = '/dashboard';

export interface DashboardPlace {
  range: DateRange;
  /** null: All Locations (a location the user may not see also falls back to it, once the merchants are known). */
  location: number | null;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
// A real calendar day: 2026-02-30 is none (dayjs would roll it over to March).
const isDay = (value: string | null): value is string => value !== null && ISO.test(value) && dayjs(value).format('YYYY-MM-DD') === value;
const MERCHANT_ID = /^[1-9]\d{0,14}$/;

const sameRange = (a: DateRange, b: DateRange) => a.startDate === b.startDate && a.endDate === b.endDate;

/** The range and location a dashboard URL's query asks for; the defaults for what is missing or unreadable. */
export function dashboardPlaceOf(search: string, today: string): DashboardPlace {
  const query = new URLSearchParams(search);
  const from = query.get('from');
  const to = query.get('to');
  const location = query.get('location');
  const asked = isDay(from) && isDay(to) ? { startDate: from, endDate: to } : null;
  return {
    range: asked && !rangeReversed(asked) && !rangeTooLong(asked) ? asked : previousMonth(today),
    location: location !== null && MERCHANT_ID.test(location) ? Number(location) : null,
  };
}

/** The query (with its `?`, or '' for the defaults) that names a range and location. */
export function dashboardQuery({ range, location }: DashboardPlace, today: string): string {
  const query = new URLSearchParams();
  if (!sameRange(range, previousMonth(today))) {
    query.set('from', range.startDate);
    query.set('to', range.endDate);
  }
  if (location !== null) query.set('location', String(location));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

export { sameRange };
