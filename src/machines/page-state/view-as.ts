import type { ApiClient } from '../../services/api-client.ts';
import { apiClient } from '../../services/auth-service.ts';

/**
 * Whose view the portal shows (analytics spec, Dashboard header "View As"): while set, every call
 * carries X-View-As and the server answers as that user would see it. Set by the dashboard's
 * View As choice; cleared on a house switch, on logout and when an admin switches user.
 */
export function createViewAs(api: ApiClient) {
  let userId: number | null = null;
  api.setHeaderProvider((): Record<string, string> => (userId === null ? {} : { 'X-View-As': String(userId) }));
  return {
    get: () => userId,
    set: (id: number | null) => void (userId = id),
    clear: () => void (userId = null),
  };
}

export type ViewAs = ReturnType<typeof createViewAs>;
export const viewAs = createViewAs(apiClient);
