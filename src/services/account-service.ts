import type { Observable } from 'rxjs';
import {
  MessageResponse,
  type ChangePasswordPayload,
  type PasswordResetRequest,
  type ResetPasswordPayload,
  type SignUpPayload,
} from '../model/account.ts';
import type { ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/**
 * The account calls of accounts spec §7. The public ones go without an auth key and a 401 from
 * them must not log anyone out; emailed links are built by the server from `siteUrl`.
 */
export function createAccountService(api: ApiClient, siteUrl: () => string) {
  const publicCall = (url: string, data: unknown): Observable<MessageResponse> =>
    api.post(url, MessageResponse, { data, authKey: null, ignoreUnauthorized: true });
  const token = (value: string) => encodeURIComponent(value);
  return {
    signUp: (payload: Omit<SignUpPayload, 'siteUrl'>) => publicCall('/auth/sign-up', { ...payload, siteUrl: siteUrl() }),
    activate: (activationToken: string) => publicCall(`/auth/activate/${token(activationToken)}`, {}),
    /** The new address of an email change confirms it (accounts spec §2.4). */
    confirmEmail: (confirmationToken: string) => publicCall(`/auth/confirm-email/${token(confirmationToken)}`, {}),
    /** The owner approves, from the current address, an email change someone else asked for. */
    approveEmailChange: (approvalToken: string) => publicCall(`/auth/approve-email-change/${token(approvalToken)}`, {}),
    requestPasswordReset: (payload: Omit<PasswordResetRequest, 'siteUrl'>) =>
      publicCall('/auth/request-password-reset', { ...payload, siteUrl: siteUrl() }),
    resetPassword: (resetToken: string, payload: ResetPasswordPayload) => publicCall(`/auth/reset-password/${token(resetToken)}`, payload),
    // Logged in: a wrong current password is a 400, so a 401 here really means the session ended.
    changePassword: (payload: ChangePasswordPayload): Observable<MessageResponse> =>
      api.post('/user/change-password', MessageResponse, { data: payload }),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

export const accountService = createAccountService(apiClient, () => window.location.origin);
