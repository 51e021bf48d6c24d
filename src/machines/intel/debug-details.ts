import { assign, enqueueActions, setup, type AnyActorRef } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { previousMonth, rangeReversed, rangeTooLong, type DateRange } from '../../model/date-range.ts';
import type { DebugDetails } from '../../model/intel.ts';
import { intelService } from '../../services/intel-service.ts';
import type { RouteGoEvent } from '../shell/page-spec.ts';

/** /debug_details/{id} (analytics spec §2, §6): one merchant's sellers and items, for internal admins. */

export const DEBUG_FAILED_MESSAGE = 'Failed to load, Try Refreshing.';

export interface DebugDetailsInput {
  merchantId: number;
  today: string;
  /** Internal admins only (others go to the dashboard). */
  allowed: boolean;
}

export interface DebugDetailsContext {
  merchantId: number;
  allowed: boolean;
  range: DateRange;
  details: DebugDetails | null;
  error: string | null;
}

export type DebugDetailsEvent = { type: 'debug.rangeChanged'; range: DateRange };

export const debugDetailsMachine = setup({
  types: { context: {} as DebugDetailsContext, events: {} as DebugDetailsEvent, input: {} as DebugDetailsInput },
  actors: {
    loadDetails: fromObservableWithOutput<DebugDetails, { merchantId: number; range: DateRange }>((input) => intelService.debugDetails(input.merchantId, input.range)),
  },
  guards: {
    /** Not an internal admin, or no merchant id (a positive whole number). */
    refused: ({ context }) => !context.allowed || !Number.isInteger(context.merchantId) || context.merchantId < 1,
    rangeAccepted: ({ event }) => !rangeTooLong(event.range) && !rangeReversed(event.range),
  },
  actions: {
    setRange: assign(({ event }) => ({ range: event.range, details: null, error: null })),
    showDetails: assign((_, details: DebugDetails) => ({ details, error: null })),
    sayFailed: assign({ error: DEBUG_FAILED_MESSAGE }),
    toDashboard: enqueueActions(({ enqueue, system }) => {
      const router = system.get('router') as AnyActorRef | undefined;
      if (router) enqueue.sendTo(router, { type: 'route.go', to: '/dashboard', replace: true } satisfies RouteGoEvent);
    }),
  },
}).createMachine({
  id: 'debugDetails',
  context: ({ input }) => ({ merchantId: input.merchantId, allowed: input.allowed, range: previousMonth(input.today), details: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'refused', target: 'refused' }, { target: 'loading' }],
    },
    /** Nothing loads; the dashboard instead. */
    refused: { entry: 'toDashboard', on: { 'debug.rangeChanged': {} } },
    loading: {
      invoke: {
        id: 'loadDetails',
        src: 'loadDetails',
        input: ({ context }) => ({ merchantId: context.merchantId, range: context.range }),
        onDone: { target: 'loaded', actions: { type: 'showDetails', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'sayFailed' },
      },
    },
    loaded: {},
    failed: {},
  },
  // A new range reloads (re-entering aborts the call in flight); a range over a year is ignored.
  on: {
    'debug.rangeChanged': { guard: 'rangeAccepted', target: '.loading', reenter: true, actions: 'setRange' },
  },
});
