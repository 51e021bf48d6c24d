import { selectImportView } from './selectors.ts';
import type { RegisteredMachine } from '../registered-machine.ts';
import { seenState } from '../seen-state.ts';
import { purchaseImportEvents } from './import-samples.ts';
import { purchaseImportMachine, type PurchaseImportContext } from './purchase-import.ts';

/** The admin panel's purchase import (docs/import.md), joined into MACHINES by registry.ts. */
export const ADMIN_IMPORT_MACHINES: readonly RegisteredMachine[] = [
  {
    name: 'purchase-import',
    description: 'Import purchase data (admin panel): a CSV sent with progress, the server’s import job followed until its summary, rejected rows downloaded.',
    machine: purchaseImportMachine,
    views: { importView: selectImportView },
    events: purchaseImportEvents,
    variants: [{ label: 'an internal admin', input: () => ({}) }],
    // What the admin sees: the state, the job shown and its status, whether a message shows.
    serializeState: seenState<PurchaseImportContext>((c) => [c.current?.status ?? null, c.error !== null, c.jobs.length]),
    labels: {
      'xstate.done.actor.loadJobs': 'The recent imports arrive',
      'xstate.error.actor.loadJobs': 'Loading the imports fails',
      'import.fileChosen': 'Choose a file and press Import',
      'import.uploadProgress': 'Part of the file is sent',
      'import.uploaded': 'The server has the file and queues its import',
      'xstate.error.actor.upload': 'Sending the file fails',
      'import.progress': 'The import reports its progress',
      'xstate.done.actor.follow': 'The import has finished',
      'xstate.error.actor.follow': 'Following the import fails',
      'import.rejectsRequested': 'Press Download rejected rows',
      'xstate.done.actor.downloadRejects': 'The rejected rows arrive (the browser saves them)',
      'xstate.error.actor.downloadRejects': 'Downloading the rejected rows fails',
      'import.dismissed': 'Close the message',
    },
    checks: {
      loading: 'A loader where the recent imports go',
      idle: 'The file picker and Import; the recent imports with their status; a message when something was refused or failed',
      uploading: 'A progress bar with the percentage sent',
      following: "The file's rows read, rejects and stage, growing about once a second",
      downloadingRejects: 'The Download button of that import spins',
    },
  },
];
