import { assign, fromPromise, setup } from 'xstate';
import { NO_CHANNEL_PARTNER_MESSAGE, type AppStatus, type LoginResponse } from '../model/auth.ts';
import { isInternalAdmin, keepsAdminData } from '../model/route-access.ts';
import type { ActiveDistributor, SessionUser } from '../model/session-user.ts';
import { authService } from '../services/auth-service.ts';
import type { SessionStore } from '../services/storage.ts';

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
  hasAdminData: boolean;
  logoutNotice: string | null;
}

export type AuthRoutingEvent =
  | { type: 'auth.loggedIn'; response: LoginResponse }
  | { type: 'auth.logout' }
  | { type: 'auth.unauthorized' }
  /** The server made another house active (dashboard house selector): the header and storage follow. */
  | { type: 'auth.houseChanged'; channelPartner: { distributor_id: number }; activeDistributor: ActiveDistributor };

const hasSession = (c: AuthRoutingContext): c is AuthRoutingContext & { user: SessionUser; authKey: string } =>
  c.user !== null && c.authKey !== null;

export const authRoutingMachine = setup({
  types: {
    context: {} as AuthRoutingContext,
    events: {} as AuthRoutingEvent,
    input: {} as AuthRoutingInput,
  },
  actors: {
    loadStatus: fromPromise<AppStatus>(({ signal }) => authService.status(signal)),
    // Best effort: the user is logged out locally whatever the server says.
    serverLogout: fromPromise<void, { authKey: string | null }>(({ input, signal }) =>
      input.authKey ? authService.logout(input.authKey, signal) : Promise.resolve(),
    ),
  },
  guards: {
    inMaintenance: (_, params: { status: AppStatus }) => params.status.maintenance,
    storedInternalAdmin: ({ context }) => hasSession(context) && isInternalAdmin(context.user, context.hasAdminData),
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
            hasAdminData: keepsAdminData(event.response.user),
            logoutNotice: null,
          }
        : {},
    ),
    persistSession: ({ context }) => {
      if (!hasSession(context)) return;
      context.store.setAuthKey(context.authKey);
      context.store.setUser(context.user);
      if (context.hasAdminData) context.store.setAdminUser(context.user);
    },
    applyHouse: assign(({ context, event }) =>
      event.type === 'auth.houseChanged' && context.user
        ? { user: { ...context.user, channelPartner: event.channelPartner, activeDistributor: event.activeDistributor } }
        : {},
    ),
    noteNoChannelPartner: assign({ logoutNotice: NO_CHANNEL_PARTNER_MESSAGE }),
    clearStorage: ({ context }) => context.store.clearAll(),
    forgetSession: assign({ authKey: null, user: null, hasAdminData: false }),
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
      hasAdminData: adminUser !== null,
      logoutNotice: null,
    };
  },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: { type: 'inMaintenance', params: ({ event }) => ({ status: event.output }) }, target: 'maintenance' },
          { guard: 'storedInternalAdmin', target: 'internalAdmin' },
          { guard: 'storedWithoutPartner', target: 'loggingOut', actions: 'noteNoChannelPartner' },
          { guard: 'storedSession', target: 'distributor' },
          { target: 'loggedOut' },
        ],
        // Status unknown: carry on as if not in maintenance, so the portal stays usable.
        onError: [
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
      on: { 'auth.logout': 'loggingOut', 'auth.unauthorized': 'loggingOut' },
    },
    distributor: {
      on: {
        'auth.logout': 'loggingOut',
        'auth.unauthorized': 'loggingOut',
        'auth.houseChanged': { actions: ['applyHouse', 'persistSession'] },
      },
    },
    loggingOut: {
      entry: 'clearStorage',
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
