import { asyncScheduler, map } from 'rxjs';
import { assign, fromEventObservable, setup } from 'xstate';
import type { UserSessionPayload } from '../../model/user-sessions.ts';
import { pageActivity$, sessionReports$ } from '../../services/activity-sessions.ts';
import { analyticsService } from '../../services/analytics-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

/**
 * Time online (accounts spec §4). The RxJS stream `sessionReports$` watches the page's activity
 * (click, key press, scroll, mouse move): a session starts on the first activity (the login or the
 * opening of the portal that starts the tracker), each activity keeps it alive for another 60 s,
 * every 5 s it is checked, and when it has expired the stream emits its report. The machine sends
 * each report (POST /analytics/user-sessions).
 */

export interface SessionTrackerContext {
  report: UserSessionPayload | null;
}

export type SessionTrackerEvent = { type: 'session.ended'; report: UserSessionPayload };

export const sessionTrackerMachine = setup({
  types: {
    context: {} as SessionTrackerContext,
    events: {} as SessionTrackerEvent,
  },
  actors: {
    sessions: fromEventObservable(() =>
      // The tracker starts at a login or on opening the portal, the user's doing: that is the first
      // activity. (Its code loads after the login; activity meanwhile would otherwise be lost.)
      sessionReports$(pageActivity$(window), asyncScheduler, { activeNow: true }).pipe(
        map((report): SessionTrackerEvent => ({ type: 'session.ended', report })),
      ),
    ),
    report: fromObservableWithOutput<void, UserSessionPayload>((input) => analyticsService.reportSession(input)),
  },
  actions: {
    keep: assign({ report: ({ event }) => event.report }),
    forget: assign({ report: null }),
  },
}).createMachine({
  id: 'sessionTracker',
  context: { report: null },
  // At the root: the activity stream runs on while a report is being sent.
  invoke: { id: 'sessions', src: 'sessions' },
  initial: 'tracking',
  states: {
    tracking: {
      on: { 'session.ended': { target: 'reporting', actions: 'keep' } },
    },
    reporting: {
      invoke: {
        id: 'report',
        src: 'report',
        input: ({ context }) => context.report!,
        // Best effort: a lost report is not worth bothering the user; either way tracking goes on.
        onDone: { target: 'tracking', actions: 'forget' },
        onError: { target: 'tracking', actions: 'forget' },
      },
    },
  },
});
