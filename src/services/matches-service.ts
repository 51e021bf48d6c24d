import type { Observable } from 'rxjs';
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
    similar: (key: MatchKey): Observable<ItemMatch[]> => api.post('/full-rebate-deviation/matches', ItemMatchList, { data: key }),
    sendFeedback: (payload: FeedbackPayload): Observable<FeedbackResponse> => api.post('/match/feedback', FeedbackResponse, { data: payload }),
  };
}

export const matchesService = createMatchesService(apiClient);
