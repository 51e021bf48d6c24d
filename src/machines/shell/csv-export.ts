import { fromObservable, setup, spawnChild } from 'xstate';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { saveCsv } from '../../services/save-file.ts';

export type CsvExportEvent = {
  type: 'csv.requested';
  /** Builds the rows on the press, so nothing is computed for a view that is never exported. */
  build: () => CsvExport;
};

/** An Export button (internal admins, analytics spec §6): each press saves the CSV its view builds. */
export const csvExportMachine = setup({
  types: { events: {} as CsvExportEvent },
  actors: { saveCsv: fromObservable<void, CsvExport>(({ input }) => saveCsv(input)) },
  actions: {
    /** Each press its own save: a slow one does not hold back the next. */
    save: spawnChild('saveCsv', { input: ({ event }) => event.build() }),
  },
}).createMachine({
  id: 'csvExport',
  initial: 'ready',
  states: {
    ready: { on: { 'csv.requested': { actions: 'save' } } },
  },
});
