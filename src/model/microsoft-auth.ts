import * as t from 'io-ts';
import { boundedString } from './codec.ts';

/**
 * Microsoft sign-in (accounts spec §7 POST /auth/microsoft). Only the access token counts: the
 * server takes the email from its verified claims; name and email here are what the browser saw.
 */
export const MicrosoftLoginPayload = t.intersection([
  t.type({ accessToken: boundedString('a token', 20, 20_000) }),
  t.partial({
    tenantId: boundedString('a tenant id', 0, 200),
    tokenType: boundedString('a token type', 0, 50),
    name: boundedString('a name', 0, 300),
    email: boundedString('an email', 0, 300),
    /** An internal admin re-authenticating to switch user (spec §4); the session is the same. */
    switchingDist: t.boolean,
  }),
]);
export type MicrosoftLoginPayload = t.TypeOf<typeof MicrosoftLoginPayload>;

/** What the login page needs to offer the button: nothing when the server has no Microsoft settings. */
export const MicrosoftConfig = t.union([
  t.type({ enabled: t.literal(false) }),
  t.type({ enabled: t.literal(true), clientId: t.string, tenantId: t.string, scopes: t.array(t.string) }),
]);
export type MicrosoftConfig = t.TypeOf<typeof MicrosoftConfig>;

/**
 * MSAL's redirect URI: the page the Microsoft popup returns to. It only hands the response to the
 * opening window (MSAL's redirect bridge), and must be served without Cross-Origin-Opener-Policy.
 */
export const MICROSOFT_REDIRECT_PATH = '/microsoft-redirect';
