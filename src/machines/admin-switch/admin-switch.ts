import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { ImpersonationReason, REASON_HINT } from '../../model/impersonation.ts';
import type { LoginResponse } from '../../model/auth.ts';
import type { House } from '../../model/distributor.ts';
import type { HouseUser } from '../../model/house-users.ts';
import { FALLBACK_MESSAGE } from '../../services/api-client.ts';
import { houseUsersService } from '../../services/house-users-service.ts';
import { sendToAuth } from '../shell/system-actors.ts';

/**
 * The admin user-picker on /admin-login (accounts spec §2.3): an internal admin picks a
 * distributor, then one of its users, and logs in as that user (POST /auth/session).
 */

export const HOUSES_FAILED_MESSAGE = "We couldn't load the distributors. Please try again.";
export const USERS_FAILED_MESSAGE = "We couldn't load the users of this distributor. Please pick it again.";

export interface AdminSwitchContext {
  houses: House[];
  houseId: number | null;
  users: HouseUser[];
  userId: number | null;
  /** Why the admin logs in as the user: required, kept in the audit log (docs/admin-tools.md). */
  reason: string;
  /** What went wrong, said on the page; cleared by the next choice. */
  error: string | null;
}

export type AdminSwitchEvent =
  | { type: 'adminSwitch.houseChosen'; houseId: number }
  | { type: 'adminSwitch.userChosen'; userId: number | null }
  | { type: 'adminSwitch.reasonChanged'; reason: string }
  | { type: 'adminSwitch.submitted' }
  | { type: 'adminSwitch.retried' };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE);

export const adminSwitchMachine = setup({
  types: { context: {} as AdminSwitchContext, events: {} as AdminSwitchEvent },
  actors: {
    loadHouses: fromObservableWithOutput<House[]>(() => houseUsersService.allDistributors()),
    loadUsers: fromObservableWithOutput<HouseUser[], { platformId: string }>((input) => houseUsersService.usersOfChild(input.platformId)),
    switchSession: fromObservableWithOutput<LoginResponse, { id: number; reason: string }>((input) => houseUsersService.switchSession(input.id, input.reason)),
  },
  guards: {
    knownHouse: ({ context, event }) => event.type === 'adminSwitch.houseChosen' && context.houses.some((h) => h.id === event.houseId),
    knownUser: ({ context, event }) =>
      event.type === 'adminSwitch.userChosen' && (event.userId === null || context.users.some((u) => u.id === event.userId)),
    userChosen: ({ context }) => context.userId !== null,
    readyToSwitch: ({ context }) => context.userId !== null && ImpersonationReason.is(context.reason.trim()),
  },
  actions: {
    chooseHouse: assign(({ event }) =>
      event.type === 'adminSwitch.houseChosen' ? { houseId: event.houseId, users: [], userId: null, error: null } : {},
    ),
    setReason: assign(({ event }) => (event.type === 'adminSwitch.reasonChanged' ? { reason: event.reason } : {})),
    chooseUser: assign(({ event }) => (event.type === 'adminSwitch.userChosen' ? { userId: event.userId, error: null } : {})),
    keepHouses: assign((_, houses: House[]) => ({ houses, error: null })),
    housesFailed: assign({ error: HOUSES_FAILED_MESSAGE }),
    keepUsers: assign((_, users: HouseUser[]) => ({ users })),
    usersFailed: assign({ error: USERS_FAILED_MESSAGE }),
    askForReason: assign({ error: REASON_HINT }),
    switchFailed: assign((_, { error }: { error: unknown }) => ({ error: messageOf(error) })),
    /** The page hands the new session to the auth-routing machine; a no-op by default. */
    switchedIn: sendToAuth((params: { response: LoginResponse }) => ({ type: 'auth.switchedIn', response: params.response }))(),
  },
}).createMachine({
  id: 'adminSwitch',
  context: { houses: [], houseId: null, users: [], userId: null, reason: '', error: null },
  initial: 'loadingHouses',
  states: {
    loadingHouses: {
      invoke: {
        id: 'loadHouses',
        src: 'loadHouses',
        onDone: { target: 'pickingHouse', actions: { type: 'keepHouses', params: ({ event }) => event.output } },
        onError: { target: 'housesFailed', actions: 'housesFailed' },
      },
    },
    housesFailed: {
      on: { 'adminSwitch.retried': 'loadingHouses' },
    },
    pickingHouse: {
      on: { 'adminSwitch.houseChosen': { guard: 'knownHouse', target: 'loadingUsers', actions: 'chooseHouse' } },
    },
    loadingUsers: {
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        input: ({ context }) => ({ platformId: context.houses.find((h) => h.id === context.houseId)!.platform_id }),
        onDone: { target: 'pickingUser', actions: { type: 'keepUsers', params: ({ event }) => event.output } },
        onError: { target: 'pickingHouse', actions: 'usersFailed' },
      },
      // Another house: re-entering aborts the list of the previous one.
      on: { 'adminSwitch.houseChosen': { guard: 'knownHouse', target: 'loadingUsers', reenter: true, actions: 'chooseHouse' } },
    },
    pickingUser: {
      on: {
        'adminSwitch.houseChosen': { guard: 'knownHouse', target: 'loadingUsers', actions: 'chooseHouse' },
        'adminSwitch.userChosen': { guard: 'knownUser', actions: 'chooseUser' },
        'adminSwitch.reasonChanged': { actions: 'setReason' },
        'adminSwitch.submitted': [
          { guard: 'readyToSwitch', target: 'switching' },
          { guard: 'userChosen', actions: 'askForReason' },
        ],
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        id: 'switchSession',
        src: 'switchSession',
        input: ({ context }) => ({ id: context.userId!, reason: context.reason.trim() }),
        onDone: { target: 'switched', actions: { type: 'switchedIn', params: ({ event }) => ({ response: event.output }) } },
        // The server says why (deactivated, not activated, no channel partner): the admin picks again.
        onError: { target: 'pickingUser', actions: { type: 'switchFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The app routes into the distributor's dashboard from here. */
    switched: { tags: ['busy'] },
  },
});
