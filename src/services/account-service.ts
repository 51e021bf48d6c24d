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
  const publicCall = (url: string, data: unknown, signal: AbortSignal) =>
    api.post(url, MessageResponse, { signal, data, authKey: null, ignoreUnauthorized: true });
  const token = (value: string) => encodeURIComponent(value);
  return {
    signUp: (payload: Omit<SignUpPayload, 'siteUrl'>, signal: AbortSignal): Promise<MessageResponse> =>
      publicCall('/auth/sign-up', { ...payload, siteUrl: siteUrl() }, signal),
    activate: (activationToken: string, signal: AbortSignal): Promise<MessageResponse> =>
      publicCall(`/auth/activate/${token(activationToken)}`, {}, signal),
    requestPasswordReset: (payload: Omit<PasswordResetRequest, 'siteUrl'>, signal: AbortSignal): Promise<MessageResponse> =>
      publicCall('/auth/request-password-reset', { ...payload, siteUrl: siteUrl() }, signal),
    resetPassword: (resetToken: string, payload: ResetPasswordPayload, signal: AbortSignal): Promise<MessageResponse> =>
      publicCall(`/auth/reset-password/${token(resetToken)}`, payload, signal),
    // Logged in: a wrong current password is a 400, so a 401 here really means the session ended.
    changePassword: (payload: ChangePasswordPayload, signal: AbortSignal): Promise<MessageResponse> =>
      api.post('/user/change-password', MessageResponse, { signal, data: payload }),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

export const accountService = createAccountService(apiClient, () => window.location.origin);
