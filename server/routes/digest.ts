import * as t from 'io-ts';
import { caller } from '../auth/authenticate.ts';
import { routesUsing } from '../plugins/services.ts';
import { computeDigest } from '../digest/content.ts';
import { firstSince, knownTimeZone } from '../digest/periods.ts';
import { unsubscribeUser } from '../digest/unsubscribe-token.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { DIGEST_SECTIONS, DigestPreferences, unreadCount, Alerts } from '../../src/model/digest.ts';
import { contentAnswer, routeSchema } from '../http/route-schema.ts';
import { jsonSchemaOf } from '../http/json-schema.ts';
import { MessageResponse } from '../../src/model/account.ts';
import { enforce } from '../policies/refusal.ts';
import { housePolicy } from '../policies/house-policy.ts';

const UnsubscribeQuery = t.type({ token: t.string });
export const UNSUBSCRIBED = 'You will not get the win-back digest any more. You can turn it back on in Settings.';
export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';

export const BAD_UNSUBSCRIBE_TITLE = 'This unsubscribe link does not work';
export const BAD_UNSUBSCRIBE_HINT = 'It may have been changed or cut short by your mail program. Open the link from the latest digest email again, or turn the digest off in Settings.';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The look of the portal's other public pages (the account screens' card, the theme's teal),
// without its script: link checkers and mail clients open this page.
const styles = [
  'body{margin:0;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#000;background:#f8f9fa;line-height:1.55}',
  'main{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;box-sizing:border-box}',
  '.card{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1);padding:2rem;width:100%;max-width:460px;box-sizing:border-box}',
  '@media (max-width:575px){.card{padding:1rem}}',
  'h1{font-size:1.625rem;line-height:1.35;margin:0 0 1rem;font-weight:700}',
  'p{margin:0 0 1rem;font-size:1rem}',
  '.button{display:block;width:100%;box-sizing:border-box;height:2.25rem;padding:0 1.125rem;border:0;border-radius:.5rem;background:#087f5b;color:#fff;font-family:inherit;font-size:.875rem;font-weight:600;line-height:2.25rem;text-align:center;text-decoration:none;cursor:pointer}',
  '.button:hover{background:#065940}',
  '.button:focus-visible{outline:2px solid #087f5b;outline-offset:2px}',
].join('');

/** A public page: one card with a title, the text, and one full-width button (a form's submit or a link). */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${styles}</style></head>` +
  `<body><main><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div></main></body></html>`;

const loginLink = '<a class="button" href="/login">Go to Login</a>';

/** A browser opening the link asks for HTML; scripts and mail clients' one-click POST get JSON. */
const wantsPage = (accept: string | undefined) => accept?.includes('text/html') ?? false;

/** What a broken or forged link shows a browser: the page a person opened, not the API's JSON. */
const badLinkPage = () => page(BAD_UNSUBSCRIBE_TITLE, `<p>${escapeHtml(BAD_UNSUBSCRIBE_LINK)} ${escapeHtml(BAD_UNSUBSCRIBE_HINT)}</p>${loginLink}`);

/**
 * The digest (docs/digest.md): each user's preferences, the one-click unsubscribe of its emails
 * (reached without a session: the token is signed), and the header's bell.
 */
export const digestRoutes = routesUsing(['digest', 'insights', 'invoices', 'payments', 'scope', 'tokens'], async (app) => {
  // Mail clients' one-click unsubscribe (RFC 8058) posts a form body; only this plugin reads one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  app.get('/digest/preferences', { schema: routeSchema('Digest', 'One’s digest settings', { answer: DigestPreferences }) }, async (request): Promise<DigestPreferences> => app.digest.preferences(caller(request).userId));

  app.post('/digest/preferences', { schema: routeSchema('Digest', 'Change one’s digest settings', { body: DigestPreferences, answer: DigestPreferences }) }, async (request): Promise<DigestPreferences> => {
    const body = validate(DigestPreferences, request.body, 'body');
    if (!knownTimeZone(body.timeZone)) throw badRequest(`Unknown time zone ${body.timeZone}.`);
    // Stored in the order of the list, once each.
    const saved = { ...body, sections: DIGEST_SECTIONS.filter((s) => body.sections.includes(s)) };
    await app.digest.savePreferences(caller(request).userId, saved);
    return saved;
  });

  // GET shows a button (link checkers open links; only a POST unsubscribes); POST does it.
  // A browser opening a broken link gets a page saying so (404), never the API's JSON.
  app.get('/digest/unsubscribe', { schema: routeSchema('Digest', 'The unsubscribe page of an email link', { query: UnsubscribeQuery, answer: contentAnswer('A page with the unsubscribe button', { 'text/html': { type: 'string' } }) }) }, async (request, reply) => {
    const browser = wantsPage(request.headers.accept);
    if (browser && !UnsubscribeQuery.is(request.query)) return reply.code(404).type('text/html; charset=utf-8').send(badLinkPage());
    const { token } = validate(UnsubscribeQuery, request.query, 'query');
    if (unsubscribeUser(app.tokens, token) === null) {
      if (browser) return reply.code(404).type('text/html; charset=utf-8').send(badLinkPage());
      throw notFound(BAD_UNSUBSCRIBE_LINK);
    }
    const action = `/api/digest/unsubscribe?token=${encodeURIComponent(token)}`;
    return reply.type('text/html; charset=utf-8').send(page('Unsubscribe from the win-back digest',
      '<p>You will stop getting the win-back digest emails. You can turn them back on in Settings.</p>' +
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button class="button" type="submit">Unsubscribe</button></form>`));
  });

  app.post('/digest/unsubscribe', { schema: routeSchema('Digest', 'Unsubscribe (an email’s one-click link, or its page’s form)', { query: UnsubscribeQuery, answer: contentAnswer('A page for a form, else JSON', { 'text/html': { type: 'string' }, 'application/json': jsonSchemaOf(MessageResponse) }) }) }, async (request, reply) => {
    const { token } = validate(UnsubscribeQuery, request.query, 'query');
    const userId = unsubscribeUser(app.tokens, token);
    const fromForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
    if (userId === null || !(await app.digest.unsubscribe(userId))) {
      if (fromForm && wantsPage(request.headers.accept)) return reply.code(404).type('text/html; charset=utf-8').send(badLinkPage());
      throw notFound(BAD_UNSUBSCRIBE_LINK);
    }
    if (fromForm) return reply.type('text/html; charset=utf-8').send(page('Unsubscribed', `<p>${escapeHtml(UNSUBSCRIBED)}</p>${loginLink}`));
    return { message: UNSUBSCRIBED };
  });

  /** The bell: the digest's items since the caller last opened it (their own scope, never View As). */
  app.get('/alerts', { schema: routeSchema('Digest', 'The bell’s alerts', { answer: Alerts }) }, async (request): Promise<Alerts> => {
    const userId = caller(request).userId;
    const now = new Date();
    const readAt = await app.digest.alertsReadAt(userId);
    const content = await computeDigest(app, userId, { now, since: readAt ?? firstSince('weekly', now), sections: DIGEST_SECTIONS });
    enforce(housePolicy.acting(content));
    const read = readAt?.toISOString() ?? null;
    return { unread: unreadCount(content!, read), readAt: read, content: content! };
  });

  app.post('/alerts/read', { schema: routeSchema('Digest', 'Mark the alerts read', { answer: MessageResponse }) }, async (request) => {
    await app.digest.markAlertsRead(caller(request).userId);
    return { message: 'Alerts read.' };
  });
});
