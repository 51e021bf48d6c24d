import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { DateRange } from '../../model/date-range.ts';
import type { IntelGroup } from '../../model/intel.ts';
import { intelService } from '../../services/intel-service.ts';

/**
 * The items of one merchant's detail page (/intel/detail/{id}/…). The list's batches carry each
 * seller's volume only, so the page asks for this merchant's items when it opens; a new range or
 * merchant is a new page and a new machine.
 */

export const ITEMS_FAILED_MESSAGE = 'Failed to load, Try Refreshing.';

export interface IntelItemsInput {
  merchant: { id: number; merchant: string };
  range: DateRange;
}

export interface IntelItemsContext extends IntelItemsInput {
  groups: IntelGroup[] | null;
}

export type IntelItemsEvent = { type: 'items.retry' };

export const intelItemsMachine = setup({
  types: { context: {} as IntelItemsContext, events: {} as IntelItemsEvent, input: {} as IntelItemsInput },
  actors: {
    loadItems: fromObservableWithOutput<IntelGroup[], IntelItemsInput>((input) => intelService.merchantItems(input.range, input.merchant)),
  },
  actions: {
    showGroups: assign((_, groups: IntelGroup[]) => ({ groups })),
  },
}).createMachine({
  id: 'intelItems',
  context: ({ input }) => ({ ...input, groups: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadItems',
        src: 'loadItems',
        input: ({ context }) => ({ merchant: context.merchant, range: context.range }),
        onDone: { target: 'loaded', actions: { type: 'showGroups', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { on: { 'items.retry': 'loading' } },
  },
});
