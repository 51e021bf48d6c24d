import { shareReplay, type Observable } from 'rxjs';
import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { MessageResponse } from '../../model/account.ts';
import { accountService } from '../../services/account-service.ts';
import { failureMessage, isGone } from './account-form.ts';

/**
 * A single-use emailed link's screen: account activation (/activate/{token}) and, with the same
 * states, an email change's approval by the owner (/approve-email-change/{token}) and its
 * confirmation by the new address (/confirm-email/{token}). One call when the screen opens, then
 * its outcome.
 */

export interface ActivationContext {
  token: string;
  message: string | null;
  /** The failure is a dead link (used, unknown or malformed): only a new one helps. */
  expired: boolean;
}

/**
 * A token works once, so it is sent once per page load: React's development StrictMode mounts the
 * screen twice, and a second call would report the first one's success as a used link.
 */
function oncePerToken(send: (token: string) => Observable<MessageResponse>) {
  const calls = new Map<string, Observable<MessageResponse>>();
  return (token: string): Observable<MessageResponse> => {
    let call = calls.get(token);
    if (!call) {
      // Shared and replayed: the second mount sees the first call's answer; leaving never aborts it.
      call = send(token).pipe(shareReplay({ bufferSize: 1, refCount: false }));
      calls.set(token, call);
    }
    return call;
  };
}
const activateOnce = oncePerToken(accountService.activate);
const confirmEmailOnce = oncePerToken(accountService.confirmEmail);
const approveEmailChangeOnce = oncePerToken(accountService.approveEmailChange);

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    input: {} as { token: string },
  },
  actors: {
    activate: fromObservableWithOutput<MessageResponse, string>((input) => activateOnce(input)),
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ token: input.token, message: null, expired: false }),
  initial: 'activating',
  states: {
    activating: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => context.token,
        onDone: { target: 'activated', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: { target: 'failed', actions: assign({ message: ({ event }) => failureMessage(event.error), expired: ({ event }) => isGone(event.error) }) },
      },
    },
    activated: { type: 'final' },
    failed: { type: 'final' },
  },
});

/** /confirm-email/{token} (accounts spec §2.4): the new address confirms an email change. */
export const emailConfirmationMachine = activationMachine.provide({
  actors: { activate: fromObservableWithOutput<MessageResponse, string>((input) => confirmEmailOnce(input)) },
});

/** /approve-email-change/{token}: the owner, at the current address, approves someone else's change of it. */
export const emailApprovalMachine = activationMachine.provide({
  actors: { activate: fromObservableWithOutput<MessageResponse, string>((input) => approveEmailChangeOnce(input)) },
});
