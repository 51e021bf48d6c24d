import * as t from 'io-ts';
import type { Observable } from 'rxjs';
import { House } from '../model/distributor.ts';
import { HouseUsers, type HouseUser } from '../model/house-users.ts';
import { LoginResponse } from '../model/auth.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** Users of a house (View As, admin user-picker), every distributor, and the admin's switch of session. */
export function createHouseUsersService(api: ApiClient) {
  return {
    usersOfChild: (platformId: string): Observable<HouseUser[]> =>
      api.get(`/distributor/users-of-child?platformId=${encodeURIComponent(platformId)}`, HouseUsers),
    allDistributors: (): Observable<House[]> => api.get('/distributor/all', t.array(House)),
    /** POST /auth/session: log in as the user (internal admins, with the reason the audit log keeps), or back as oneself. */
    switchSession: (id: number, reason?: string): Observable<LoginResponse> =>
      api.post('/auth/session', LoginResponse, { data: reason === undefined ? { id } : { id, reason } }),
  };
}

export type HouseUsersService = ReturnType<typeof createHouseUsersService>;
export const houseUsersService = createHouseUsersService(apiClient);
