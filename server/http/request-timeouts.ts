import type { ServerOptions } from 'node:http';

/**
 * The server's limits on a slow or endless request: Node answers 408 and closes the connection
 * once `ms` pass before the whole request (headers and body) has arrived, so a multipart body
 * that never ends frees its handler, its stream and its partial file (Fastify's default is no
 * limit). Node looks for such requests every `connectionsCheckingInterval`: a quarter of the
 * limit, at most its own 30 s default.
 */
export function requestTimeouts(ms: number): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: ms,
    http: { headersTimeout: Math.min(60_000, ms), connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(ms / 4))) },
  };
}
