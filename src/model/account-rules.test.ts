import { describe, expect, it } from 'vitest';
import { PASSWORDS_DONT_MATCH } from './account.ts';
import {
  hasFieldErrors,
  maskPlatformId,
  validateChangePassword,
  validateForgotPassword,
  validateResetPassword,
  validateSignUp,
  type SignUpFields,
} from './account-rules.ts';

const signUp: SignUpFields = {
  platformId: 'CP-123456',
  partnerName: 'Harbor',
  contactName: 'Ann Lee',
  email: ' ann@harbor.test ',
  password: 'secret1',
  passwordRepeat: 'secret1',
};

describe('platform id mask', () => {
  it.each([
    ['', ''],
    ['C', ''],
    ['CP-', ''],
    ['1', 'CP-1'],
    ['CP-12', 'CP-12'],
    ['CP-12a3', 'CP-123'],
    ['cp-1234567', 'CP-123456'],
    [' CP-123456 ', 'CP-123456'],
    ['123-456', 'CP-123456'],
  ])('%j becomes %j', (raw, masked) => expect(maskPlatformId(raw)).toBe(masked));
});

describe('sign-up rules', () => {
  it('accepts a complete form (the email is trimmed)', () => {
    expect(validateSignUp(signUp)).toEqual({});
  });

  it('requires every field', () => {
    const errors = validateSignUp({ platformId: '', partnerName: '', contactName: '', email: '', password: '', passwordRepeat: '' });
    expect(errors).toEqual({
      platformId: 'Platform ID is required',
      partnerName: 'Partner name is required',
      contactName: 'Contact name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it.each<[Partial<SignUpFields>, keyof SignUpFields, string]>([
    [{ platformId: 'CP-12345' }, 'platformId', 'Platform ID is CP- followed by 6 digits'],
    [{ partnerName: 'Ha' }, 'partnerName', 'Partner name must be at least 3 characters'],
    [{ contactName: '  Al ' }, 'contactName', 'Contact name must be at least 3 characters'],
    [{ email: 'ann@' }, 'email', 'Enter a valid email address'],
    [{ password: 'short', passwordRepeat: 'short' }, 'password', 'Password must be 6 to 20 characters'],
    [{ password: 'x'.repeat(21), passwordRepeat: 'x'.repeat(21) }, 'password', 'Password must be 6 to 20 characters'],
    [{ passwordRepeat: 'secret2' }, 'passwordRepeat', PASSWORDS_DONT_MATCH],
  ])('rejects %j', (change, field, message) => {
    expect(validateSignUp({ ...signUp, ...change })).toEqual({ [field]: message });
  });

  it('takes passwords of exactly 6 and 20 characters', () => {
    for (const p of ['x'.repeat(6), 'x'.repeat(20)]) expect(validateSignUp({ ...signUp, password: p, passwordRepeat: p })).toEqual({});
  });
});

describe('forgot-password rules', () => {
  it('needs a valid email', () => {
    expect(validateForgotPassword({ email: '' })).toEqual({ email: 'Email is required' });
    expect(validateForgotPassword({ email: 'nope' })).toEqual({ email: 'Enter a valid email address' });
    expect(validateForgotPassword({ email: ' a@b.test ' })).toEqual({});
  });
});

describe('emailed-link change password rules', () => {
  it('needs 6 to 20 characters and a matching confirmation', () => {
    expect(validateResetPassword({ password: 'secret1', passwordRepeat: 'secret1' })).toEqual({});
    expect(validateResetPassword({ password: 'abc', passwordRepeat: 'abc' })).toEqual({ password: 'Password must be 6 to 20 characters' });
    expect(validateResetPassword({ password: 'secret1', passwordRepeat: 'secret2' })).toEqual({ passwordRepeat: PASSWORDS_DONT_MATCH });
    expect(hasFieldErrors(validateResetPassword({ password: '', passwordRepeat: '' }))).toBe(true);
  });
});

describe('settings change password rules', () => {
  it('takes 3 to 20 characters for current and new, and a matching confirmation', () => {
    expect(validateChangePassword({ currentPassword: 'abc', password: 'xyz', passwordRepeat: 'xyz' })).toEqual({});
    expect(validateChangePassword({ currentPassword: 'ab', password: 'x'.repeat(21), passwordRepeat: 'y' })).toEqual({
      currentPassword: 'Current password must be 3 to 20 characters',
      password: 'New password must be 3 to 20 characters',
      passwordRepeat: PASSWORDS_DONT_MATCH,
    });
    expect(validateChangePassword({ currentPassword: '', password: '', passwordRepeat: '' })).toEqual({
      currentPassword: 'Current password is required',
      password: 'New password is required',
    });
  });
});
