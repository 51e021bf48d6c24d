import type { PublicClientApplication } from '@azure/msal-browser';
import { assign, setup } from 'xstate';
import { fromObservableWithOutput } from '../from-observable-with-output.ts';
import type { LoginResponse } from '../../model/auth.ts';
import type { MicrosoftConfig, MicrosoftLoginPayload } from '../../model/microsoft-auth.ts';
import { FALLBACK_MESSAGE } from '../../services/api-client.ts';
import { microsoftService, type EnabledMicrosoftConfig, type MicrosoftPopupInput } from '../../services/microsoft-service.ts';
import { sendToAuth } from './system-actors.ts';

/**
 * The 'Sign in with Microsoft' button (accounts spec §2, §8): hidden unless the server has
 * Microsoft settings; a click opens the MSAL popup, the token is exchanged for a portal session,
 * and any failure shows an alert with the error message. The first click loads and starts MSAL
 * (`starting`); the machine keeps the client for the next click.
 */

export interface MicrosoftSignInContext {
  config: EnabledMicrosoftConfig | null;
  /** The started MSAL client, kept from the first click on (it holds MSAL's cache and interaction lock). */
  msal: PublicClientApplication | null;
  payload: MicrosoftLoginPayload | null;
  failure: string | null;
}

export type MicrosoftSignInEvent = { type: 'microsoft.clicked' } | { type: 'microsoft.dialogClosed' };

/** MSAL errors and ApiErrors both carry a message fit to show; anything else gets the generic one. */
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE);

export const microsoftSignInMachine = setup({
  types: {
    context: {} as MicrosoftSignInContext,
    events: {} as MicrosoftSignInEvent,
  },
  actors: {
    loadConfig: fromObservableWithOutput<MicrosoftConfig>(() => microsoftService.config()),
    startMsal: fromObservableWithOutput<PublicClientApplication, EnabledMicrosoftConfig>((input) => microsoftService.startMsal(input)),
    popup: fromObservableWithOutput<MicrosoftLoginPayload, MicrosoftPopupInput>((input) => microsoftService.signInPopup(input)),
    login: fromObservableWithOutput<LoginResponse, MicrosoftLoginPayload>((input) => microsoftService.login(input)),
  },
  actions: {
    showFailure: assign((_, params: { error: unknown }) => ({ failure: messageOf(params.error) })),
    clearFailure: assign({ failure: null, payload: null }),
    setConfig: assign((_, params: { config: EnabledMicrosoftConfig }) => ({ config: params.config })),
    keepMsal: assign((_, params: { msal: PublicClientApplication }) => ({ msal: params.msal })),
    setPayload: assign((_, params: { payload: MicrosoftLoginPayload }) => ({ payload: params.payload })),
    /** Hands the session to the auth-routing actor, as a password login does. */
    reportSuccess: sendToAuth((params: { response: LoginResponse }) => ({ type: 'auth.loggedIn', response: params.response }))(),
  },
  guards: {
    enabled: (_, params: { config: MicrosoftConfig }) => params.config.enabled,
    msalStarted: ({ context }) => context.msal !== null,
  },
}).createMachine({
  id: 'microsoftSignIn',
  context: { config: null, msal: null, payload: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: [
          {
            guard: { type: 'enabled', params: ({ event }) => ({ config: event.output }) },
            target: 'ready',
            actions: { type: 'setConfig', params: ({ event }) => ({ config: event.output as EnabledMicrosoftConfig }) },
          },
          { target: 'disabled' },
        ],
        // Without the settings there is nothing to offer: the button stays hidden, password login still works.
        onError: { target: 'disabled' },
      },
    },
    disabled: {},
    ready: {
      on: { 'microsoft.clicked': [{ guard: 'msalStarted', target: 'signingIn' }, { target: 'starting' }] },
    },
    starting: {
      invoke: {
        id: 'startMsal',
        src: 'startMsal',
        input: ({ context }) => context.config!,
        onDone: { target: 'signingIn', actions: { type: 'keepMsal', params: ({ event }) => ({ msal: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signingIn: {
      invoke: {
        id: 'popup',
        src: 'popup',
        input: ({ context }) => ({ msal: context.msal!, config: context.config! }),
        onDone: { target: 'exchanging', actions: { type: 'setPayload', params: ({ event }) => ({ payload: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    exchanging: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.payload!,
        onDone: { target: 'success', actions: { type: 'reportSuccess', params: ({ event }) => ({ response: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'microsoft.dialogClosed': { target: 'ready', actions: 'clearFailure' } },
    },
    success: { type: 'final' },
  },
});
