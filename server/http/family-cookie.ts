// The family key HAProxy routes by in `npm run cluster` (scripts/cluster/families.ts: each family
// to the API nodes whose indexes hold it). It is set on an answer to a signed-in caller whose
// request named another family or none: the first call after login, another house made active.
// It is no credential: a request routed to any node is answered the same, from SQL where that
// node's indexes do not hold the caller's family.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const FAMILY_COOKIE = 'portal_family';

/** The value of cookie `name` in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** An onSend hook: names the family of the caller's active house (its head's id) in FAMILY_COOKIE. */
export async function familyCookie(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const family = request.callerFacts?.familyIds[0];
  if (family !== undefined && cookieValue(request.headers.cookie, FAMILY_COOKIE) !== String(family)) {
    reply.header('set-cookie', `${FAMILY_COOKIE}=${family}; Path=/; HttpOnly; SameSite=Strict`);
  }
  return payload;
}
