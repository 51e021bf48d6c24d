import { map, type Observable } from 'rxjs';
import { assign, fromEventObservable, setup } from 'xstate';
import { apiClient } from '../../services/auth-service.ts';
import { spinnerCount$ } from '../../services/spinner-count.ts';

/**
 * The app-wide spinner (spec §4): visible while calls are running. The counting (+1 / -1, never
 * below 0) is the RxJS stream `spinnerCount$` over the API client's activity; this machine only
 * shows or hides.
 */
export type SpinnerEvent = { type: 'spinner.counted'; count: number };

/** The machine's view of a stream of call activity: one event per change of the count. */
export const spinnerEvents$ = (activity$: Observable<1 | -1>) =>
  spinnerCount$(activity$).pipe(map((count): SpinnerEvent => ({ type: 'spinner.counted', count })));

export const spinnerMachine = setup({
  types: { context: {} as { count: number }, events: {} as SpinnerEvent },
  actors: {
    runningCalls: fromEventObservable(() => spinnerEvents$(apiClient.activity$)),
  },
  guards: {
    anyRunning: ({ event }) => event.count > 0,
  },
  actions: {
    record: assign({ count: ({ event }) => event.count }),
  },
}).createMachine({
  id: 'spinner',
  context: { count: 0 },
  invoke: { id: 'runningCalls', src: 'runningCalls' },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'spinner.counted': { guard: 'anyRunning', target: 'visible', actions: 'record' } },
    },
    visible: {
      on: {
        'spinner.counted': [{ guard: 'anyRunning', actions: 'record' }, { target: 'hidden', actions: 'record' }],
      },
    },
  },
});
