import { SignJWT, jwtVerify, errors } from 'jose';

/** What an auth key carries: the user and the session row that can revoke it. */
export type TokenClaims = { userId: number; sessionId: string };

const ISSUER = 'distributor-portal';

export type TokenSigner = {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid, unexpired token signed by us; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
};

export function tokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, sessionId }, expiresAt) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}
