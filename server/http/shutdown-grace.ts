import type { FastifyInstance } from 'fastify';

/**
 * Closing the server lets requests in flight finish, but not for ever. Node's close() ends the
 * sockets idle at that moment only; a socket it still counts busy (one whose caller aborted a
 * dashboard call while its query waited) held every close until the 60 s request timeout cut it.
 * So while closing, each answer sent closes the sockets that have gone idle, and after `graceMs`
 * every connection left is cut.
 */
export function cutConnectionsAfter(app: FastifyInstance, graceMs: number): void {
  let closing = false;
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
  app.addHook('preClose', async () => {
    closing = true;
    setTimeout(() => app.server.closeAllConnections(), graceMs).unref();
  });
}
