import type { FastifyPluginAsync } from 'fastify';
import * as t from 'io-ts';
import { caller } from '../auth/authenticate.ts';
import type { Deps } from '../deps.ts';
import { computeDigest } from '../digest/content.ts';
import { firstSince, knownTimeZone } from '../digest/periods.ts';
import { unsubscribeUser } from '../digest/unsubscribe-token.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { DIGEST_SECTIONS, DigestPreferences, unreadCount, type Alerts } from '../../src/model/digest.ts';

const UnsubscribeQuery = t.type({ token: t.string });
export const UNSUBSCRIBED = 'You will not get the win-back digest any more. You can turn it back on in Settings.';
export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>` +
  `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1>${body}</body></html>`;

/**
 * The digest (docs/digest.md): each user's preferences, the one-click unsubscribe of its emails
 * (reached without a session: the token is signed), and the header's bell.
 */
export const digestRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  // Mail clients' one-click unsubscribe (RFC 8058) posts a form body; only this plugin reads one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  app.get('/digest/preferences', async (request): Promise<DigestPreferences> => deps.digest.preferences(caller(request).userId));

  app.post('/digest/preferences', async (request): Promise<DigestPreferences> => {
    const body = validate(DigestPreferences, request.body, 'body');
    if (!knownTimeZone(body.timeZone)) throw badRequest(`Unknown time zone ${body.timeZone}.`);
    // Stored in the order of the list, once each.
    const saved = { ...body, sections: DIGEST_SECTIONS.filter((s) => body.sections.includes(s)) };
    await deps.digest.savePreferences(caller(request).userId, saved);
    return saved;
  });

  // GET shows a button (link checkers open links; only a POST unsubscribes); POST does it.
  app.get('/digest/unsubscribe', async (request, reply) => {
    const { token } = validate(UnsubscribeQuery, request.query, 'query');
    if (unsubscribeUser(deps.tokens, token) === null) throw notFound(BAD_UNSUBSCRIBE_LINK);
    const action = `/api/digest/unsubscribe?token=${encodeURIComponent(token)}`;
    return reply.type('text/html; charset=utf-8').send(page('Unsubscribe from the win-back digest',
      `<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`));
  });

  app.post('/digest/unsubscribe', async (request, reply) => {
    const { token } = validate(UnsubscribeQuery, request.query, 'query');
    const userId = unsubscribeUser(deps.tokens, token);
    if (userId === null || !(await deps.digest.unsubscribe(userId))) throw notFound(BAD_UNSUBSCRIBE_LINK);
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return reply.type('text/html; charset=utf-8').send(page('Unsubscribed', `<p>${UNSUBSCRIBED}</p>`));
    }
    return { message: UNSUBSCRIBED };
  });

  /** The bell: the digest's items since the caller last opened it (their own scope, never View As). */
  app.get('/alerts', async (request): Promise<Alerts> => {
    const userId = caller(request).userId;
    const now = new Date();
    const readAt = await deps.digest.alertsReadAt(userId);
    const content = await computeDigest(deps, userId, { now, since: readAt ?? firstSince('weekly', now), sections: DIGEST_SECTIONS });
    if (!content) throw forbidden('You have no distributor to act for.');
    const read = readAt?.toISOString() ?? null;
    return { unread: unreadCount(content, read), readAt: read, content };
  });

  app.post('/alerts/read', async (request) => {
    await deps.digest.markAlertsRead(caller(request).userId);
    return { message: 'Alerts read.' };
  });
};
