import { EMAIL_NOT_FOUND } from '../../model/account.ts';
import {
  maskPlatformId,
  validateChangePassword,
  validateForgotPassword,
  validateResetPassword,
  validateSignUp,
  type ChangePasswordFields,
  type ForgotPasswordFields,
  type ResetPasswordFields,
  type SignUpFields,
} from '../../model/account-rules.ts';
import { accountService } from '../../services/account-service.ts';
import { createAccountFormMachine } from './account-form.ts';

/** The four account forms of accounts spec §2.3 and §2.5, each a form machine with its rules and call. */

export const signUpMachine = createAccountFormMachine({
  id: 'signUp',
  empty: { platformId: '', partnerName: '', contactName: '', email: '', password: '', passwordRepeat: '' } satisfies SignUpFields,
  validate: validateSignUp,
  masks: { platformId: maskPlatformId },
  toPayload: (f) => ({
    partnerPlatformId: f.platformId,
    partnerName: f.partnerName.trim(),
    contactName: f.contactName.trim(),
    email: f.email.trim(),
    password: f.password,
    repeatPassword: f.passwordRepeat,
  }),
  submit: ({ payload }) => accountService.signUp(payload),
});

export const forgotPasswordMachine = createAccountFormMachine({
  id: 'forgotPassword',
  empty: { email: '' } satisfies ForgotPasswordFields,
  validate: validateForgotPassword,
  toPayload: (f) => ({ email: f.email.trim() }),
  submit: ({ payload }) => accountService.requestPasswordReset(payload),
  // Spec §8: the server's message, or 'Email not found' if none.
  fallback: EMAIL_NOT_FOUND,
});

/** Change Password of an emailed link (reset, or an invitation's first password); needs `input.token`. */
export const resetPasswordMachine = createAccountFormMachine({
  id: 'resetPassword',
  empty: { password: '', passwordRepeat: '' } satisfies ResetPasswordFields,
  validate: validateResetPassword,
  toPayload: (f) => ({ password: f.password, newPassword: f.passwordRepeat }),
  submit: ({ payload, token }) => accountService.resetPassword(token ?? '', payload),
  expires: true,
});

/** Settings → Change Password, for the logged-in user. */
export const changePasswordMachine = createAccountFormMachine({
  id: 'changePassword',
  empty: { currentPassword: '', password: '', passwordRepeat: '' } satisfies ChangePasswordFields,
  validate: validateChangePassword,
  toPayload: (f) => ({ password: f.currentPassword, newPassword: f.password, repeatPassword: f.passwordRepeat }),
  submit: ({ payload }) => accountService.changePassword(payload),
});
