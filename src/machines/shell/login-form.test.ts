import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { callDouble } from '../testing/call-double.ts';
import type { LoginPayload, LoginResponse } from '../../model/auth.ts';
import { ApiError } from '../../services/api-client.ts';
import { loginFormMachine } from './login-form.ts';
import { distributorUser, loginAs } from './samples.ts';

function start(login: (input: LoginPayload, signal: AbortSignal) => Promise<LoginResponse>) {
  const reported: LoginResponse[] = [];
  const machine = loginFormMachine.provide({
    actors: { login: callDouble<LoginResponse, LoginPayload>((input, signal) => login(input, signal)) },
    actions: { reportSuccess: (_, { response }) => void reported.push(response) },
  });
  return { actor: createActor(machine).start(), reported };
}

describe('login form', () => {
  it('shows field errors instead of submitting, and clears one on focus', () => {
    const { actor } = start(() => Promise.reject(new Error('must not be called')));
    actor.send({ type: 'login.emailChanged', value: 'nope' });
    actor.send({ type: 'login.submitted' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      email: 'Enter a valid email address',
      password: 'Password is required',
    });
    actor.send({ type: 'login.fieldFocused', field: 'email' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'Password is required' });
  });

  it('sends trimmed credentials and reports the session on success', async () => {
    const calls: LoginPayload[] = [];
    const { actor, reported } = start(async (input) => (calls.push(input), loginAs(distributorUser)));
    actor.send({ type: 'login.emailChanged', value: ' leader@harbor.test ' });
    actor.send({ type: 'login.passwordChanged', value: 'portal-demo' });
    actor.send({ type: 'login.submitted' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('success'));
    expect(calls).toEqual([{ email: 'leader@harbor.test', password: 'portal-demo' }]);
    expect(reported).toEqual([loginAs(distributorUser)]);
  });

  it("shows the server's message, or 'Something went wrong', and returns to editing", async () => {
    for (const [error, message] of [
      [new ApiError(401, 'Incorrect email or password.'), 'Incorrect email or password.'],
      [new TypeError('boom'), 'Something went wrong'],
    ] as const) {
      const { actor } = start(() => Promise.reject(error));
      actor.send({ type: 'login.emailChanged', value: 'leader@harbor.test' });
      actor.send({ type: 'login.passwordChanged', value: 'bad' });
      actor.send({ type: 'login.submitted' });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context.failure).toBe(message);
      actor.send({ type: 'login.dialogClosed' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.failure).toBeNull();
    }
  });

  it('aborts the call when the form goes away', async () => {
    let aborted = false;
    const { actor } = start((_, signal) => new Promise(() => signal.addEventListener('abort', () => (aborted = true))));
    actor.send({ type: 'login.emailChanged', value: 'leader@harbor.test' });
    actor.send({ type: 'login.passwordChanged', value: 'portal-demo' });
    actor.send({ type: 'login.submitted' });
    actor.stop();
    expect(aborted).toBe(true);
  });
});
