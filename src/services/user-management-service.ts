import { InviteResponse, MessageResponse, UserList, type InvitePayload, type UpdateUserPayload, type UserRow } from '../model/account.ts';
import { MerchantList, type Merchant } from '../model/dashboard.ts';
import { AvailableMerchants } from '../model/merchant-access.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** The User Management calls (accounts spec §7, Users); the server decides who may do what. */
export function createUserManagementService(api: ApiClient) {
  return {
    /** The active house's users, each with canEdit / canDeactivate for the caller. */
    users: async (signal: AbortSignal): Promise<UserRow[]> => (await api.get('/user/all', UserList, { signal })).users,
    /** The locations the caller may give (the Select Locations and Add Locations pickers). */
    locationChoices: (signal: AbortSignal): Promise<Merchant[]> => api.get('/merchant', MerchantList, { signal }),
    /** A user's assigned locations and Invite To All flag (opening the Edit User panel). */
    available: (userId: number, signal: AbortSignal) => api.get(`/merchant/available/${userId}`, AvailableMerchants, { signal }),
    invite: (payload: InvitePayload, signal: AbortSignal) => api.post('/user/invite', InviteResponse, { signal, data: payload }),
    update: (userId: number, payload: UpdateUserPayload, signal: AbortSignal) =>
      api.patch(`/user/${userId}`, MessageResponse, { signal, data: payload }),
    deactivate: (userId: number, signal: AbortSignal) => api.delete(`/user/${userId}`, MessageResponse, { signal }),
  };
}

export type UserManagementService = ReturnType<typeof createUserManagementService>;
export const userManagementService = createUserManagementService(apiClient);
