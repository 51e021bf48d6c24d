import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { DISTRIBUTORS_LOAD_FAILED, USERS_LOAD_FAILED, type AdminHouse, type AdminUserRow } from '../../model/admin.ts';
import { adminService } from '../../services/admin-service.ts';
import { adminInviteMachine } from './admin-invite.ts';
import { adminUserEditMachine } from './admin-user-edit.ts';
import { loginAsMachine } from './login-as.ts';
import { usersExportMachine } from './users-export.ts';

/**
 * The admin dashboard's distributor picker and users table (accounts spec §2.11): a parent first
 * (GET /distributor/allParents), then one of its houses (/distributor/children/{id}), whose
 * users then load. Picking again aborts the call of the previous pick. Its children (ids `edit`,
 * `invite`, `exporter`, `loginAs`) are the page's panel and dialogs; a save or an invite asks
 * it for the users again.
 */
export interface AdminDashboardContext {
  /** Where an invitation's link points (this site). */
  siteUrl: string;
  parents: AdminHouse[];
  parentId: number | null;
  children: AdminHouse[];
  childId: number | null;
  users: AdminUserRow[];
  /** Typed in User search: narrows the table by name or email, whichever house is picked. */
  search: string;
  error: string | null;
}

export type AdminDashboardEvent =
  | { type: 'adminDashboard.parentChosen'; parentId: number }
  | { type: 'adminDashboard.childChosen'; childId: number }
  | { type: 'adminDashboard.reloaded' }
  | { type: 'adminDashboard.retried' }
  | { type: 'adminDashboard.searchChanged'; search: string };

const parentChosen = { 'adminDashboard.parentChosen': { target: 'loadingChildren', guard: 'knownParent', actions: 'chooseParent', reenter: true } } as const;
const childChosen = { 'adminDashboard.childChosen': { target: 'loadingUsers', guard: 'knownChild', actions: 'chooseChild', reenter: true } } as const;

export const adminDashboardMachine = setup({
  types: {
    context: {} as AdminDashboardContext,
    events: {} as AdminDashboardEvent,
    input: {} as { siteUrl: string },
    children: {} as { edit: 'edit'; invite: 'invite'; exporter: 'exporter'; loginAs: 'loginAs' },
  },
  actors: {
    edit: adminUserEditMachine,
    invite: adminInviteMachine,
    exporter: usersExportMachine,
    loginAs: loginAsMachine,
    loadParents: fromObservableWithOutput<AdminHouse[]>(() => adminService.parents()),
    loadChildren: fromObservableWithOutput<AdminHouse[], { parentId: number }>(({ parentId }) => adminService.children(parentId)),
    loadUsers: fromObservableWithOutput<AdminUserRow[], { childId: number }>(({ childId }) => adminService.users(childId)),
  },
  guards: {
    knownParent: ({ context, event }) => event.type === 'adminDashboard.parentChosen' && context.parents.some((p) => p.id === event.parentId),
    knownChild: ({ context, event }) => event.type === 'adminDashboard.childChosen' && context.children.some((c) => c.id === event.childId),
  },
  actions: {
    chooseParent: assign(({ event }) =>
      event.type === 'adminDashboard.parentChosen' ? { parentId: event.parentId, children: [], childId: null, users: [], error: null } : {}),
    chooseChild: assign(({ event }) => (event.type === 'adminDashboard.childChosen' ? { childId: event.childId, users: [], error: null } : {})),
    setSearch: assign((_, search: string) => ({ search })),
    keepParents: assign((_, parents: AdminHouse[]) => ({ parents, error: null })),
    keepChildren: assign((_, children: AdminHouse[]) => ({ children })),
    keepUsers: assign((_, users: AdminUserRow[]) => ({ users })),
    distributorsFailed: assign({ error: DISTRIBUTORS_LOAD_FAILED }),
    usersFailed: assign({ error: USERS_LOAD_FAILED }),
  },
}).createMachine({
  id: 'adminDashboard',
  context: ({ input }) => ({ siteUrl: input.siteUrl, parents: [], parentId: null, children: [], childId: null, users: [], search: '', error: null }),
  invoke: [
    { id: 'edit', src: 'edit' },
    { id: 'invite', src: 'invite', input: ({ context }) => ({ siteUrl: context.siteUrl }) },
    { id: 'exporter', src: 'exporter' },
    { id: 'loginAs', src: 'loginAs' },
  ],
  on: { 'adminDashboard.searchChanged': { actions: { type: 'setSearch', params: ({ event }) => event.search } } },
  initial: 'loadingParents',
  states: {
    loadingParents: {
      invoke: {
        id: 'loadParents',
        src: 'loadParents',
        onDone: { target: 'pickingParent', actions: { type: 'keepParents', params: ({ event }) => event.output } },
        onError: { target: 'parentsFailed', actions: 'distributorsFailed' },
      },
    },
    parentsFailed: { on: { 'adminDashboard.retried': 'loadingParents' } },
    pickingParent: { on: parentChosen },
    loadingChildren: {
      invoke: {
        id: 'loadChildren',
        src: 'loadChildren',
        input: ({ context }) => ({ parentId: context.parentId! }),
        onDone: { target: 'pickingChild', actions: { type: 'keepChildren', params: ({ event }) => event.output } },
        onError: { target: 'pickingParent', actions: 'distributorsFailed' },
      },
      on: parentChosen,
    },
    pickingChild: { on: { ...parentChosen, ...childChosen } },
    loadingUsers: {
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        input: ({ context }) => ({ childId: context.childId! }),
        onDone: { target: 'showingUsers', actions: { type: 'keepUsers', params: ({ event }) => event.output } },
        onError: { target: 'pickingChild', actions: 'usersFailed' },
      },
      on: { ...parentChosen, ...childChosen },
    },
    showingUsers: {
      on: {
        ...parentChosen,
        ...childChosen,
        // After a save, an invite or a deactivation: the table shows what the server now holds.
        'adminDashboard.reloaded': 'loadingUsers',
      },
    },
  },
});
