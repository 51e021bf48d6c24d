import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { LoginPayload, LoginResponse } from '../../model/auth.ts';
import { hasErrors, validateLogin, type LoginErrors, type LoginFields } from '../../model/login-rules.ts';
import { ApiError, FALLBACK_MESSAGE } from '../../services/api-client.ts';
import { authService } from '../../services/auth-service.ts';
import { sendToAuth } from './system-actors.ts';

/** The login page's form: field values, field errors, the call, and the failure dialog. */

export interface LoginFormContext extends LoginFields {
  errors: LoginErrors;
  failure: string | null;
  response: LoginResponse | null;
}

export type LoginFormEvent =
  | { type: 'login.emailChanged'; value: string }
  | { type: 'login.passwordChanged'; value: string }
  | { type: 'login.fieldFocused'; field: keyof LoginFields }
  | { type: 'login.submitted' }
  | { type: 'login.dialogClosed' };

export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
  },
  actors: {
    login: fromObservableWithOutput<LoginResponse, LoginPayload>((input) => authService.login(input)),
  },
  guards: {
    fieldsValid: ({ context }) => !hasErrors(validateLogin(context)),
  },
  actions: {
    setEmail: assign(({ event }) => (event.type === 'login.emailChanged' ? { email: event.value } : {})),
    setPassword: assign(({ event }) => (event.type === 'login.passwordChanged' ? { password: event.value } : {})),
    // Spec §4: field errors clear when the field gets focus.
    clearFieldError: assign(({ context, event }) => {
      if (event.type !== 'login.fieldFocused') return {};
      const { [event.field]: _cleared, ...rest } = context.errors;
      return { errors: rest };
    }),
    showFieldErrors: assign(({ context }) => ({ errors: validateLogin(context) })),
    clearFailure: assign({ failure: null }),
    setResponse: assign((_, params: { response: LoginResponse }) => ({ response: params.response })),
    sayFailure: assign((_, params: { error: unknown }) => ({ failure: params.error instanceof ApiError ? params.error.message : FALLBACK_MESSAGE })),
    /** Hands the session to the auth-routing actor. */
    reportSuccess: sendToAuth((params: { response: LoginResponse }) => ({ type: 'auth.loggedIn', response: params.response }))(),
  },
}).createMachine({
  id: 'loginForm',
  context: { email: '', password: '', errors: {}, failure: null, response: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'login.emailChanged': { actions: 'setEmail' },
        'login.passwordChanged': { actions: 'setPassword' },
        'login.fieldFocused': { actions: 'clearFieldError' },
        'login.submitted': [{ guard: 'fieldsValid', target: 'submitting' }, { actions: 'showFieldErrors' }],
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: {
          target: 'success',
          actions: [
            { type: 'setResponse', params: ({ event }) => ({ response: event.output }) },
            { type: 'reportSuccess', params: ({ event }) => ({ response: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'sayFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: { 'login.dialogClosed': { target: 'editing', actions: 'clearFailure' } },
    },
    success: { type: 'final' },
  },
});
