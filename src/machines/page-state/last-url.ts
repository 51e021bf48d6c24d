import { DEFAULT_INSIGHTS_URL } from '../../model/insights-rules.ts';
import { DEFAULT_INTEL_URL } from '../../model/intel-rules.ts';

/**
 * The last page viewed of a section (spec §2: /intel and /competitiveinsights go back to it). Kept for the life of the page,
 * like View As: leaving Intel and coming back restores it; a reload starts at the list.
 */
export function createLastUrl(initial: string) {
  let url = initial;
  return {
    get: () => url,
    set: (path: string) => void (url = path),
  };
}

export const createIntelLastUrl = () => createLastUrl(DEFAULT_INTEL_URL);
export const intelLastUrl = createIntelLastUrl();
export const insightsLastUrl = createLastUrl(DEFAULT_INSIGHTS_URL);
