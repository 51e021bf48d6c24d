import type { FastifyInstance } from 'fastify';
import { MICROSOFT_REDIRECT_PATH } from '../src/model/microsoft-auth.ts';

/**
 * The MSAL redirect bridge page must come without a Cross-Origin-Opener-Policy header: with one,
 * the browser cuts the popup off from the window that opened it and the sign-in never completes.
 */
export function allowMicrosoftRedirectBridge(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.split('?')[0] === MICROSOFT_REDIRECT_PATH) reply.removeHeader('cross-origin-opener-policy');
  });
}
