import { throwError, type Observable } from 'rxjs';
import {
  ACTIVATION_LINK_EXPIRED,
  EMAIL_APPROVAL_LINK_EXPIRED,
  EMAIL_LINK_EXPIRED,
  isLinkToken,
  LINK_EXPIRED_MESSAGE,
  MessageResponse,
  type ChangePasswordPayload,
  type PasswordResetRequest,
  type ResetPasswordPayload,
  type SignUpPayload,
} from '../model/account.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { apiClient } from './auth-service.ts';

/**
 * The account calls of accounts spec §7. The public ones go without an auth key and a 401 from
 * them must not log anyone out; emailed links are built by the server from `siteUrl`.
 */
export function createAccountService(api: ApiClient, siteUrl: () => string) {
  const publicCall = (url: string, data: unknown): Observable<MessageResponse> =>
    api.post(url, MessageResponse, { data, authKey: null, ignoreUnauthorized: true });
  /**
   * An emailed link's call. A token that cannot be one the server sent (a link cut short or
   * mangled by a mail client) is answered as the server answers a used one, a 410 with the
   * link's expired message, so the screen offers what helps (Forgot Password) rather than a
   * validation text.
   */
  const linkCall = (path: string, value: string, expired: string, data: unknown): Observable<MessageResponse> =>
    isLinkToken(value) ? publicCall(`${path}/${encodeURIComponent(value)}`, data) : throwError(() => new ApiError(410, expired));
  return {
    signUp: (payload: Omit<SignUpPayload, 'siteUrl'>) => publicCall('/auth/sign-up', { ...payload, siteUrl: siteUrl() }),
    activate: (activationToken: string) => linkCall('/auth/activate', activationToken, ACTIVATION_LINK_EXPIRED, {}),
    /** The new address of an email change confirms it (accounts spec §2.4). */
    confirmEmail: (confirmationToken: string) => linkCall('/auth/confirm-email', confirmationToken, EMAIL_LINK_EXPIRED, {}),
    /** The owner approves, from the current address, an email change someone else asked for. */
    approveEmailChange: (approvalToken: string) => linkCall('/auth/approve-email-change', approvalToken, EMAIL_APPROVAL_LINK_EXPIRED, {}),
    requestPasswordReset: (payload: Omit<PasswordResetRequest, 'siteUrl'>) =>
      publicCall('/auth/request-password-reset', { ...payload, siteUrl: siteUrl() }),
    resetPassword: (resetToken: string, payload: ResetPasswordPayload) => linkCall('/auth/reset-password', resetToken, LINK_EXPIRED_MESSAGE, payload),
    // Logged in: a wrong current password is a 400, so a 401 here really means the session ended.
    changePassword: (payload: ChangePasswordPayload): Observable<MessageResponse> =>
      api.post('/user/change-password', MessageResponse, { data: payload }),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

export const accountService = createAccountService(apiClient, () => window.location.origin);
