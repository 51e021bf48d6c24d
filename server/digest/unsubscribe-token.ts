// The digest's one-click unsubscribe link works without a session: its token is the user id and
// an HMAC of it with the server's signing secret (the one auth keys use), so nobody can forge
// another user's link, and it keeps working for as long as the secret does.
import crypto from 'node:crypto';
import type { TokenSigner } from '../auth/tokens.ts';

const purpose = (userId: number) => `digest-unsubscribe:${userId}`;

export const unsubscribeToken = (tokens: Pick<TokenSigner, 'mac'>, userId: number): string => `${userId}.${tokens.mac(purpose(userId))}`;

/** The user a token was made for, or null for anything we did not sign. */
export function unsubscribeUser(tokens: Pick<TokenSigner, 'mac'>, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(tokens.mac(purpose(userId)));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? userId : null;
}
