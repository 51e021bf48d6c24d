import { assign, fromPromise, raise, setup } from 'xstate';
import { ACTIVITY_WINDOW_MS, EXPIRY_CHECK_MS, sessionReport } from '../model/session-tracking.ts';
import type { UserSessionPayload } from '../model/user-sessions.ts';
import { analyticsService } from '../services/analytics-service.ts';

/**
 * Time online (accounts spec §4): a session starts on the first activity; every activity keeps it
 * alive for another 60 s; every 5 s the tracker checks whether it has expired, and then reports
 * it (POST /analytics/user-sessions) and waits for the next activity.
 *
 * Times travel in the events (`at`, epoch ms) so the machine is deterministic: the page stamps
 * activity with Date.now(), and the check stamps its tick with the input's clock.
 */

export interface SessionTrackerInput {
  /** The clock the expiry check reads; tests pass a simulated one. */
  now?: () => number;
}

export interface SessionTrackerContext {
  now: () => number;
  startedAt: number | null;
  expiresAt: number | null;
}

export type SessionTrackerEvent = { type: 'session.activity'; at: number } | { type: 'session.tick'; at: number };

export const sessionTrackerMachine = setup({
  types: {
    context: {} as SessionTrackerContext,
    events: {} as SessionTrackerEvent,
    input: {} as SessionTrackerInput,
  },
  delays: { expiryCheck: EXPIRY_CHECK_MS },
  actors: {
    report: fromPromise<void, UserSessionPayload>(({ input, signal }) => analyticsService.reportSession(input, signal)),
  },
  guards: {
    expired: ({ context, event }) => context.expiresAt !== null && event.at >= context.expiresAt,
  },
  actions: {
    start: assign(({ event }) => ({ startedAt: event.at, expiresAt: event.at + ACTIVITY_WINDOW_MS })),
    // Activity never shortens the session, even if events arrive out of order.
    extend: assign(({ context, event }) => ({ expiresAt: Math.max(context.expiresAt ?? 0, event.at + ACTIVITY_WINDOW_MS) })),
    tick: raise(({ context }) => ({ type: 'session.tick' as const, at: context.now() })),
    forget: assign({ startedAt: null, expiresAt: null }),
  },
}).createMachine({
  id: 'sessionTracker',
  context: ({ input }) => ({ now: input?.now ?? Date.now, startedAt: null, expiresAt: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'session.activity': { target: 'active', actions: 'start' } },
    },
    active: {
      after: { expiryCheck: { target: 'active', reenter: true, actions: 'tick' } },
      on: {
        'session.activity': { actions: 'extend' },
        'session.tick': { guard: 'expired', target: 'reporting' },
      },
    },
    reporting: {
      invoke: {
        id: 'report',
        src: 'report',
        input: ({ context }) => sessionReport(context.startedAt!, context.expiresAt!),
        // Best effort: a lost report is not worth bothering the user; either way a new session may start.
        onDone: { target: 'idle', actions: 'forget' },
        onError: { target: 'idle', actions: 'forget' },
      },
    },
  },
});
