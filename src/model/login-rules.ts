import { Email } from './codec.ts';

/** Login validation (spec §5): email valid and required; password at least 3 and required. */
export interface LoginFields {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

export const LOGIN_MIN_PASSWORD = 3;

export function validateLogin(fields: LoginFields): LoginErrors {
  const errors: LoginErrors = {};
  const email = fields.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!Email.is(email)) errors.email = 'Enter a valid email address';
  if (!fields.password) errors.password = 'Password is required';
  else if (fields.password.length < LOGIN_MIN_PASSWORD) errors.password = `Password must be at least ${LOGIN_MIN_PASSWORD} characters`;
  return errors;
}

export function hasErrors(errors: LoginErrors): boolean {
  return Object.keys(errors).length > 0;
}
