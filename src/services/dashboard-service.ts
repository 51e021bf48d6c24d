import { catchError, of, throwError, type Observable } from 'rxjs';
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
    dashboard: (payload: DashboardPayload): Observable<DashboardResponse> =>
      api.post('/dashboard', DashboardResponse, { data: payload, quiet: true }),
    lostVolume: (merchantIds: number[]): Observable<LostVolumeResponse> =>
      api.post('/dashboard/lost-volume', LostVolumeResponse, { data: { merchantIds }, quiet: true }),
    /** null when the volume-by-month feature flag is off: the server answers 404 then. */
    monthlyVolume: (merchantIds: number[]): Observable<MonthlyVolumeResponse | null> =>
      api
        .post('/dashboard/monthly-volume', MonthlyVolumeResponse, { data: { merchantIds }, quiet: true })
        .pipe(catchError((error: unknown) => (error instanceof ApiError && error.status === 404 ? of(null) : throwError(() => error)))),
    currentDistributor: (): Observable<CurrentDistributor> => api.get('/user/current-distributor', CurrentDistributor),
    setActiveDistributor: (id: number): Observable<ActiveDistributorResponse> =>
      api.post(`/user/active-distributor/${id}`, ActiveDistributorResponse),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
export const dashboardService = createDashboardService(apiClient);
