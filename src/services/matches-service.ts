import { FeedbackResponse, type FeedbackPayload } from '../model/feedback.ts';
import { ItemMatchList, type ItemMatch } from '../model/match.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

export interface MatchKey {
  min: string;
  manufacturerPlatformId: string;
}

export function createMatchesService(api: ApiClient) {
  return {
    /** Similar items with the rebates and deviations in force today. */
    similar: (key: MatchKey, signal: AbortSignal): Promise<ItemMatch[]> =>
      api.post('/full-rebate-deviation/matches', ItemMatchList, { signal, data: key }),
    sendFeedback: (payload: FeedbackPayload, signal: AbortSignal): Promise<FeedbackResponse> =>
      api.post('/match/feedback', FeedbackResponse, { signal, data: payload }),
  };
}

export const matchesService = createMatchesService(apiClient);
