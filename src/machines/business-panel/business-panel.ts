import { setup } from 'xstate';
import { checksDataMachine } from '../checks-data/checks-data.ts';
import { salesRepsMachine } from './sales-reps.ts';

/** The /business-panel page (accounts spec §2.10): its Checks Data (`checksData`) and Sales Reps (`salesReps`) sections. */
export const businessPanelPageMachine = setup({
  types: { children: {} as { checksData: 'checksData'; salesReps: 'salesReps' } },
  actors: { checksData: checksDataMachine, salesReps: salesRepsMachine },
}).createMachine({
  id: 'businessPanelPage',
  invoke: [
    { id: 'checksData', src: 'checksData' },
    { id: 'salesReps', src: 'salesReps' },
  ],
});
