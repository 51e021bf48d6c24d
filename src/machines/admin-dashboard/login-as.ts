import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { LoginResponse } from '../../model/auth.ts';
import { ImpersonationReason, REASON_HINT } from '../../model/impersonation.ts';
import { FALLBACK_MESSAGE } from '../../services/api-client.ts';
import { houseUsersService } from '../../services/house-users-service.ts';
import { sendToAuth } from '../shell/system-actors.ts';

/**
 * Logging in as a user (the admin dashboard's Login): the admin gives a reason, kept in
 * the audit log, before POST /auth/session {id, reason}; the session then lasts at most 60 minutes.
 */
export interface LoginAsContext {
  user: { id: number; name: string } | null;
  reason: string;
  error: string | null;
}

export type LoginAsEvent =
  | { type: 'loginAs.opened'; id: number; name: string }
  | { type: 'loginAs.reasonChanged'; reason: string }
  | { type: 'loginAs.submitted' }
  | { type: 'loginAs.cancelled' };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE);

export const loginAsMachine = setup({
  types: { context: {} as LoginAsContext, events: {} as LoginAsEvent },
  actors: {
    switchSession: fromObservableWithOutput<LoginResponse, { id: number; reason: string }>(({ id, reason }) => houseUsersService.switchSession(id, reason)),
  },
  guards: { reasonGiven: ({ context }) => ImpersonationReason.is(context.reason.trim()) },
  actions: {
    /** The page hands the new session to the auth-routing machine. */
    switchedIn: sendToAuth((params: { response: LoginResponse }) => ({ type: 'auth.switchedIn', response: params.response }))(),
    open: assign((_, user: { id: number; name: string }) => ({ user, reason: '', error: null })),
    changeReason: assign((_, reason: string) => ({ reason, error: null })),
    askForReason: assign({ error: REASON_HINT }),
    failed: assign((_, { error }: { error: unknown }) => ({ error: messageOf(error) })),
  },
}).createMachine({
  id: 'loginAs',
  context: { user: null, reason: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'loginAs.opened': { target: 'asking', actions: { type: 'open', params: ({ event }) => ({ id: event.id, name: event.name }) } } },
    },
    asking: {
      on: {
        'loginAs.reasonChanged': { actions: { type: 'changeReason', params: ({ event }) => event.reason } },
        'loginAs.submitted': [{ guard: 'reasonGiven', target: 'switching' }, { actions: 'askForReason' }],
        'loginAs.cancelled': 'closed',
      },
    },
    switching: {
      invoke: {
        id: 'switchSession',
        src: 'switchSession',
        input: ({ context }) => ({ id: context.user!.id, reason: context.reason.trim() }),
        onDone: { target: 'switched', actions: { type: 'switchedIn', params: ({ event }) => ({ response: event.output }) } },
        onError: { target: 'asking', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    switched: {},
  },
});
