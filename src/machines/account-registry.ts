import type { RegisteredMachine } from './registry.ts';
import { activationMachine } from './activation.ts';
import { changePasswordMachine, forgotPasswordMachine, resetPasswordMachine, signUpMachine } from './account-forms.ts';
import {
  activationEvents,
  changePasswordEvents,
  forgotPasswordEvents,
  resetPasswordEvents,
  SAMPLE_TOKEN,
  serializeForm,
  signUpEvents,
} from './account-samples.ts';
import {
  validateChangePassword,
  validateForgotPassword,
  validateResetPassword,
  validateSignUp,
} from '../model/account-rules.ts';

/** The account machines (public screens and Settings), joined into MACHINES by registry.ts. */
export const ACCOUNT_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'sign-up',
    description: 'Create Account: masked platform id, field rules, the sign-up call; server errors joined by newlines.',
    machine: signUpMachine,
    events: signUpEvents,
    variants: [{ label: 'empty form' }],
    serializeState: serializeForm(validateSignUp as never),
  },
  {
    name: 'activation',
    description: 'Account activation: one call when /activate/{token} opens, then activated or failed.',
    machine: activationMachine,
    events: activationEvents,
    variants: [{ label: 'link opened', input: () => ({ token: SAMPLE_TOKEN }) }],
  },
  {
    name: 'forgot-password',
    description: "Forgot password: email, the reset request; the server's message or 'Email not found'.",
    machine: forgotPasswordMachine,
    events: forgotPasswordEvents,
    variants: [{ label: 'empty form' }],
    serializeState: serializeForm(validateForgotPassword as never),
  },
  {
    name: 'reset-password',
    description: 'Change Password of an emailed link: 6–20 and confirm; success, failure, or the expired-link path (410).',
    machine: resetPasswordMachine,
    events: resetPasswordEvents,
    variants: [{ label: 'link opened', input: () => ({ token: SAMPLE_TOKEN }) }],
    serializeState: serializeForm(validateResetPassword as never),
  },
  {
    name: 'settings-change-password',
    description: "Settings → Change Password: current, new, confirm (3–20); 'Password changed successfully' until GOT IT.",
    machine: changePasswordMachine,
    events: changePasswordEvents,
    variants: [{ label: 'empty form' }],
    serializeState: serializeForm(validateChangePassword as never),
  },
];
