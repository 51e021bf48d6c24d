import type { Observable } from 'rxjs';
import { DebugDetails, IntelResponse, type IntelPayload } from '../model/intel.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';
import { intelBatches, type BatchEvent, type BatchMerchant } from './intel-batches.ts';

export function createIntelService(api: ApiClient) {
  // Quiet: the screen shows its own progress text and stays usable (a new range cancels).
  const intel = (payload: IntelPayload): Observable<IntelResponse> => api.post('/intel', IntelResponse, { data: payload, quiet: true });
  return {
    intel,
    /** Every batch of the merchant list for one range, with the line chart's months. */
    batches: (
      range: { startDate: string; endDate: string },
      merchants: readonly BatchMerchant[],
      options: { indexes?: readonly number[]; alreadyLoaded?: number } = {},
    ): Observable<BatchEvent> =>
      intelBatches((batch) => intel({ ...range, merchants: batch, monthly: true }), merchants, options),
    debugDetails: (merchantId: number, range: { startDate: string; endDate: string }): Observable<DebugDetails> =>
      api.get(`/debug/details/${merchantId}?startDate=${range.startDate}&endDate=${range.endDate}`, DebugDetails),
  };
}

export type IntelService = ReturnType<typeof createIntelService>;
export const intelService = createIntelService(apiClient);
