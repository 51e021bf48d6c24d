import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { DateRange } from '../../model/date-range.ts';
import type { WinBackList, WinBackPayload } from '../../model/insights.ts';
import { insightsService } from '../../services/insights-service.ts';
import { followSectionRange, type RangeSource } from './section-range.ts';

/** The win-back list (docs/insights.md): one merchant's (merchantId) or the whole visible house's. */

export interface WinBackInput {
  merchantId: number | null;
  range: DateRange;
  /** The section whose range the list follows. */
  section?: RangeSource;
}

export interface WinBackContext {
  merchantId: number | null;
  range: DateRange;
  section: RangeSource | undefined;
  list: WinBackList | null;
}

export type WinBackEvent = { type: 'winback.rangeChanged'; range: DateRange } | { type: 'winback.retry' };

const payload = (c: WinBackContext): WinBackPayload => ({ ...c.range, ...(c.merchantId === null ? {} : { merchantId: c.merchantId }) });

export const winBackMachine = setup({
  types: { context: {} as WinBackContext, events: {} as WinBackEvent, input: {} as WinBackInput },
  actors: {
    followRange: followSectionRange('winback.rangeChanged'),
    loadWinBack: fromObservableWithOutput<WinBackList, WinBackPayload>((input) => insightsService.winBack(input)),
  },
  guards: {
    otherRange: ({ context, event }) =>
      event.type === 'winback.rangeChanged' && (event.range.startDate !== context.range.startDate || event.range.endDate !== context.range.endDate),
  },
  actions: {
    setRange: assign(({ event }) => (event.type === 'winback.rangeChanged' ? { range: event.range, list: null } : {})),
    showList: assign((_, list: WinBackList) => ({ list })),
  },
}).createMachine({
  id: 'winBack',
  context: ({ input }) => ({ merchantId: input.merchantId, range: input.range, section: input.section, list: null }),
  invoke: { id: 'followRange', src: 'followRange', input: ({ context }) => ({ section: context.section }) },
  initial: 'loading',
  on: {
    // Re-entering aborts a call in flight.
    'winback.rangeChanged': { guard: 'otherRange', target: '.loading', reenter: true, actions: 'setRange' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadWinBack',
        src: 'loadWinBack',
        input: ({ context }) => payload(context),
        onDone: { target: 'loaded', actions: { type: 'showList', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { on: { 'winback.retry': 'loading' } },
  },
});
