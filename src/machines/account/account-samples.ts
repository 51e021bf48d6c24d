import type { AnyEventObject } from 'xstate';
import { ACTIVATED_MESSAGE, EMAIL_NOT_FOUND, LINK_EXPIRED_MESSAGE, PASSWORD_CHANGED } from '../../model/account.ts';
import type { FieldErrors } from '../../model/account-rules.ts';
import { ApiError } from '../../services/api-client.ts';
import type { AccountFormContext, FormFields } from './account-form.ts';

/** Sample events of the account forms and activation, for generating paths (registry) and tests. */

const changed = (field: string, value: string) => ({ type: 'form.changed', field, value });
const done = (message: string) => ({ type: 'xstate.done.actor.submit', output: { message } });
const failed = (error: unknown) => ({ type: 'xstate.error.actor.submit', error });
const common = [{ type: 'form.submitted' }, { type: 'form.dismissed' }];

export const SAMPLE_TOKEN = 'c2FtcGxlLXRva2VuLXNhbXBsZS10b2tlbg';

export const signUpEvents: readonly AnyEventObject[] = [
  changed('platformId', '123456'),
  changed('partnerName', 'Harbor Foods'),
  changed('contactName', 'Ann Lee'),
  changed('email', ' ann@harbor.test '),
  changed('email', 'ann@'),
  changed('password', 'secret1'),
  changed('passwordRepeat', 'secret1'),
  { type: 'form.focused', field: 'email' },
  ...common,
  done('Thank you for signing up! Please check your email to activate your account.'),
  failed(new ApiError(400, 'Invalid request', ['partnerPlatformId is not a known distributor', 'email is already registered'])),
];

export const forgotPasswordEvents: readonly AnyEventObject[] = [
  changed('email', 'ann@harbor.test'),
  changed('email', 'nope'),
  { type: 'form.focused', field: 'email' },
  ...common,
  done('Please check your email for a link to reset your password.'),
  failed(new ApiError(404, EMAIL_NOT_FOUND)),
];

export const resetPasswordEvents: readonly AnyEventObject[] = [
  changed('password', 'new-secret'),
  changed('passwordRepeat', 'new-secret'),
  changed('passwordRepeat', 'other'),
  { type: 'form.focused', field: 'passwordRepeat' },
  ...common,
  done('Your password has been changed'),
  failed(new ApiError(410, LINK_EXPIRED_MESSAGE)),
  failed(new ApiError(500, 'Something went wrong')),
];

export const changePasswordEvents: readonly AnyEventObject[] = [
  changed('currentPassword', 'portal-demo'),
  changed('password', 'new-secret'),
  changed('passwordRepeat', 'new-secret'),
  changed('passwordRepeat', 'other'),
  { type: 'form.focused', field: 'passwordRepeat' },
  ...common,
  done(PASSWORD_CHANGED),
  failed(new ApiError(400, 'Current password is incorrect')),
];

export const activationEvents: readonly AnyEventObject[] = [
  { type: 'link.confirmed' },
  { type: 'xstate.done.actor.activate', output: { message: ACTIVATED_MESSAGE } },
  { type: 'xstate.error.actor.activate', error: new ApiError(410, 'This activation link has expired or was already used.') },
];

/**
 * A form as a user sees it: the state, how many fields are still invalid, how many errors show,
 * and whether a failure shows. Counts (not names) keep the traversal small yet let it fill a form.
 */
export function serializeForm(validate: (fields: never) => FieldErrors<FormFields>) {
  return (s: { value?: unknown; context?: unknown }): string => {
    const c = s.context as AccountFormContext<FormFields>;
    const invalid = Object.keys(validate(c.fields as never)).length;
    return JSON.stringify([s.value, invalid, Object.keys(c.errors).length, c.failure !== null]);
  };
}
