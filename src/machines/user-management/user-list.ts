import { assign, enqueueActions, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { UserRow } from '../../model/account.ts';
import { matchesUserSearch } from '../../model/user-permissions.ts';
import { ApiError } from '../../services/api-client.ts';
import { userManagementService } from '../../services/user-management-service.ts';
import { editUserMachine } from './edit-user.ts';
import { inviteUserMachine } from './invite-user.ts';
import { pendingUsersMachine } from './pending-users.ts';

/**
 * The users table of /user-management (accounts spec §2.4): loading, loaded (filtered by the
 * search box on name or email), noDistributor (the server has no active house for the caller:
 * 'Select Distributor to Display Users') or failed (with Retry). An invite, edit or
 * deactivation asks for the list again: the Invite User modal, the Edit User drawer and (for
 * those who approve sign-ups) the Pending section are its children (ids `invite`, `edit`,
 * `pending`), which tell it so.
 */
export interface UserListInput {
  /** Where an invitation's link points (this site). */
  siteUrl: string;
  /** Whether the caller approves sign-ups (accounts spec §2.4): only then the Pending section loads. */
  approves: boolean;
}

export interface UserListContext extends UserListInput {
  users: UserRow[];
  search: string;
}

export type UserListEvent =
  | { type: 'users.searchChanged'; value: string }
  | { type: 'users.reload' }
  | { type: 'users.retry' };

/** The rows the table shows. */
export const visibleUsers = (c: UserListContext): UserRow[] => c.users.filter((u) => matchesUserSearch(u, c.search));

export const userListMachine = setup({
  types: {
    context: {} as UserListContext,
    events: {} as UserListEvent,
    input: {} as UserListInput,
    children: {} as { invite: 'invite'; edit: 'edit'; pending: 'pending' },
  },
  actors: {
    loadUsers: fromObservableWithOutput<UserRow[]>(() => userManagementService.users()),
    invite: inviteUserMachine,
    edit: editUserMachine,
    pending: pendingUsersMachine,
  },
  guards: {
    noDistributor: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 403,
  },
  actions: {
    // Only those who approve sign-ups get the Pending section.
    spawnPending: enqueueActions(({ enqueue, context }) => {
      if (context.approves) enqueue.spawnChild('pending', { id: 'pending' });
    }),
    setSearch: assign(({ event }) => (event.type === 'users.searchChanged' ? { search: event.value } : {})),
    showUsers: assign((_, users: UserRow[]) => ({ users })),
    clearUsers: assign({ users: [] }),
  },
}).createMachine({
  id: 'userList',
  context: ({ input }) => ({ ...input, users: [], search: '' }),
  invoke: [
    { id: 'invite', src: 'invite', input: ({ context }) => ({ siteUrl: context.siteUrl }) },
    { id: 'edit', src: 'edit' },
  ],
  entry: 'spawnPending',
  initial: 'loading',
  on: {
    'users.searchChanged': { actions: 'setSearch' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        onDone: { target: 'loaded', actions: { type: 'showUsers', params: ({ event }) => event.output } },
        onError: [
          { target: 'noDistributor', guard: { type: 'noDistributor', params: ({ event }) => ({ error: event.error }) }, actions: 'clearUsers' },
          { target: 'failed', actions: 'clearUsers' },
        ],
      },
      // A reload while loading starts over, so the newest change is what shows.
      on: { 'users.reload': { target: 'loading', reenter: true } },
    },
    loaded: { on: { 'users.reload': 'loading' } },
    noDistributor: { on: { 'users.reload': 'loading' } },
    failed: { on: { 'users.retry': 'loading', 'users.reload': 'loading' } },
  },
});
