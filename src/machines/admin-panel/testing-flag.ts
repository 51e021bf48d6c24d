import { assign, setup } from 'xstate';
import { browserStore } from '../../services/storage.ts';

/** Enable/Disable Testing (accounts spec §2.9): a flag kept in the stored admin data. */
export const testingFlagMachine = setup({
  types: { context: {} as { on: boolean }, events: {} as { type: 'testing.toggled' } },
  actions: {
    toggle: assign(({ context }) => ({ on: !context.on })),
    /** Keeps the flag in the browser's stored admin data (replaced in tests). */
    store: (_, _params: { on: boolean }) => {},
  },
}).createMachine({
  id: 'testingFlag',
  context: () => ({ on: browserStore.getTestingEnabled() }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'testing.toggled': {
          actions: ['toggle', { type: 'store', params: ({ context }) => ({ on: context.on }) }],
        },
      },
    },
  },
});

export const storedTestingFlagMachine = testingFlagMachine.provide({ actions: { store: (_, { on }) => browserStore.setTestingEnabled(on) } });
