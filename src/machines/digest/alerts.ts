import { assign, setup } from 'xstate';
import type { Alerts } from '../../model/digest.ts';
import { digestService } from '../../services/digest-service.ts';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';

/**
 * The header's bell (docs/digest.md): the digest's items since the user last opened it. Opening
 * shows them and marks them read on the server; the count then goes to zero.
 */

export interface AlertsContext {
  alerts: Alerts | null;
  /** How many were new when the panel was opened (the panel marks those). */
  newWhenOpened: number;
}

export type AlertsEvent = { type: 'alerts.opened' } | { type: 'alerts.closed' } | { type: 'alerts.retried' };

export const alertsMachine = setup({
  types: { context: {} as AlertsContext, events: {} as AlertsEvent },
  actors: {
    load: fromObservableWithOutput<Alerts>(() => digestService.alerts()),
    markRead: fromObservableWithOutput<{ message: string }>(() => digestService.markRead()),
  },
  actions: {
    setAlerts: assign((_, params: { alerts: Alerts }) => ({ alerts: params.alerts })),
    /** Opening the panel reads what was new: the bell's count goes, the panel still marks those items. */
    markOpened: assign(({ context }) => ({
      newWhenOpened: context.alerts?.unread ?? 0,
      alerts: context.alerts && { ...context.alerts, unread: 0 },
    })),
  },
}).createMachine({
  id: 'alerts',
  context: { alerts: null, newWhenOpened: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'closed', actions: { type: 'setAlerts', params: ({ event }) => ({ alerts: event.output }) } },
        onError: 'failed',
      },
    },
    // No house to act for, or offline: the bell stays quiet until asked again.
    failed: { on: { 'alerts.retried': 'loading' } },
    closed: {
      on: {
        'alerts.opened': {
          target: 'markingRead',
          actions: 'markOpened',
        },
      },
    },
    // The panel is open while the server marks the items read; a failure leaves them new for next time.
    markingRead: {
      invoke: { id: 'markRead', src: 'markRead', onDone: 'open', onError: 'open' },
      on: { 'alerts.closed': 'closed' },
    },
    open: { on: { 'alerts.closed': 'closed' } },
  },
});
