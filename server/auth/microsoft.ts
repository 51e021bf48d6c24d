import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { HttpError, unauthorized } from '../http/errors.ts';
import type { AzureConfig } from './azure-config.ts';

export const TOKEN_REFUSED = 'Microsoft sign-in failed: the token could not be verified. Please try again.';
export const TOKEN_EXPIRED = 'Microsoft sign-in failed: the token has expired. Please try again.';
export const KEYS_UNREACHABLE = 'Microsoft sign-in is unavailable right now. Please try again later.';
export const NO_EMAIL = 'Microsoft sign-in failed: the account has no email address.';

/** Entra ID puts the sign-in name in one of these; the first that looks like an email wins. */
const EMAIL_CLAIMS = ['preferred_username', 'email', 'upn'] as const;

function emailOf(claims: JWTPayload): string | null {
  for (const name of EMAIL_CLAIMS) {
    const value = claims[name];
    if (typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim())) return value.trim();
  }
  return null;
}

/**
 * Checks a Microsoft access token: signed by a key of the tenant's JWKS (fetched and cached by
 * jose), for our audience, from our issuer, unexpired. Returns the email it was issued to.
 */
export function microsoftTokenVerifier(config: AzureConfig) {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl));
  return async (accessToken: string): Promise<{ email: string }> => {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(accessToken, keys, {
        audience: config.audience,
        issuer: config.issuer,
        algorithms: ['RS256'],
        requiredClaims: ['exp'],
        clockTolerance: 60,
      }));
    } catch (error) {
      // Not the token's fault: Microsoft's key set could not be fetched.
      if (!(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout) throw new HttpError(503, KEYS_UNREACHABLE);
      throw unauthorized(error instanceof errors.JWTExpired ? TOKEN_EXPIRED : TOKEN_REFUSED);
    }
    const email = emailOf(claims);
    if (!email) throw unauthorized(NO_EMAIL);
    return { email };
  };
}
export type MicrosoftTokenVerifier = ReturnType<typeof microsoftTokenVerifier>;
