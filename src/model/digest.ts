// The weekly win-back digest and the header's alerts (docs/digest.md): what a user chose, what
// the bell shows, and the portal links each line opens. Shared by the server and the browser.
import * as t from 'io-ts';
import { describedAs } from './codec.ts';
import { WinBackRow } from './insights.ts';

export const DIGEST_FREQUENCIES = ['weekly', 'daily', 'off'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DigestFrequency = t.keyof({ weekly: null, daily: null, off: null });

export const DIGEST_SECTIONS = ['competitorShare', 'winBack', 'rebateChecks', 'overpaidInvoices'] as const;
export type DigestSection = (typeof DIGEST_SECTIONS)[number];
export const DigestSection = t.keyof({ competitorShare: null, winBack: null, rebateChecks: null, overpaidInvoices: null });

export const SECTION_TITLES: Record<DigestSection, string> = {
  competitorShare: 'Merchants buying more from competitors',
  winBack: 'Top win-back opportunities',
  rebateChecks: 'Rebate checks posted',
  overpaidInvoices: 'Invoices with overpaid lines',
};

/** An IANA time zone name as the browser reports it ('America/New_York'); the server checks it is known. */
const TimeZone = describedAs(new t.Type<string, string, unknown>(
  'a time zone',
  (u): u is string => typeof u === 'string' && /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(u) && u.length <= 64,
  (u, c) => (typeof u === 'string' && /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(u) && u.length <= 64 ? t.success(u) : t.failure(u, c, 'must be a time zone name')),
  t.identity,
), { type: 'string', maxLength: 64, description: 'an IANA time zone name' });

export const DigestPreferences = t.type({
  frequency: DigestFrequency,
  sections: t.array(DigestSection),
  timeZone: TimeZone,
});
export type DigestPreferences = t.TypeOf<typeof DigestPreferences>;

export const DEFAULT_PREFERENCES: DigestPreferences = { frequency: 'weekly', sections: [...DIGEST_SECTIONS], timeZone: 'UTC' };

/** Merchants whose competitor share rose most from the month before last to last month. */
export const ShareRise = t.type({
  merchantId: t.number,
  merchant: t.string,
  previousShare: t.number,
  share: t.number,
  previousCompetitorVolume: t.number,
  competitorVolume: t.number,
  totalVolume: t.number,
});
export type ShareRise = t.TypeOf<typeof ShareRise>;

export const PostedCheck = t.type({ id: t.number, merchantId: t.number, merchant: t.string, quarter: t.string, amount: t.number, checkno: t.union([t.string, t.null]), postedAt: t.string });
export type PostedCheck = t.TypeOf<typeof PostedCheck>;

export const OverpaidInvoice = t.type({ id: t.number, merchant: t.string, invoiceDate: t.union([t.string, t.null]), overpaidLines: t.number, overpaidTotal: t.number });
export type OverpaidInvoice = t.TypeOf<typeof OverpaidInvoice>;

/** What one digest (or the bell) holds; a section the user turned off, or may not see, is null. */
export const DigestContent = t.type({
  house: t.string,
  /** The two months compared ('2026-09', '2026-10') and the quarter of the win-back figures. */
  months: t.type({ previous: t.string, last: t.string }),
  quarter: t.type({ from: t.string, to: t.string }),
  since: t.string,
  competitorShare: t.union([t.array(ShareRise), t.null]),
  winBack: t.union([t.array(WinBackRow), t.null]),
  /** The newest checks (at most CHECKS_LISTED) with the count and sum of all. */
  rebateChecks: t.union([t.type({ count: t.number, total: t.number, checks: t.array(PostedCheck) }), t.null]),
  overpaidInvoices: t.union([t.array(OverpaidInvoice), t.null]),
});
export type DigestContent = t.TypeOf<typeof DigestContent>;

export const SHARE_RISES = 5;
export const WINBACK_ROWS = 5;
export const CHECKS_LISTED = 10;
export const INVOICES_LISTED = 10;

export const Alerts = t.type({ unread: t.number, readAt: t.union([t.string, t.null]), content: DigestContent });
export type Alerts = t.TypeOf<typeof Alerts>;

/** Portal paths each line of the digest and of the bell opens. */
export const digestLinks = {
  merchant: (merchant: string, merchantId: number) => `/competitiveinsights/items/${encodeURIComponent(merchant)}/${merchantId}`,
  winBack: () => '/competitiveinsights/winback',
  check: (merchantId: number, merchant: string) => `/paymentinformation/${merchantId}/${encodeURIComponent(merchant)}`,
  invoice: (id: number) => `/invoice/${id}`,
  settings: () => '/settings',
};

/** How many items the bell counts as new: checks and invoices since the last visit; the monthly lists when their month is newer. */
export function unreadCount(content: DigestContent, readAt: string | null): number {
  const monthly = readAt === null || readAt.slice(0, 7) < monthAfter(content.months.last);
  return (content.rebateChecks?.count ?? 0) + (content.overpaidInvoices?.length ?? 0)
    + (monthly ? (content.competitorShare?.length ?? 0) + (content.winBack?.length ?? 0) : 0);
}

/** '2026-10' → '2026-11': the month the lists of `last` appear in. */
export function monthAfter(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
