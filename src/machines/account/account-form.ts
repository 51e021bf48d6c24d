import type { Observable } from 'rxjs';
import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { hasFieldErrors, type FieldErrors } from '../../model/account-rules.ts';
import { ApiError, FALLBACK_MESSAGE } from '../../services/api-client.ts';

/**
 * One machine shape for the account forms (sign-up, forgot password, emailed-link change
 * password, settings change password): fields, field errors shown on submit and cleared on
 * focus (spec §4), the call, then success or a failure message. A form whose link can expire
 * also has an `expired` state, entered when the server answers 410 Gone.
 */

export type FormFields = Record<string, string>;

export interface AccountFormContext<F extends FormFields> {
  fields: F;
  errors: FieldErrors<F>;
  /** The emailed link's token, for the forms reached from one. */
  token: string | null;
  /** What went wrong, ready to show; null unless in `failed`. */
  failure: string | null;
  /** The server's message on success. */
  success: string | null;
}

export type AccountFormEvent<F extends FormFields> =
  | { type: 'form.changed'; field: keyof F & string; value: string }
  | { type: 'form.focused'; field: keyof F & string }
  | { type: 'form.submitted' }
  /** Closes the failure dialog, or after success empties the form for another go (Settings' GOT IT). */
  | { type: 'form.dismissed' };

export interface SubmitInput<P> {
  payload: P;
  token: string | null;
}

export interface AccountFormConfig<F extends FormFields, P> {
  id: string;
  empty: F;
  validate: (fields: F) => FieldErrors<F>;
  /** What the server gets; values are trimmed here where the rules say so. */
  toPayload: (fields: F) => P;
  /** The default call; tests replace the `submit` actor with `provide`. */
  submit: (input: SubmitInput<P>) => Observable<{ message: string }>;
  /** Rewrites a typed value, e.g. the platform id mask. */
  masks?: Partial<Record<keyof F, (value: string) => string>>;
  /** Shown when the server gave no message of its own. */
  fallback?: string;
  /** The form of an emailed link: a 410 means the link is used, unknown or expired. */
  expires?: boolean;
}

export interface AccountFormInput {
  token?: string;
}

/** The server's per-field messages joined by newlines (spec §8), else its message, else the fallback. */
export function failureMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.details.length > 0) return error.details.join('\n');
  return error.message && error.message !== FALLBACK_MESSAGE ? error.message : fallback;
}

export const isGone = (error: unknown): boolean => error instanceof ApiError && error.status === 410;

export function createAccountFormMachine<F extends FormFields, P>(config: AccountFormConfig<F, P>) {
  const failed = { target: 'failed', actions: 'setFailure' } as const;
  const expired = { guard: 'linkGone', target: 'expired' } as const;
  return setup({
    types: {
      context: {} as AccountFormContext<F>,
      events: {} as AccountFormEvent<F>,
      input: {} as AccountFormInput | undefined,
    },
    actors: {
      submit: fromObservableWithOutput<{ message: string }, SubmitInput<P>>((input) => config.submit(input)),
    },
    guards: {
      fieldsValid: ({ context }) => !hasFieldErrors(config.validate(context.fields)),
      linkGone: ({ event }) => isGone((event as { error?: unknown }).error),
    },
    actions: {
      setField: assign(({ context, event }) => {
        if (event.type !== 'form.changed') return {};
        const mask = config.masks?.[event.field];
        return { fields: { ...context.fields, [event.field]: mask ? mask(event.value) : event.value } };
      }),
      clearFieldError: assign(({ context, event }) => {
        if (event.type !== 'form.focused') return {};
        const { [event.field]: _cleared, ...rest } = context.errors;
        return { errors: rest as FieldErrors<F> };
      }),
      showFieldErrors: assign(({ context }) => ({ errors: config.validate(context.fields) })),
      setFailure: assign(({ event }) => ({ failure: failureMessage((event as { error?: unknown }).error, config.fallback) })),
      clearFailure: assign({ failure: null }),
      emptyForm: assign({ fields: () => ({ ...config.empty }), errors: {}, success: null }),
      setSuccess: assign((_, params: { output: { message: string } }) => ({ success: params.output.message })),
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({ fields: { ...config.empty }, errors: {}, token: input?.token ?? null, failure: null, success: null }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.changed': { actions: 'setField' },
          'form.focused': { actions: 'clearFieldError' },
          'form.submitted': [{ guard: 'fieldsValid', target: 'submitting' }, { actions: 'showFieldErrors' }],
        },
      },
      submitting: {
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({ payload: config.toPayload(context.fields), token: context.token }),
          onDone: { target: 'succeeded', actions: { type: 'setSuccess', params: ({ event }) => ({ output: event.output }) } },
          onError: config.expires ? [expired, failed] : [failed],
        },
      },
      // The message stays (inline and in a dialog) until the user edits, dismisses or sends again.
      failed: {
        on: {
          'form.changed': { target: 'editing', actions: ['setField', 'clearFailure'] },
          'form.focused': { actions: 'clearFieldError' },
          'form.dismissed': { target: 'editing', actions: 'clearFailure' },
          // The fields are as sent (a change leaves this state), so they are still valid.
          'form.submitted': { target: 'submitting', actions: 'clearFailure' },
        },
      },
      succeeded: {
        on: { 'form.dismissed': { target: 'editing', actions: 'emptyForm' } },
      },
      // The link is used up: only a new one (Forgot Password) helps.
      ...(config.expires ? { expired: {} } : {}),
    },
  });
}
