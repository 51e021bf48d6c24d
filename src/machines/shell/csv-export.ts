import { EMPTY } from 'rxjs';
import { fromObservable, setup, spawnChild, type AnyActorRef } from 'xstate';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { saveCsv } from '../../services/save-file.ts';

/** The rows are built on the press, so nothing is computed for a view that is never exported. */
export type CsvExportEvent =
  | { type: 'csv.requested'; build: () => CsvExport }
  /** What a machine shows, exported: `select` (its selectors.ts) reads the snapshot of `from` here, not in a view. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each selector takes its own machine's snapshot
  | { type: 'csv.requested'; from: AnyActorRef; select: (snapshot: any) => CsvExport | null };

/** An Export button (internal admins, analytics spec §6): each press saves the CSV its view builds. */
export const csvExportMachine = setup({
  types: { events: {} as CsvExportEvent },
  actors: { saveCsv: fromObservable<void, CsvExport | null>(({ input }) => (input ? saveCsv(input) : EMPTY)) },
  actions: {
    /** Each press its own save: a slow one does not hold back the next. */
    save: spawnChild('saveCsv', { input: ({ event }) => ('build' in event ? event.build() : event.select(event.from.getSnapshot())) }),
  },
}).createMachine({
  id: 'csvExport',
  initial: 'ready',
  states: {
    ready: { on: { 'csv.requested': { actions: 'save' } } },
  },
});
