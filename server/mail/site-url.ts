import type { Config } from '../config.ts';
import { badRequest } from '../http/errors.ts';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * The origin emailed links point to. The client sends its siteUrl, but a link carrying a token
 * must never point elsewhere than this portal (else anyone could have a reset link sent to a
 * victim that leaks the token to their site), so only the configured public origins are
 * accepted, or, when none is configured, loopback ones (the local demo).
 */
export function linkOrigin(publicUrls: readonly string[], siteUrl: string): string {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    throw badRequest('siteUrl must be an http(s) address');
  }
  const allowed = publicUrls.length > 0
    ? publicUrls.some((p) => new URL(p).origin === url.origin)
    : LOOPBACK.test(url.hostname);
  if (!allowed) throw badRequest('siteUrl is not an address of this portal');
  return url.origin;
}

/**
 * The origin of links a request names no siteUrl for (approval, decision and email-change mails):
 * the first public origin, else the server's own loopback address. Never the request's Host
 * header, which whoever sends the request writes.
 */
export const ownOrigin = (config: Pick<Config, 'publicUrls' | 'port'>): string => config.publicUrls[0] ?? `http://localhost:${config.port}`;
