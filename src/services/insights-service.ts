import type { Observable } from 'rxjs';
import {
  CompetitiveItems, InsightsMerchants, OrderHistory, WinBackList,
  type InsightsMerchant, type InsightsMerchantsPayload, type OrderHistoryPayload, type WinBackPayload,
} from '../model/insights.ts';
import type { DateRange } from '../model/date-range.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** Competitive insights' calls (docs/insights.md); each screen shows its own loader, so they are quiet. */
export function createInsightsService(api: ApiClient) {
  return {
    merchants: (payload: InsightsMerchantsPayload): Observable<InsightsMerchant[]> =>
      api.post('/competitive/merchants', InsightsMerchants, { data: payload, quiet: true }),
    items: (merchantId: number, range: DateRange): Observable<CompetitiveItems> =>
      api.post('/competitive/items', CompetitiveItems, { data: { ...range, merchantId }, quiet: true }),
    /** The order history fetch (spec §7). */
    orderHistory: (payload: OrderHistoryPayload): Observable<OrderHistory> =>
      api.post('/competitive/order-history', OrderHistory, { data: payload, quiet: true }),
    winBack: (payload: WinBackPayload): Observable<WinBackList> =>
      api.post('/competitive/win-back', WinBackList, { data: payload, quiet: true }),
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
export const insightsService = createInsightsService(apiClient);
