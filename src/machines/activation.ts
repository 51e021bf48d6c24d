import { assign, fromPromise, setup } from 'xstate';
import type { MessageResponse } from '../model/account.ts';
import { accountService } from '../services/account-service.ts';
import { failureMessage } from './account-form.ts';

/** Account activation (/activate/{token}): one call when the screen opens, then its outcome. */

export interface ActivationContext {
  token: string;
  message: string | null;
}

/**
 * A token works once, so it is sent once per page load: React's development StrictMode mounts the
 * screen twice, and a second call would report the first one's success as a used link.
 */
const activations = new Map<string, Promise<MessageResponse>>();
function activateOnce(token: string): Promise<MessageResponse> {
  let call = activations.get(token);
  if (!call) {
    call = accountService.activate(token, new AbortController().signal);
    activations.set(token, call);
  }
  return call;
}

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    input: {} as { token: string },
  },
  actors: {
    activate: fromPromise<MessageResponse, string>(({ input }) => activateOnce(input)),
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ token: input.token, message: null }),
  initial: 'activating',
  states: {
    activating: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => context.token,
        onDone: { target: 'activated', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: { target: 'failed', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
      },
    },
    activated: { type: 'final' },
    failed: { type: 'final' },
  },
});
