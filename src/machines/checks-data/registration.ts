import { selectChecksDataView } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { checksDataMachine, type ChecksDataContext } from './checks-data.ts';
import { checksDataEvents } from './checks-data-samples.ts';

export const CHECKS_DATA_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'checks-data',
    description: 'Business Panel, Checks Data (internal admins): an .xlsx/.xls read in the browser, its first sheet’s rows sent, the PDF saved.',
    machine: checksDataMachine,
    views: { checksData: selectChecksDataView },
    events: checksDataEvents,
    variants: [{ label: 'an internal admin on /business-panel' }],
    serializeState: seenState<ChecksDataContext>((c) => [c.type, c.error, c.saved !== null]),
    labels: {
      'checksData.toggled': 'Press Checks Data',
      'checksData.fileChosen': 'Choose a file under Checks, Checks Details or Both',
      'xstate.done.actor.readSheet': 'The file’s first sheet is read',
      'xstate.error.actor.readSheet': 'The file cannot be read',
      'xstate.done.actor.convert': 'The PDF arrives and is saved',
      'xstate.error.actor.convert': 'The server refuses the rows (it names them) or fails',
    },
    checks: {
      closed: 'Only the Checks Data button',
      choosing: "Checks, Checks Details and Both, each taking .xlsx or .xls; 'Failed to read file.', 'Failed to convert Xl file.' with the bad rows, or the saved PDF's name",
      reading: 'A loader: reading the file',
      converting: 'A loader: making the PDF',
    },
  },
];
