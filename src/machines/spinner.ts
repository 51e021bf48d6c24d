import { assign, setup } from 'xstate';

/** The spinner counter of spec §4: +1 on start, -1 on end, never below 0, visible above zero. */
export type SpinnerEvent = { type: 'spinner.start' } | { type: 'spinner.stop' };

export const spinnerMachine = setup({
  types: { context: {} as { count: number }, events: {} as SpinnerEvent },
  guards: {
    lastOne: ({ context }) => context.count <= 1,
  },
  actions: {
    increment: assign({ count: ({ context }) => context.count + 1 }),
    decrement: assign({ count: ({ context }) => Math.max(0, context.count - 1) }),
  },
}).createMachine({
  id: 'spinner',
  context: { count: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'spinner.start': { target: 'visible', actions: 'increment' } },
    },
    visible: {
      on: {
        'spinner.start': { actions: 'increment' },
        'spinner.stop': [{ guard: 'lastOne', target: 'hidden', actions: 'decrement' }, { actions: 'decrement' }],
      },
    },
  },
});
