import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed about the client's address (TRUST_PROXY):
 * none, the nearest `n` hops, or the proxies with these addresses/CIDRs (and proxy-addr's names
 * loopback, linklocal, uniquelocal). Never "everyone": then the client's own X-Forwarded-For
 * entry would be its address, and every per-address limit would be the client's to choose.
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Reads TRUST_PROXY. '1' and 'true' (what the README long documented) mean one load balancer:
 * the address it appends is the client's, whatever the client wrote before it.
 */
export function readTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || bad.length > 0) {
    throw new Error(`TRUST_PROXY must be a hop count or the proxies' addresses/CIDRs separated by commas, got '${bad.join(',') || value}'`);
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for it. A hop count becomes a function: Fastify 5 itself reads a bare
 * number as "trust no hop", which would give every client the load balancer's address and let
 * one client's failures lock out everyone behind it. Address i of the chain (0 = the socket's
 * peer, then X-Forwarded-For from the right) is a proxy when i < hops.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
