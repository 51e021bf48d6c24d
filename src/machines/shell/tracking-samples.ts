import type { PublicClientApplication } from '@azure/msal-browser';
import type { AnyEventObject } from 'xstate';
import { ApiError } from '../../services/api-client.ts';
import type { MicrosoftLoginPayload } from '../../model/microsoft-auth.ts';
import { distributorUser, loginAs } from './samples.ts';

/** Event samples for the Microsoft sign-in, session tracker and version check machines (registry, tests). */

export const microsoftConfig = {
  enabled: true,
  clientId: '11111111-2222-3333-4444-555555555555',
  tenantId: '99999999-8888-7777-6666-555555555555',
  scopes: ['api://11111111-2222-3333-4444-555555555555/access_as_user'],
} as const;

export const microsoftPayload: MicrosoftLoginPayload = {
  accessToken: 'eyJ.sample.access-token',
  tenantId: microsoftConfig.tenantId,
  tokenType: 'Bearer',
  name: 'Lena Leader',
  email: 'leader@harbor.test',
  switchingDist: false,
};

export const POPUP_CANCELLED = 'user_cancelled: User cancelled the flow.';
/** A started MSAL client as the machine keeps it (the tests never call it: the popup is a test double). */
export const MSAL_CLIENT = { started: 'msal' } as unknown as PublicClientApplication;
export const MSAL_START_FAILED = 'The browser cannot start Microsoft sign-in (no Web Crypto).';

export const microsoftSignInEvents: readonly AnyEventObject[] = [
  { type: 'xstate.done.actor.loadConfig', output: microsoftConfig },
  { type: 'xstate.done.actor.loadConfig', output: { enabled: false } },
  { type: 'xstate.error.actor.loadConfig', error: new ApiError(0, 'Something went wrong') },
  { type: 'microsoft.clicked' },
  { type: 'xstate.done.actor.startMsal', output: MSAL_CLIENT },
  { type: 'xstate.error.actor.startMsal', error: new Error(MSAL_START_FAILED) },
  { type: 'xstate.done.actor.popup', output: microsoftPayload },
  { type: 'xstate.error.actor.popup', error: new Error(POPUP_CANCELLED) },
  { type: 'xstate.done.actor.login', output: loginAs(distributorUser) },
  { type: 'xstate.error.actor.login', error: new ApiError(401, 'No portal account uses leader@contoso.test. Ask your administrator for access.') },
  { type: 'microsoft.dialogClosed' },
];

/** A session's report as the activity stream emits it; the report call's outcomes. */
export const SAMPLE_SESSION = { startTime: '2026-11-22T09:00:00.000Z', endTime: '2026-11-22T09:01:30.000Z', time: 90 };

export const sessionTrackerEvents: readonly AnyEventObject[] = [
  { type: 'session.ended', report: SAMPLE_SESSION },
  { type: 'xstate.done.actor.report' },
  { type: 'xstate.error.actor.report', error: new ApiError(0, 'Something went wrong') },
];

export const PAGE_VERSION = '1.0.0+2026-11-22T00:00:00.000Z';
export const NEW_VERSION = '1.0.0+2026-11-23T00:00:00.000Z';

/** The polling itself is the `newerVersion$` stream (marble-tested); the machine hears only its result. */
export const versionCheckEvents: readonly AnyEventObject[] = [{ type: 'version.newer', servedVersion: NEW_VERSION }];
