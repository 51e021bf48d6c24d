import { map, type Observable } from 'rxjs';
import { InviteResponse, MessageResponse, PendingList, UserList, type InvitePayload, type PendingUser, type UpdateUserPayload, type UserRow } from '../model/account.ts';
import { MerchantList, type Merchant } from '../model/dashboard.ts';
import { AvailableMerchants } from '../model/merchant-access.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/** The User Management calls (accounts spec §7, Users); the server decides who may do what. */
export function createUserManagementService(api: ApiClient) {
  return {
    /** The active house's users, each with canEdit / canDeactivate for the caller. */
    users: (): Observable<UserRow[]> => api.get('/user/all', UserList).pipe(map((list) => list.users)),
    /** The locations the caller may give (the Select Locations and Add Locations pickers). */
    locationChoices: (): Observable<Merchant[]> => api.get('/merchant', MerchantList),
    /** A user's assigned locations and Invite To All flag (opening the Edit User panel). */
    available: (userId: number): Observable<AvailableMerchants> => api.get(`/merchant/available/${userId}`, AvailableMerchants),
    invite: (payload: InvitePayload): Observable<InviteResponse> => api.post('/user/invite', InviteResponse, { data: payload }),
    update: (userId: number, payload: UpdateUserPayload): Observable<MessageResponse> =>
      api.patch(`/user/${userId}`, MessageResponse, { data: payload }),
    deactivate: (userId: number): Observable<MessageResponse> => api.delete(`/user/${userId}`, MessageResponse),
    /** Sign-ups of the family waiting for approval (empty for those who may not approve). */
    pending: (): Observable<PendingUser[]> => api.get('/user/pending', PendingList).pipe(map((list) => list.pending)),
    decide: (userId: number, decision: 'approve' | 'reject'): Observable<MessageResponse> =>
      api.post(`/user/${userId}/${decision}`, MessageResponse),
  };
}

export type UserManagementService = ReturnType<typeof createUserManagementService>;
export const userManagementService = createUserManagementService(apiClient);
