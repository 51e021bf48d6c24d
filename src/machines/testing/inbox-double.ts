import { assign, setup, type AnyEventObject } from 'xstate';

/**
 * A child machine's test double that keeps every event it is sent, so a test of the parent reads
 * what the parent told it (provide it under the child's source).
 */
export const inboxDouble = () =>
  setup({ types: { context: {} as { received: AnyEventObject[] } } }).createMachine({
    context: { received: [] },
    on: { '*': { actions: assign({ received: ({ context, event }) => [...context.received, event] }) } },
  });
