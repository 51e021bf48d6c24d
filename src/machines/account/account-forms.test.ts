import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import { definedTransitions, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { EMAIL_NOT_FOUND, LINK_EXPIRED_MESSAGE, PASSWORDS_DONT_MATCH } from '../../model/account.ts';
import {
  validateChangePassword,
  validateForgotPassword,
  validateResetPassword,
  validateSignUp,
  type FieldErrors,
} from '../../model/account-rules.ts';
import { ApiError } from '../../services/api-client.ts';
import { failureMessage, type AccountFormContext, type FormFields, type SubmitInput } from './account-form.ts';
import { changePasswordMachine, forgotPasswordMachine, resetPasswordMachine, signUpMachine } from './account-forms.ts';
import { selectAccountFormView } from './selectors.ts';
import { SAMPLE_TOKEN } from './account-samples.ts';
import { MACHINES } from '../registry.ts';

type Call = { input: SubmitInput<unknown>; signal: AbortSignal; resolve: (r: { message: string }) => void; reject: (e: unknown) => void };

/** A form machine whose call is a promise the test settles step by step. */
function startReal(machine: AnyStateMachine, input?: unknown) {
  const calls: Call[] = [];
  const provided = machine.provide({
    actors: {
      submit: callDouble<{ message: string }, SubmitInput<unknown>>(
        (input, signal) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const actor = createActor(provided, { input } as never).start();
  const context = () => actor.getSnapshot().context as AccountFormContext<FormFields>;
  async function replay(event: AnyEventObject, expected: unknown) {
    const outcome = /^xstate\.(done|error)\.actor\.submit$/.exec(event.type)?.[1];
    if (outcome) {
      const call = calls.at(-1);
      expect(call?.signal.aborted, 'a call should be running').toBe(false);
      if (outcome === 'done') call!.resolve(event.output);
      else call!.reject(event.error);
      await waitFor(actor, (s) => s.value === expected, { timeout: 1000 });
    } else actor.send(event);
    expect(actor.getSnapshot().value).toBe(expected);
  }
  return { actor, calls, context, replay };
}

/** Each form: its rules, and the body the server must get for given fields (written out, not derived). */
const FORMS: {
  name: string;
  machine: AnyStateMachine;
  validate: (fields: never) => FieldErrors<FormFields>;
  body: (f: Record<string, string>) => unknown;
  token: string | null;
}[] = [
  {
    name: 'sign-up',
    machine: signUpMachine,
    validate: validateSignUp,
    body: (f) => ({
      partnerPlatformId: f.platformId,
      partnerName: f.partnerName!.trim(),
      contactName: f.contactName!.trim(),
      email: f.email!.trim(),
      password: f.password,
      repeatPassword: f.passwordRepeat,
    }),
    token: null,
  },
  { name: 'forgot-password', machine: forgotPasswordMachine, validate: validateForgotPassword, body: (f) => ({ email: f.email!.trim() }), token: null },
  {
    name: 'reset-password',
    machine: resetPasswordMachine,
    validate: validateResetPassword,
    body: (f) => ({ password: f.password, newPassword: f.passwordRepeat }),
    token: SAMPLE_TOKEN,
  },
  {
    name: 'settings-change-password',
    machine: changePasswordMachine,
    validate: validateChangePassword,
    body: (f) => ({ password: f.currentPassword, newPassword: f.password, repeatPassword: f.passwordRepeat }),
    token: null,
  },
];

for (const form of FORMS) {
  const entry = MACHINES.find((m) => m.name === form.name)!;
  const input = entry.variants[0]!.input?.();

  describe(`${form.name}, model-based`, () => {
    const edges = stateChangingEdges(entry);

    it('reaches every state and takes every transition', () => {
      const reached = new Set(shortestPaths(entry).flatMap((p) => ['editing', ...p.states.map(String)]));
      expect([...reached].sort()).toEqual(Object.keys(form.machine.root.states).sort());
      const taken = new Set(edges.map((e) => `${String(e.from)} --${e.event.type}--> ${String(e.to)}`));
      expect([...taken].sort()).toEqual([...definedTransitions(form.machine)].sort());
    });

    for (const edge of edges) {
      it(`replays ${String(edge.from)} --${edge.event.type}--> ${String(edge.to)} after ${edge.path.length - 1} events`, async () => {
        const { actor, calls, context, replay } = startReal(form.machine, input);
        for (const [i, event] of edge.path.entries()) {
          await replay(event, edge.states[i]);
          const { fields, errors, failure, success } = context();
          const value = actor.getSnapshot().value;
          // Only valid fields are ever sent, as the server's body, with the link's token.
          if (value === 'submitting') {
            expect(form.validate(fields as never)).toEqual({});
            expect(calls.at(-1)!.input).toEqual({ payload: form.body(fields), token: form.token });
          }
          // A refused submit shows exactly the rules' errors.
          if (event.type === 'form.submitted' && value === 'editing') expect(errors).toEqual(form.validate(fields as never));
          if (value === 'failed') expect(failure).toBe(failureMessage(event.error, form.name === 'forgot-password' ? EMAIL_NOT_FOUND : undefined));
          else expect(failure).toBeNull();
          if (value === 'succeeded') expect(success).toBe(event.output.message);
        }
        actor.stop();
      });
    }
  });
}

describe('account forms, behaviour', () => {
  it('sign-up masks the platform id, clears a field error on focus, and joins server errors by newlines', async () => {
    const { context, calls, replay } = startReal(signUpMachine);
    await replay({ type: 'form.changed', field: 'platformId', value: 'cp-12a34567' }, 'editing');
    expect(context().fields.platformId).toBe('CP-123456');
    await replay({ type: 'form.changed', field: 'email', value: 'ann@' }, 'editing');
    await replay({ type: 'form.submitted' }, 'editing');
    expect(calls).toHaveLength(0);
    expect(context().errors).toMatchObject({ email: 'Enter a valid email address', partnerName: 'Partner name is required' });
    await replay({ type: 'form.focused', field: 'email' }, 'editing');
    expect(context().errors.email).toBeUndefined();
    expect(context().errors.partnerName).toBe('Partner name is required');
    for (const [field, value] of Object.entries({ partnerName: 'Harbor', contactName: 'Ann Lee', email: ' ann@harbor.test ', password: 'secret1', passwordRepeat: 'secret1' }))
      await replay({ type: 'form.changed', field, value }, 'editing');
    await replay({ type: 'form.submitted' }, 'submitting');
    expect(calls[0]!.input.payload).toMatchObject({ partnerPlatformId: 'CP-123456', email: 'ann@harbor.test' });
    await replay({ type: 'xstate.error.actor.submit', error: new ApiError(400, 'Invalid request', ['first problem', 'second problem']) }, 'failed');
    expect(context().failure).toBe('first problem\nsecond problem');
    // Sending again clears the old message.
    await replay({ type: 'form.submitted' }, 'submitting');
    expect(context().failure).toBeNull();
  });

  it("forgot password says the server's message, or 'Email not found' when it gave none", async () => {
    for (const [error, message] of [
      [new ApiError(429, 'Too many requests, try again later'), 'Too many requests, try again later'],
      [new ApiError(404, 'Something went wrong'), EMAIL_NOT_FOUND],
      [new TypeError('offline'), EMAIL_NOT_FOUND],
    ] as const) {
      const { context, replay } = startReal(forgotPasswordMachine);
      await replay({ type: 'form.changed', field: 'email', value: 'ann@harbor.test' }, 'editing');
      await replay({ type: 'form.submitted' }, 'submitting');
      await replay({ type: 'xstate.error.actor.submit', error }, 'failed');
      expect(context().failure).toBe(message);
    }
  });

  it('reset password: a mismatch is refused; a 410 is the expired-link state; other failures say so', async () => {
    const { context, calls, replay } = startReal(resetPasswordMachine, { token: SAMPLE_TOKEN });
    await replay({ type: 'form.changed', field: 'password', value: 'new-secret' }, 'editing');
    await replay({ type: 'form.changed', field: 'passwordRepeat', value: 'new-secreT' }, 'editing');
    await replay({ type: 'form.submitted' }, 'editing');
    expect(context().errors).toEqual({ passwordRepeat: PASSWORDS_DONT_MATCH });
    await replay({ type: 'form.changed', field: 'passwordRepeat', value: 'new-secret' }, 'editing');
    await replay({ type: 'form.submitted' }, 'submitting');
    expect(calls[0]!.input).toEqual({ payload: { password: 'new-secret', newPassword: 'new-secret' }, token: SAMPLE_TOKEN });
    await replay({ type: 'xstate.error.actor.submit', error: new ApiError(500, 'Something went wrong') }, 'failed');
    expect(context().failure).toBe('Something went wrong');
    await replay({ type: 'form.dismissed' }, 'editing');
    await replay({ type: 'form.submitted' }, 'submitting');
    await replay({ type: 'xstate.error.actor.submit', error: new ApiError(410, LINK_EXPIRED_MESSAGE) }, 'expired');
    // Nothing more can be sent from an expired link.
    await replay({ type: 'form.submitted' }, 'expired');
    expect(calls).toHaveLength(2);
  });

  it('settings: success shows until GOT IT, which empties the form', async () => {
    const { context, replay } = startReal(changePasswordMachine);
    for (const [field, value] of Object.entries({ currentPassword: 'old', password: 'newer', passwordRepeat: 'newer' }))
      await replay({ type: 'form.changed', field, value }, 'editing');
    await replay({ type: 'form.submitted' }, 'submitting');
    await replay({ type: 'xstate.done.actor.submit', output: { message: 'Password changed successfully' } }, 'succeeded');
    expect(context().success).toBe('Password changed successfully');
    await replay({ type: 'form.dismissed' }, 'editing');
    expect(context()).toMatchObject({ fields: { currentPassword: '', password: '', passwordRepeat: '' }, success: null });
  });

  it('aborts the call when the form goes away', () => {
    const { actor, calls } = startReal(forgotPasswordMachine);
    actor.send({ type: 'form.changed', field: 'email', value: 'ann@harbor.test' });
    actor.send({ type: 'form.submitted' });
    actor.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});

describe('selectAccountFormView', () => {
  it('says where the form is, its fields and errors, and the same object for the same snapshot', () => {
    const actor = createActor(forgotPasswordMachine, { input: {} }).start();
    const first = selectAccountFormView(actor.getSnapshot());
    expect(first).toMatchObject({ status: 'editing', busy: false, fields: { email: '' }, failure: null, success: null });
    expect(selectAccountFormView(actor.getSnapshot())).toBe(first);
    actor.send({ type: 'form.submitted' });
    expect(selectAccountFormView(actor.getSnapshot()).errors.email).toBeTruthy();
    actor.stop();
  });
});
