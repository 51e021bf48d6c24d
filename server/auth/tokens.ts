import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

/** What an auth key carries: the user and the session row that can revoke it. */
export type TokenClaims = { userId: number; sessionId: string };

const ISSUER = 'distributor-portal';

export type TokenSigner = {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid, unexpired token signed by us; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
  /** HMAC-SHA256 of `text` with the same secret, base64url: links that need no session (the digest's unsubscribe). */
  mac(text: string): string;
};

/** Tokens already verified, kept this many at most: enough for every user of a busy Monday morning. */
const VERIFIED_MAX = 10_000;

export function tokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // Every API call sends its token, and checking the signature is most of the CPU time of a cached
  // answer. A token's signature stays good until it expires, so it is checked once; revocation and
  // deactivation are the session row's business (authenticate), read on every call.
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  return {
    mac: (text) => crypto.createHmac('sha256', secret).update(text).digest('base64url'),
    sign: ({ userId, sessionId }, expiresAt) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known && Date.now() < known.expiresAtMs) return known.claims;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || payload.exp === undefined) return null;
        const claims = { userId, sessionId: payload.sid };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}
