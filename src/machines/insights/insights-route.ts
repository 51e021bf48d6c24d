import type { LostFilter } from '../../model/insights-rules.ts';
import type { Place } from '../../services/router-port.ts';

/**
 * What a place under /competitiveinsights is (analytics spec §2): the section's entry (which goes to
 * the last page viewed), one of its pages with what the page is of, or an unknown path. `key` names
 * the instance of a screen: another merchant or another day is another screen.
 */
export type InsightsScreenKey =
  | { kind: 'index' }
  | { kind: 'unknown' }
  | { kind: 'merchants' }
  | { kind: 'matches'; key: string; min: string; manufacturerPlatformId: string }
  | { kind: 'houseWinBack'; key: string }
  | { kind: 'items'; key: string; merchant: string; merchantId: number }
  | { kind: 'orderHistory'; key: string; merchant: string; merchantId: number }
  | { kind: 'competitorOrder'; key: string; merchant: string; merchantId: number; distributorId: string; date: string };

const decode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

const MERCHANT_ID = /^\d+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function insightsScreenOf(place: Place): InsightsScreenKey {
  const parts = place.pathname.split('/').filter(Boolean);
  if (parts[0] !== 'competitiveinsights') return { kind: 'unknown' };
  const rest = parts.slice(1).map(decode);
  if (rest.some((p) => p === null)) return { kind: 'unknown' };
  const [page, ...args] = rest as string[];
  if (page === undefined) return { kind: 'index' };
  if (args.length === 0 && page === 'merchants') return { kind: 'merchants' };
  if (args.length === 0 && page === 'winback') return { kind: 'houseWinBack', key: 'winback' };
  if ((page === 'items' || page === 'orderhistory') && args.length === 2 && MERCHANT_ID.test(args[1]!)) {
    const [merchant, id] = args as [string, string];
    return { kind: page === 'items' ? 'items' : 'orderHistory', key: `${page}|${id}|${merchant}`, merchant, merchantId: Number(id) };
  }
  if (page === 'matches' && args.length === 5 && MERCHANT_ID.test(args[3]!)) {
    // The item's similar items: the same item and manufacturer under another merchant is the same screen.
    const [, , min, , manufacturerPlatformId] = args as [string, string, string, string, string];
    return { kind: 'matches', key: `matches|${min}|${manufacturerPlatformId}`, min, manufacturerPlatformId };
  }
  if (page === 'ordertocompetitor' && args.length === 4 && MERCHANT_ID.test(args[1]!) && DAY.test(args[3]!)) {
    const [merchant, id, distributorId, date] = args as [string, string, string, string];
    return { kind: 'competitorOrder', key: `order|${id}|${merchant}|${distributorId}|${date}`, merchant, merchantId: Number(id), distributorId, date };
  }
  return { kind: 'unknown' };
}

/** The section's route patterns: its pages, and any other path under it (which goes to the merchants list). */
export const INSIGHTS_PATHS = ['/competitiveinsights', ...Array.from({ length: 8 }, (_, n) => ['/competitiveinsights', ...Array.from({ length: n + 1 }, (_, i) => `:p${i}`)].join('/'))];

/**
 * The dashboard's filter in the merchants URL (spec §4): `?category=Dairy` or `?item=<min>` (with
 * `&description=` naming it); a category wins over an item; neither is no filter.
 */
export function lostFilterOf(params: URLSearchParams): LostFilter | null {
  const category = params.get('category');
  const item = params.get('item');
  const description = params.get('description');
  return category ? { category } : item ? (description ? { item, description } : { item }) : null;
}
