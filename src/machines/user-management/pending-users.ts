import { assign, setup } from 'xstate';
import { tellParent } from '../tell-parent.ts';
import type { PendingUser } from '../../model/account.ts';
import type { Notice } from '../../model/notices.ts';
import { ApiError } from '../../services/api-client.ts';
import { userManagementService } from '../../services/user-management-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { showNotice } from '../shell/system-actors.ts';

/**
 * The Pending section of /user-management (accounts spec §2.4): sign-ups of the family waiting for an Admin
 * or Leadership user. Approve or Reject one at a time; each decision reloads the list and tells
 * the page (a notice, and `decided` so the users table shows a new colleague).
 */
export interface PendingUsersContext {
  pending: PendingUser[];
  deciding: { id: number; decision: 'approve' | 'reject' } | null;
  error: string | null;
  notices: number;
  notice: Notice | null;
}

export type PendingUsersEvent =
  | { type: 'pending.approve'; id: number }
  | { type: 'pending.reject'; id: number }
  | { type: 'pending.retry' };

const messageOf = (error: unknown) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : 'Something went wrong!');

export const pendingUsersMachine = setup({
  types: { context: {} as PendingUsersContext, events: {} as PendingUsersEvent },
  actors: {
    loadPending: fromObservableWithOutput<PendingUser[]>(() => userManagementService.pending()),
    decide: fromObservableWithOutput<{ message: string }, { id: number; decision: 'approve' | 'reject' }>((input) =>
      userManagementService.decide(input.id, input.decision)),
  },
  actions: {
    /** The users table (the parent) asks for its rows again. */
    decided: tellParent({ type: 'users.reload' })(),
    showNotice: showNotice(),
    choose: assign(({ event }) =>
      event.type === 'pending.approve' || event.type === 'pending.reject'
        ? { deciding: { id: event.id, decision: event.type === 'pending.approve' ? ('approve' as const) : ('reject' as const) }, error: null }
        : {},
    ),
  },
}).createMachine({
  id: 'pendingUsers',
  context: { pending: [], deciding: null, error: null, notices: 0, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPending',
        src: 'loadPending',
        onDone: { target: 'loaded', actions: assign({ pending: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loaded: {
      on: {
        'pending.approve': { target: 'deciding', actions: 'choose' },
        'pending.reject': { target: 'deciding', actions: 'choose' },
      },
    },
    deciding: {
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => context.deciding!,
        onDone: {
          target: 'loading',
          actions: [
            assign(({ context, event }) => ({
              deciding: null,
              notices: context.notices + 1,
              notice: { id: `pending-${context.notices + 1}`, kind: 'success', title: 'Done', message: event.output.message },
            })),
            'showNotice',
            'decided',
          ],
        },
        // Decided elsewhere meanwhile, or refused: say so and show the list as it is now.
        onError: { target: 'loading', actions: assign({ deciding: null, error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { on: { 'pending.retry': { target: 'loading', actions: assign({ error: null }) } } },
  },
});
