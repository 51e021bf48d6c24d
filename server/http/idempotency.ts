// Idempotency-Key (IETF httpapi draft): a write the portal's client sends again because it got no
// answer (an API process killed mid-request) is applied once. The first request with a key runs
// and its answer is kept (server/repositories/idempotency.ts, 24 h); a repeat by the same caller
// gets that answer again with `Idempotent-Replayed: true`. Registered on the root app before
// compression, so the answer kept is the one the handler made, not its compressed bytes.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BAD_IDEMPOTENCY_KEY, IDEMPOTENT_REPLAYED_HEADER, KEY_REUSED, STILL_PROCESSING, VALID_IDEMPOTENCY_KEY,
} from '../../src/model/idempotency.ts';
import type { IdempotencyRepository } from '../repositories/idempotency.ts';
import { badRequest, HttpError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The headers a replay needs besides the body. */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'location'];

/** Whether an answer is final, to be replayed: 2xx and 4xx, but 408 and 429 (try later) are not. */
const isFinal = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429);

export function idempotency(app: FastifyInstance, repo: IdempotencyRepository) {
  /** The keys this process claimed, per request, until their answer is kept or the key freed. */
  const held = new WeakMap<FastifyRequest, { caller: string; key: string }>();

  // After the authorization gate and body parsing, before the handler.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    // Public routes (login, sign-up, account links) have no caller to keep keys for, and a login's
    // answer is a bearer token we will not keep at rest: the key is ignored there (docs/security.md).
    if (!request.auth) return;
    if (typeof key !== 'string' || !VALID_IDEMPOTENCY_KEY.test(key)) throw badRequest(BAD_IDEMPOTENCY_KEY);
    // A multipart body streams to the handler and is never buffered here: method and URL only.
    const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
    const body = multipart ? '' : JSON.stringify(request.body ?? null);
    const fingerprint = crypto.createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
    const caller = `session ${request.auth.sessionId}`;
    const claim = await repo.claim({ caller, key, method: request.method, url: request.url, fingerprint });
    switch (claim.kind) {
      case 'claimed':
        held.set(request, { caller, key });
        return;
      case 'replay':
        reply.code(claim.answer.status).headers({ ...claim.answer.headers, [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' });
        return reply.send(claim.answer.body);
      case 'mismatch':
        throw new HttpError(422, KEY_REUSED);
      case 'running':
        throw new HttpError(409, STILL_PROCESSING, undefined, 1);
    }
  });

  // The first answer: kept if final, else the key is freed so a retry runs the write.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = held.get(request);
    if (!claim) return payload;
    held.delete(request);
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : payload == null ? Buffer.alloc(0) : null;
    try {
      if (body && isFinal(reply.statusCode)) {
        const headers = Object.fromEntries(KEPT_HEADERS.flatMap((h) => (reply.hasHeader(h) ? [[h, String(reply.getHeader(h))]] : [])));
        await repo.complete(claim.caller, claim.key, { status: reply.statusCode, headers, body });
      } else await repo.release(claim.caller, claim.key); // a 5xx, or a streamed answer we cannot keep
    } catch (error) {
      request.log.error({ err: error }, 'idempotency record not written');
    }
    return payload;
  });

  // A request that ended without an answer going through onSend (the client gone): free its key.
  app.addHook('onResponse', async (request) => {
    const claim = held.get(request);
    if (claim) await repo.release(claim.caller, claim.key).catch(() => undefined);
  });
  app.addHook('onClose', () => repo.close());
}
