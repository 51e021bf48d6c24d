import * as t from 'io-ts';
import { switchMap, type Observable } from 'rxjs';
import { InviteResponse, MessageResponse } from '../model/account.ts';
import {
  AdminHouses, AdminUserList, LoadSpeeds, UserHouse,
  type AdminHouse, type AdminInvitePayload, type AdminUserPatch, type AdminUserRow,
} from '../model/admin.ts';
import { Announcement, AnnouncementList } from '../model/announcement.ts';
import { AuditRows, ImpersonationStatus, type AuditQuery, type AuditRow } from '../model/impersonation.ts';
import { BlobCodec, type ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';
import { saveFile } from './save-file.ts';

const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  return q.size > 0 ? `?${q}` : '';
};

/** The internal admins' calls: houses and users across distributors, announcements, the audit log, impersonation. */
export function createAdminService(api: ApiClient) {
  return {
    parents: (): Observable<AdminHouse[]> => api.get('/distributor/allParents', AdminHouses),
    children: (parentId: number): Observable<AdminHouse[]> => api.get(`/distributor/children/${parentId}`, AdminHouses),
    /** Every distributor (the Edit User panel's houses, the sales reps' distributors). */
    allHouses: () => api.get('/distributor/all', t.array(UserHouse)),
    /** A house's users, a family's (`family`), or with no house every distributor's. */
    users: (distributorId: number | null, family = false): Observable<AdminUserRow[]> =>
      api.get(`/admin/users${query({ distributorId: distributorId === null ? undefined : String(distributorId), family: family ? '1' : undefined })}`, AdminUserList),
    updateUser: (id: number, patch: AdminUserPatch) => api.patch(`/admin/user/${id}`, MessageResponse, { data: patch }),
    invite: (payload: AdminInvitePayload) => api.post('/admin/user/invite', InviteResponse, { data: payload }),
    deactivate: (id: number) => api.get(`/user/deactivate/${id}`, MessageResponse),
    announcements: () => api.get('/announcement', AnnouncementList),
    createAnnouncement: (text: string) => api.post('/announcement', Announcement, { data: { text } }),
    deleteAnnouncement: (id: number) => api.delete(`/announcement/${id}`, MessageResponse),
    audit: (q: AuditQuery): Observable<AuditRow[]> => api.get(`/admin/audit${query(q)}`, AuditRows),
    impersonation: () => api.get('/auth/impersonation', ImpersonationStatus),
    loadSpeeds: (userId: number, adminEmail: string, amount: number) =>
      api.get(`/test/dash/load-speeds${query({ userId: String(userId), adminEmail, amountOfReqsToMake: String(amount) })}`, LoadSpeeds),
    /** The generated API reference page (GET /api/docs, a page without links) as HTML for a `srcdoc` frame: a tab cannot open it, every call needs the token. */
    apiReference: (): Observable<string> => api.get('/docs', t.string, { responseType: 'text' }),
    /** The OpenAPI document saved as openapi.json, as the server sent it. */
    saveOpenApi: (): Observable<void> =>
      api.get('/openapi.json', BlobCodec, { responseType: 'blob' }).pipe(switchMap((blob) => saveFile(blob, 'openapi.json'))),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
export const adminService = createAdminService(apiClient);
