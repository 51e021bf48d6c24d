import { defer, of, tap, type Observable } from 'rxjs';
import { FeedbackResponse, type FeedbackPayload } from '../model/feedback.ts';
import { ItemMatchList, type ItemMatch } from '../model/match.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

export interface MatchKey {
  min: string;
  manufacturerPlatformId: string;
}

export function createMatchesService(api: ApiClient) {
  // Answers kept for the page's life, so the full page shows what the side panel already fetched.
  const answers = new Map<string, ItemMatch[]>();
  const keyOf = (key: MatchKey) => `${key.min}|${key.manufacturerPlatformId}`;
  return {
    /** Similar items with the rebates and deviations in force today; an item asked before is answered from memory. */
    similar: (key: MatchKey): Observable<ItemMatch[]> =>
      defer(() => {
        const known = answers.get(keyOf(key));
        return known ? of(known) : api.post('/full-rebate-deviation/matches', ItemMatchList, { data: key }).pipe(tap((list) => answers.set(keyOf(key), list)));
      }),
    /** Feedback changed the answer: the next ask goes to the server. */
    forget: (key: MatchKey): void => void answers.delete(keyOf(key)),
    sendFeedback: (payload: FeedbackPayload): Observable<FeedbackResponse> => api.post('/match/feedback', FeedbackResponse, { data: payload }),
  };
}

export const matchesService = createMatchesService(apiClient);
