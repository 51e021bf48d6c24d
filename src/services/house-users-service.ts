import * as t from 'io-ts';
import { House } from '../model/distributor.ts';
import { HouseUsers, type HouseUser } from '../model/house-users.ts';
import { LoginResponse } from '../model/auth.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** Users of a house (View As, admin user-picker), every distributor, and the admin's switch of session. */
export function createHouseUsersService(api: ApiClient) {
  return {
    usersOfChild: (platformId: string, signal: AbortSignal): Promise<HouseUser[]> =>
      api.get(`/distributor/users-of-child?platformId=${encodeURIComponent(platformId)}`, HouseUsers, { signal }),
    allDistributors: (signal: AbortSignal): Promise<House[]> => api.get('/distributor/all', t.array(House), { signal }),
    /** POST /auth/session: log in as the user (internal admins), or back as oneself. */
    switchSession: (id: number, signal: AbortSignal): Promise<LoginResponse> =>
      api.post('/auth/session', LoginResponse, { signal, data: { id } }),
  };
}

export type HouseUsersService = ReturnType<typeof createHouseUsersService>;
export const houseUsersService = createHouseUsersService(apiClient);
