import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { MessageResponse } from '../../model/account.ts';
import { accountService } from '../../services/account-service.ts';
import { failureMessage, isGone } from './account-form.ts';

/**
 * A single-use emailed link's screen: account activation (/activate/{token}) and, with the same
 * states, an email change's approval by the owner (/approve-email-change/{token}) and its
 * confirmation by the new address (/confirm-email/{token}). Opening the link decides nothing:
 * mail scanners and link previews open links before people do, so the call is made only when
 * the person presses the page's button; then its outcome.
 */

export interface ActivationContext {
  token: string;
  message: string | null;
  /** The failure is a dead link (used, unknown or malformed): only a new one helps. */
  expired: boolean;
}

export type ActivationEvent = { type: 'link.confirmed' };

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    input: {} as { token: string },
    events: {} as ActivationEvent,
  },
  actors: {
    activate: fromObservableWithOutput<MessageResponse, string>((input) => accountService.activate(input)),
  },
  actions: {
    showSuccess: assign((_, params: { output: MessageResponse }) => ({ message: params.output.message })),
    showFailure: assign((_, params: { error: unknown }) => ({ message: failureMessage(params.error), expired: isGone(params.error) })),
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ token: input.token, message: null, expired: false }),
  initial: 'ready',
  states: {
    ready: {
      on: { 'link.confirmed': 'activating' },
    },
    activating: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => context.token,
        onDone: { target: 'activated', actions: { type: 'showSuccess', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    activated: { type: 'final' },
    failed: { type: 'final' },
  },
});

/** /confirm-email/{token} (accounts spec §2.4): the new address confirms an email change. */
export const emailConfirmationMachine = activationMachine.provide({
  actors: { activate: fromObservableWithOutput<MessageResponse, string>((input) => accountService.confirmEmail(input)) },
});

/** /approve-email-change/{token}: the owner, at the current address, approves someone else's change of it. */
export const emailApprovalMachine = activationMachine.provide({
  actors: { activate: fromObservableWithOutput<MessageResponse, string>((input) => accountService.approveEmailChange(input)) },
});
