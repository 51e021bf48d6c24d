import { assign, setup } from 'xstate';
import { fromCall } from '../from-call.ts';
import type { UserRow } from '../../model/account.ts';
import { matchesUserSearch } from '../../model/user-permissions.ts';
import { ApiError } from '../../services/api-client.ts';
import { userManagementService } from '../../services/user-management-service.ts';

/**
 * The users table of /user-management (accounts spec §2.4): loading, loaded (filtered by the
 * search box on name or email), noDistributor (the server has no active house for the caller:
 * 'Select Distributor to Display Users') or failed (with Retry). An invite, edit or
 * deactivation asks for the list again.
 */
export interface UserListContext {
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
  types: { context: {} as UserListContext, events: {} as UserListEvent },
  actors: {
    loadUsers: fromCall<UserRow[]>(() => userManagementService.users()),
  },
  guards: {
    noDistributor: ({ event }) => {
      const { error } = event as unknown as { error: unknown };
      return error instanceof ApiError && error.status === 403;
    },
  },
}).createMachine({
  id: 'userList',
  context: { users: [], search: '' },
  initial: 'loading',
  on: {
    'users.searchChanged': { actions: assign({ search: ({ event }) => event.value }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        onDone: { target: 'loaded', actions: assign({ users: ({ event }) => event.output }) },
        onError: [
          { target: 'noDistributor', guard: 'noDistributor', actions: assign({ users: [] }) },
          { target: 'failed', actions: assign({ users: [] }) },
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
