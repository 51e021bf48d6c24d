import { DEFAULT_INTEL_URL } from '../model/intel-rules.ts';

/**
 * The last intel page viewed (spec §2: /intel goes back to it). Kept for the life of the page,
 * like View As: leaving Intel and coming back restores it; a reload starts at the list.
 */
export function createIntelLastUrl() {
  let url = DEFAULT_INTEL_URL;
  return {
    get: () => url,
    set: (path: string) => void (url = path),
  };
}

export const intelLastUrl = createIntelLastUrl();
