import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { RebateFilters } from '../../model/rebates.ts';
import { rebatesService } from '../../services/rebates-service.ts';

/**
 * The filter choices of the rebate list (manufacturers, categories), loaded once: loading
 * (the Filters button spins), loaded, or failed ('Couldn't load filters, try refreshing').
 */
export const rebateFiltersMachine = setup({
  types: {
    context: {} as { filters: RebateFilters | null },
  },
  actors: {
    loadFilters: fromObservableWithOutput<RebateFilters>(() => rebatesService.filters()),
  },
}).createMachine({
  id: 'rebateFilters',
  context: { filters: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFilters',
        src: 'loadFilters',
        onDone: { target: 'loaded', actions: assign({ filters: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: { type: 'final' },
    failed: { type: 'final' },
  },
});
