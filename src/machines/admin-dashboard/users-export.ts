import { assign, enqueueActions, fromObservable, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { USERS_LOAD_FAILED, usersExport, type AdminUserRow } from '../../model/admin.ts';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { adminService } from '../../services/admin-service.ts';
import { saveCsv } from '../../services/save-file.ts';

/**
 * Export Users (accounts spec §2.11, §3): a 'Pick a Distributor' modal offering the parent's
 * houses and 'All Houses For Family'; Export loads those users and saves UsersExport.csv.
 */
export const FAMILY = 'family';
export type ExportChoice = typeof FAMILY | number;

export interface UsersExportContext {
  parentId: number | null;
  choice: ExportChoice | null;
  error: string | null;
}

export type UsersExportEvent =
  | { type: 'export.opened'; parentId: number }
  | { type: 'export.chosen'; choice: ExportChoice }
  | { type: 'export.submitted' }
  | { type: 'export.closed' };

export const usersExportMachine = setup({
  types: { context: {} as UsersExportContext, events: {} as UsersExportEvent },
  actors: {
    loadUsers: fromObservableWithOutput<AdminUserRow[], { parentId: number; choice: ExportChoice }>(({ parentId, choice }) =>
      choice === FAMILY ? adminService.users(parentId, true) : adminService.users(choice)),
    saveCsv: fromObservable<void, CsvExport>(({ input }) => saveCsv(input)),
  },
  guards: { chosen: ({ context }) => context.choice !== null },
  actions: {
    /** Saves the rows as UsersExport.csv. */
    open: assign((_, parentId: number) => ({ parentId, choice: null, error: null })),
    choose: assign((_, choice: ExportChoice) => ({ choice, error: null })),
    loadFailed: assign({ error: USERS_LOAD_FAILED }),
    download: enqueueActions(({ enqueue }, { users }: { users: AdminUserRow[] }) => enqueue.spawnChild('saveCsv', { input: usersExport(users) })),
  },
}).createMachine({
  id: 'usersExport',
  context: { parentId: null, choice: null, error: null },
  initial: 'closed',
  states: {
    closed: { on: { 'export.opened': { target: 'picking', actions: { type: 'open', params: ({ event }) => event.parentId } } } },
    picking: {
      on: {
        'export.chosen': { actions: { type: 'choose', params: ({ event }) => event.choice } },
        'export.submitted': { guard: 'chosen', target: 'loading' },
        'export.closed': 'closed',
      },
    },
    loading: {
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        input: ({ context }) => ({ parentId: context.parentId!, choice: context.choice! }),
        onDone: { target: 'closed', actions: { type: 'download', params: ({ event }) => ({ users: event.output }) } },
        onError: { target: 'picking', actions: 'loadFailed' },
      },
      on: { 'export.closed': 'closed' },
    },
  },
});
