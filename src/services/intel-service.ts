import { map, type Observable } from 'rxjs';
import { DebugDetails, IntelResponse, type IntelGroup, type IntelPayload } from '../model/intel.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';
import { intelBatches, type BatchEvent, type BatchMerchant } from './intel-batches.ts';

export function createIntelService(api: ApiClient) {
  // Quiet: the screen shows its own progress text and stays usable (a new range cancels).
  const intel = (payload: IntelPayload): Observable<IntelResponse> => api.post('/intel', IntelResponse, { data: payload, quiet: true });
  return {
    intel,
    /** Every batch of the merchant list for one range, sellers' volumes without items; with the line chart's months when `monthly`. */
    batches: (
      range: { startDate: string; endDate: string },
      merchants: readonly BatchMerchant[],
      { monthly = false, ...options }: { indexes?: readonly number[]; alreadyLoaded?: number; monthly?: boolean } = {},
    ): Observable<BatchEvent> =>
      // Two in flight: the next batch is computed while the browser takes in the last one
      // (5,000 merchants: about 3.3 s against 4.8 s one at a time, npm run measure:intel).
      intelBatches((batch) => intel({ ...range, merchants: batch, monthly, items: false }), merchants, { concurrency: 2, ...options }),
    /** One merchant's sellers with their items (the detail pages); none when the merchant is out of scope or has no lines. */
    merchantItems: (range: { startDate: string; endDate: string }, merchant: BatchMerchant): Observable<IntelGroup[]> =>
      intel({ ...range, merchants: [merchant] }).pipe(map((rows) => rows[0]?.data ?? [])),
    debugDetails: (merchantId: number, range: { startDate: string; endDate: string }): Observable<DebugDetails> =>
      api.get(`/debug/details/${merchantId}?startDate=${range.startDate}&endDate=${range.endDate}`, DebugDetails),
  };
}

export type IntelService = ReturnType<typeof createIntelService>;
export const intelService = createIntelService(apiClient);
