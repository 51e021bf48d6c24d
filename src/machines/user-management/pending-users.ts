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
    showPending: assign((_, pending: PendingUser[]) => ({ pending })),
    sayError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    forgetError: assign({ error: null }),
    /** The server's answer as a notice. */
    noteDecision: assign(({ context }, answer: { message: string }) => ({
      deciding: null,
      notices: context.notices + 1,
      notice: { id: `pending-${context.notices + 1}`, kind: 'success' as const, title: 'Done', message: answer.message },
    })),
    // Decided elsewhere meanwhile, or refused: say so (the list then shows as it is now).
    decisionFailed: assign((_, params: { error: unknown }) => ({ deciding: null, error: messageOf(params.error) })),
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
        onDone: { target: 'loaded', actions: { type: 'showPending', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'sayError', params: ({ event }) => ({ error: event.error }) } },
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
        onDone: { target: 'loading', actions: [{ type: 'noteDecision', params: ({ event }) => event.output }, 'showNotice', 'decided'] },
        onError: { target: 'loading', actions: { type: 'decisionFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'pending.retry': { target: 'loading', actions: 'forgetError' } } },
  },
});
