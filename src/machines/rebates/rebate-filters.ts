import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { RebateFilters } from '../../model/rebates.ts';
import { rebatesService } from '../../services/rebates-service.ts';

/**
 * The filter choices of the rebate list (manufacturers, categories), loaded once: loading
 * (the Filters button spins), loaded, or failed ('Couldn't load filters, try refreshing'). It ends
 * with the choices (null when they could not load), which the rebates page takes for its panel.
 */
export const rebateFiltersMachine = setup({
  types: {
    context: {} as { filters: RebateFilters | null },
    output: {} as RebateFilters | null,
  },
  actors: {
    loadFilters: fromObservableWithOutput<RebateFilters>(() => rebatesService.filters()),
  },
  actions: {
    keepFilters: assign((_, filters: RebateFilters) => ({ filters })),
  },
}).createMachine({
  id: 'rebateFilters',
  context: { filters: null },
  output: ({ context }) => context.filters,
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFilters',
        src: 'loadFilters',
        onDone: { target: 'loaded', actions: { type: 'keepFilters', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    loaded: { type: 'final' },
    failed: { type: 'final' },
  },
});
