import { selectAccountFormView, selectLinkView } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
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
} from '../../model/account-rules.ts';

/** What a tester does and sees on the account forms (they share one form machine). */
const FORM_LABELS = {
  'form.changed': 'Type into a field',
  'form.submitted': 'Press the form\'s button',
  'form.dismissed': 'Close the message',
  'xstate.done.actor.submit': 'The server accepts the form',
  'xstate.error.actor.submit': 'The server refuses the form',
};
const FORM_CHECKS = {
  editing: 'The form, its button enabled; field errors under invalid fields',
  submitting: 'The button shows its spinner',
  failed: "The server's message in red",
  succeeded: 'The success message',
};

/** The account machines (public screens and Settings), joined into MACHINES by registry.ts. */
export const ACCOUNT_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'sign-up',
    description: 'Create Account: masked platform id, field rules, the sign-up call; server errors joined by newlines.',
    machine: signUpMachine,
    views: { form: selectAccountFormView },
    events: signUpEvents,
    variants: [{ label: 'empty form' }],
    serializeState: serializeForm(validateSignUp as never),
    labels: FORM_LABELS,
    checks: FORM_CHECKS,
  },
  {
    name: 'activation',
    description: 'An emailed link (/activate, /confirm-email, /approve-email-change): nothing happens when it opens; the button makes the one call, then done or failed.',
    machine: activationMachine,
    views: { link: selectLinkView },
    events: activationEvents,
    variants: [{ label: 'link opened', input: () => ({ token: SAMPLE_TOKEN }) }],
    labels: { 'link.confirmed': "Press the page's button", 'xstate.done.actor.activate': 'The server activates the account', 'xstate.error.actor.activate': 'The link is used, unknown or expired' },
    checks: { ready: 'What the link does and its button; nothing has happened yet', activating: 'The button shows its spinner', activated: "'Your account has been activated! Please Login.'", failed: 'The link is no longer valid, with a way back to login' },
  },
  {
    name: 'forgot-password',
    description: "Forgot password: email, the reset request; the server's message or 'Email not found'.",
    machine: forgotPasswordMachine,
    views: { form: selectAccountFormView },
    events: forgotPasswordEvents,
    variants: [{ label: 'empty form' }],
    serializeState: serializeForm(validateForgotPassword as never),
    labels: FORM_LABELS,
    checks: FORM_CHECKS,
  },
  {
    name: 'reset-password',
    description: 'Change Password of an emailed link: 6–20 and confirm; success, failure, or the expired-link path (410).',
    machine: resetPasswordMachine,
    views: { form: selectAccountFormView },
    events: resetPasswordEvents,
    variants: [{ label: 'link opened', input: () => ({ token: SAMPLE_TOKEN }) }],
    serializeState: serializeForm(validateResetPassword as never),
    labels: FORM_LABELS,
    checks: { ...FORM_CHECKS, expired: "'Oops! Looks like your password reset link has expired.' with a button to ask again" },
  },
  {
    name: 'settings-change-password',
    description: "Settings → Change Password: current, new, confirm (3–20); 'Password changed successfully' until GOT IT.",
    machine: changePasswordMachine,
    views: { form: selectAccountFormView },
    events: changePasswordEvents,
    variants: [{ label: 'empty form' }],
    serializeState: serializeForm(validateChangePassword as never),
    labels: FORM_LABELS,
    checks: FORM_CHECKS,
  },
];
