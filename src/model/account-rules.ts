import { Email } from './codec.ts';
import { PASSWORDS_DONT_MATCH, PLATFORM_ID_RE } from './account.ts';

/**
 * Field rules of the public account forms and Settings (accounts spec §5, §9). Each returns the
 * errors to show under the fields; an empty object means the form may be sent.
 */

export type FieldErrors<F> = Partial<Record<keyof F, string>>;

const PLATFORM_PREFIX = 'CP-';
const PLATFORM_DIGITS = 6;

/**
 * The masked platform id input: whatever is typed or pasted becomes 'CP-' and up to 6 digits,
 * so the user only types digits; nothing typed (or only the prefix left) is an empty field.
 */
export function maskPlatformId(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, PLATFORM_DIGITS);
  return digits ? `${PLATFORM_PREFIX}${digits}` : '';
}

function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'Email is required';
  if (!Email.is(email)) return 'Enter a valid email address';
  return undefined;
}

function lengthError(label: string, value: string, min: number, max: number): string | undefined {
  if (!value) return `${label} is required`;
  if (value.length < min || value.length > max) return `${label} must be ${min} to ${max} characters`;
  return undefined;
}

function minError(label: string, value: string, min: number): string | undefined {
  if (!value.trim()) return `${label} is required`;
  if (value.trim().length < min) return `${label} must be at least ${min} characters`;
  return undefined;
}

const repeatError = (password: string, repeat: string) => (repeat === password ? undefined : PASSWORDS_DONT_MATCH);

/** Drops the fields without an error, so `{}` means valid. */
function only<F>(errors: Record<keyof F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, e]) => e !== undefined)) as FieldErrors<F>;
}

export const hasFieldErrors = (errors: object): boolean => Object.keys(errors).length > 0;

export interface SignUpFields {
  platformId: string;
  partnerName: string;
  contactName: string;
  email: string;
  password: string;
  passwordRepeat: string;
}

export function validateSignUp(f: SignUpFields): FieldErrors<SignUpFields> {
  return only<SignUpFields>({
    platformId: !f.platformId
      ? 'Platform ID is required'
      : PLATFORM_ID_RE.test(f.platformId)
        ? undefined
        : `Platform ID is ${PLATFORM_PREFIX} followed by ${PLATFORM_DIGITS} digits`,
    partnerName: minError('Partner name', f.partnerName, 3),
    contactName: minError('Contact name', f.contactName, 3),
    email: emailError(f.email),
    password: lengthError('Password', f.password, 6, 20),
    passwordRepeat: repeatError(f.password, f.passwordRepeat),
  });
}

export interface ForgotPasswordFields {
  email: string;
}

export function validateForgotPassword(f: ForgotPasswordFields): FieldErrors<ForgotPasswordFields> {
  return only<ForgotPasswordFields>({ email: emailError(f.email) });
}

/** The Change Password screen of an emailed link (reset or invitation). */
export interface ResetPasswordFields {
  password: string;
  passwordRepeat: string;
}

export function validateResetPassword(f: ResetPasswordFields): FieldErrors<ResetPasswordFields> {
  return only<ResetPasswordFields>({
    password: lengthError('Password', f.password, 6, 20),
    passwordRepeat: repeatError(f.password, f.passwordRepeat),
  });
}

/** Settings → Change Password. */
export interface ChangePasswordFields {
  currentPassword: string;
  password: string;
  passwordRepeat: string;
}

export function validateChangePassword(f: ChangePasswordFields): FieldErrors<ChangePasswordFields> {
  return only<ChangePasswordFields>({
    currentPassword: lengthError('Current password', f.currentPassword, 3, 20),
    password: lengthError('New password', f.password, 3, 20),
    passwordRepeat: repeatError(f.password, f.passwordRepeat),
  });
}
