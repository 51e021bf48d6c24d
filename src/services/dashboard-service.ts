import {
  DashboardResponse,
  LostVolumeResponse,
  MonthlyVolumeResponse,
  type DashboardPayload,
} from '../model/dashboard.ts';
import { ActiveDistributorResponse, CurrentDistributor } from '../model/distributor.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

// The dashboard's cards show their own placeholders, so its calls are quiet: the filters stay usable
// while a call is out, and a new range can cancel it (spec §4).
export function createDashboardService(api: ApiClient) {
  return {
    dashboard: (payload: DashboardPayload, signal: AbortSignal): Promise<DashboardResponse> =>
      api.post('/dashboard', DashboardResponse, { signal, data: payload, quiet: true }),
    lostVolume: (merchantIds: number[], signal: AbortSignal): Promise<LostVolumeResponse> =>
      api.post('/dashboard/lost-volume', LostVolumeResponse, { signal, data: { merchantIds }, quiet: true }),
    /** null when the volume-by-month feature flag is off: the server answers 404 then. */
    monthlyVolume: async (merchantIds: number[], signal: AbortSignal): Promise<MonthlyVolumeResponse | null> => {
      try {
        return await api.post('/dashboard/monthly-volume', MonthlyVolumeResponse, { signal, data: { merchantIds }, quiet: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    currentDistributor: (signal: AbortSignal): Promise<CurrentDistributor> =>
      api.get('/user/current-distributor', CurrentDistributor, { signal }),
    setActiveDistributor: (id: number, signal: AbortSignal): Promise<ActiveDistributorResponse> =>
      api.post(`/user/active-distributor/${id}`, ActiveDistributorResponse, { signal }),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
export const dashboardService = createDashboardService(apiClient);
