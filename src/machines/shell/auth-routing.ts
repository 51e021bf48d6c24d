import { map, of } from 'rxjs';
import { assign, fromEventObservable, setup, type SnapshotFrom } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import { NO_CHANNEL_PARTNER_MESSAGE, type AppStatus, type LoginResponse } from '../../model/auth.ts';
import { decideRoute, enteredByAdmin, isInternalAdmin, keepsAdminData, type AccessMode, type RouteDecision } from '../../model/route-access.ts';
import type { SessionUser } from '../../model/session-user.ts';
import { apiClient, authService } from '../../services/auth-service.ts';
import { houseUsersService } from '../../services/house-users-service.ts';
import type { AuthRoutingEvent } from './auth-events.ts';
import { sendToSession } from './system-actors.ts';
import type { SessionStore } from '../../services/storage.ts';

/**
 * Who is using the app and therefore which routes exist (accounts spec §2.1).
 * The top-level state names are the AccessMode values of src/model/route-access.ts.
 */

export interface AuthRoutingInput {
  store: SessionStore;
}

export interface AuthRoutingContext {
  store: SessionStore;
  authKey: string | null;
  user: SessionUser | null;
  /** The stored admin data (`adminUserData`): the internal admin, also while they act as a distributor user. */
  adminUser: SessionUser | null;
  logoutNotice: string | null;
}

export type { AuthRoutingEvent } from './auth-events.ts';

const hasSession = (c: AuthRoutingContext): c is AuthRoutingContext & { user: SessionUser; authKey: string } =>
  c.user !== null && c.authKey !== null;

export const authRoutingMachine = setup({
  types: {
    context: {} as AuthRoutingContext,
    events: {} as AuthRoutingEvent,
    input: {} as AuthRoutingInput,
  },
  actors: {
    // Spec §4: a 401 on any call sends the user to /logout.
    unauthorizedCalls: fromEventObservable(() => apiClient.unauthorized$.pipe(map((): AuthRoutingEvent => ({ type: 'auth.unauthorized' })))),
    loadStatus: fromObservableWithOutput<AppStatus>(() => authService.status()),
    // Best effort: the user is logged out locally whatever the server says.
    serverLogout: fromObservableWithOutput<void, { authKey: string | null }>((input) =>
      input.authKey ? authService.logout(input.authKey) : of(undefined),
    ),
    switchSession: fromObservableWithOutput<LoginResponse, { id: number }>((input) => houseUsersService.switchSession(input.id)),
  },
  guards: {
    inMaintenance: (_, params: { status: AppStatus }) => params.status.maintenance,
    storedEnteredByAdmin: ({ context }) => hasSession(context) && enteredByAdmin(context.user, context.adminUser),
    storedInternalAdmin: ({ context }) => hasSession(context) && isInternalAdmin(context.user, context.adminUser !== null),
    enteredByAdmin: ({ context }) => hasSession(context) && enteredByAdmin(context.user, context.adminUser),
    storedWithoutPartner: ({ context }) => hasSession(context) && context.user.channelPartner === null,
    storedSession: ({ context }) => hasSession(context),
    loginIsInternalAdmin: ({ event }) => event.type === 'auth.loggedIn' && isInternalAdmin(event.response.user, false),
    loginWithoutPartner: ({ event }) => event.type === 'auth.loggedIn' && event.response.user.channelPartner === null,
  },
  actions: {
    rememberLogin: assign(({ event }) =>
      event.type === 'auth.loggedIn'
        ? {
            authKey: event.response.authKey,
            user: event.response.user,
            adminUser: keepsAdminData(event.response.user) ? event.response.user : null,
            logoutNotice: null,
          }
        : {},
    ),
    persistSession: ({ context }) => {
      if (!hasSession(context)) return;
      context.store.setAuthKey(context.authKey);
      context.store.setUser(context.user);
      if (context.adminUser) context.store.setAdminUser(context.adminUser);
    },
    /** The admin now acts as the user; the admin data stays (or is kept now) for the way back. */
    rememberSwitch: assign(({ context, event }) =>
      event.type === 'auth.switchedIn'
        ? { authKey: event.response.authKey, user: event.response.user, adminUser: context.adminUser ?? context.user }
        : {},
    ),
    rememberAdmin: assign((_, params: { response: LoginResponse }) => ({
      authKey: params.response.authKey,
      user: params.response.user,
      adminUser: params.response.user,
    })),
    /** Whose view was shown, the last pages and the months fetched belong to the session that ends. */
    forgetSessionMemory: sendToSession(() => ({ type: 'session.forgotten' }))(),
    applyHouse: assign(({ context, event }) =>
      event.type === 'auth.houseChanged' && context.user
        ? { user: { ...context.user, channelPartner: event.channelPartner, activeDistributor: event.activeDistributor } }
        : {},
    ),
    noteNoChannelPartner: assign({ logoutNotice: NO_CHANNEL_PARTNER_MESSAGE }),
    clearStorage: ({ context }) => context.store.clearAll(),
    forgetSession: assign({ authKey: null, user: null, adminUser: null }),
  },
}).createMachine({
  id: 'authRouting',
  context: ({ input }) => {
    // Logged in means an auth key and user data both exist at start (spec §2.1).
    const adminUser = input.store.getAdminUser();
    return {
      store: input.store,
      authKey: input.store.getAuthKey(),
      user: input.store.getUser() ?? adminUser,
      adminUser,
      logoutNotice: null,
    };
  },
  invoke: { id: 'unauthorizedCalls', src: 'unauthorizedCalls' },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: { type: 'inMaintenance', params: ({ event }) => ({ status: event.output }) }, target: 'maintenance' },
          { guard: 'storedEnteredByAdmin', target: 'distributor' },
          { guard: 'storedInternalAdmin', target: 'internalAdmin' },
          { guard: 'storedWithoutPartner', target: 'loggingOut', actions: 'noteNoChannelPartner' },
          { guard: 'storedSession', target: 'distributor' },
          { target: 'loggedOut' },
        ],
        // Status unknown: carry on as if not in maintenance, so the portal stays usable.
        onError: [
          { guard: 'storedEnteredByAdmin', target: 'distributor' },
          { guard: 'storedInternalAdmin', target: 'internalAdmin' },
          { guard: 'storedWithoutPartner', target: 'loggingOut', actions: 'noteNoChannelPartner' },
          { guard: 'storedSession', target: 'distributor' },
          { target: 'loggedOut' },
        ],
      },
    },
    maintenance: {},
    loggedOut: {
      on: {
        'auth.loggedIn': [
          // Internal admins switch into distributors later, so they need no channel partner.
          { guard: 'loginIsInternalAdmin', target: 'internalAdmin', actions: ['rememberLogin', 'persistSession'] },
          // Remember the key only so the server session can be revoked; nothing is stored.
          { guard: 'loginWithoutPartner', target: 'loggingOut', actions: ['rememberLogin', 'noteNoChannelPartner'] },
          { target: 'distributor', actions: ['rememberLogin', 'persistSession'] },
        ],
      },
    },
    internalAdmin: {
      on: {
        'auth.logout': 'loggingOut',
        'auth.unauthorized': 'loggingOut',
        'auth.switchedIn': { target: 'distributor', actions: ['rememberSwitch', 'forgetSessionMemory', 'persistSession'] },
      },
    },
    distributor: {
      on: {
        'auth.logout': 'loggingOut',
        'auth.unauthorized': 'loggingOut',
        'auth.houseChanged': { actions: ['applyHouse', 'persistSession'] },
        'auth.switchBack': { guard: 'enteredByAdmin', target: 'switchingBack' },
      },
    },
    /** Spec §4 Switch User: back to the admin's own session (it clears cached data), then /admin-login. */
    switchingBack: {
      entry: 'forgetSessionMemory',
      invoke: {
        id: 'switchSession',
        src: 'switchSession',
        input: ({ context }) => ({ id: context.adminUser!.id }),
        onDone: {
          target: 'internalAdmin',
          actions: [{ type: 'rememberAdmin', params: ({ event }) => ({ response: event.output }) }, 'persistSession'],
        },
        // Neither session can be trusted any more: log out rather than stay as the user.
        onError: 'loggingOut',
      },
    },
    loggingOut: {
      entry: ['clearStorage', 'forgetSessionMemory'],
      invoke: {
        id: 'serverLogout',
        src: 'serverLogout',
        input: ({ context }) => ({ authKey: context.authKey }),
        onDone: { target: 'loggedOut', actions: 'forgetSession' },
        onError: { target: 'loggedOut', actions: 'forgetSession' },
      },
    },
  },
});

/** What the route gate does at `pathname`: wait for the session, show the page, or redirect (spec §2.1). */
export const routeDecision = (s: SnapshotFrom<typeof authRoutingMachine>, pathname: string): RouteDecision =>
  decideRoute(s.value as AccessMode, pathname, { user: s.context.user, logoutNotice: s.context.logoutNotice });
