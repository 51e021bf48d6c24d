import type { ServerOptions } from 'node:http';

/**
 * The server's limits on a slow or endless request (Fastify's default is no limit): Node answers
 * 408 and closes the connection once `headersMs` pass before the headers have arrived, or
 * `requestMs` before the whole request (body included) has, so a client that trickles its
 * headers cannot hold a connection, and a multipart body that never ends frees its handler, its
 * stream and its partial file. Node refuses headers given longer than the whole request, hence
 * the `min`. It looks for such requests every `connectionsCheckingInterval`: a quarter of the
 * shorter limit (at most its own 30 s default), so a connection is cut at most 25% late.
 */
export function requestTimeouts(requestMs: number, headersMs: number): { requestTimeout: number; http: ServerOptions } {
  const headersTimeout = Math.min(headersMs, requestMs);
  return {
    requestTimeout: requestMs,
    http: { headersTimeout, connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(headersTimeout / 4))) },
  };
}
