// Idempotency-Key (IETF httpapi draft): a write the portal's client sends again because it got no
// answer (an API process killed mid-request) is applied once. The first request with a key runs
// and its answer is kept (server/repositories/idempotency.ts, 24 h); a repeat by the same caller
// gets that answer again with `Idempotent-Replayed: true`. Registered on the root app before
// compression, so the answer kept is the one the handler made, not its compressed bytes.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BAD_IDEMPOTENCY_KEY, IDEMPOTENT_REPLAYED_HEADER, KEY_REUSED, STILL_PROCESSING, VALID_IDEMPOTENCY_KEY,
} from '../../src/model/idempotency.ts';
import { isAbortedTransaction, type RequestTransaction } from '../db/request-transaction.ts';
import type { IdempotencyRepository } from '../repositories/idempotency.ts';
import { badRequest, HttpError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The headers a replay needs besides the body. */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'location'];

/** Whether an answer is final, to be replayed: 2xx and 4xx, but 408 and 429 (try later) are not. */
const isFinal = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 408 && status !== 429);

export function idempotency(app: FastifyInstance, repo: IdempotencyRepository) {
  /** The keys this process claimed, per request, with the transaction their write runs in, until it ends. */
  const held = new WeakMap<FastifyRequest, Held>();

  /** The key a keyed write claimed; null when the request is not one, 'replayed' when answered from the record. */
  async function claimKey(request: FastifyRequest, reply: FastifyReply): Promise<{ caller: string; key: string } | null | 'replayed'> {
    const key = request.headers['idempotency-key'];
    if (key === undefined || SAFE.has(request.method) || !request.url.startsWith('/api/')) return null;
    // Public routes (login, sign-up, account links) have no caller to keep keys for, and a login's
    // answer is a bearer token we will not keep at rest: the key is ignored there (docs/security.md).
    if (!request.auth) return null;
    if (typeof key !== 'string' || !VALID_IDEMPOTENCY_KEY.test(key)) throw badRequest(BAD_IDEMPOTENCY_KEY);
    // A multipart body streams to the handler and is never buffered here: method and URL only.
    const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
    const body = multipart ? '' : JSON.stringify(request.body ?? null);
    const fingerprint = crypto.createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
    const caller = `session ${request.auth.sessionId}`;
    const claim = await repo.claim({ caller, key, method: request.method, url: request.url, fingerprint });
    switch (claim.kind) {
      case 'claimed':
        return { caller, key };
      case 'replay':
        reply.code(claim.answer.status).headers({ ...claim.answer.headers, [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' });
        reply.send(claim.answer.body);
        return 'replayed';
      case 'mismatch':
        throw new HttpError(422, KEY_REUSED);
      case 'running':
        throw new HttpError(409, STILL_PROCESSING, undefined, 1);
    }
  }

  // After the authorization gate and body parsing, before the handler, which runs (with all it
  // starts) in the write's transaction. Callback style: the handler runs inside tx.run, and a
  // replayed answer ends the hooks by not calling done.
  app.addHook('preHandler', (request, reply, done) => {
    claimKey(request, reply).then((claim) => {
      if (claim === 'replayed') return;
      if (!claim) return done();
      const tx = repo.transaction();
      held.set(request, { ...claim, tx });
      tx.run(() => done());
    }, done);
  });

  // The first answer ends the transaction: a final one commits with its record, else both are
  // undone and the key freed, so a retry runs the write. An error thrown here is answered instead.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = held.get(request);
    if (!claim) return payload;
    held.delete(request);
    const { caller, key, tx } = claim;
    if (!isFinal(reply.statusCode)) {
      await tx.rollback();
      await repo.release(caller, key).catch((error: unknown) => request.log.error({ err: error }, 'idempotency key not freed'));
      return payload;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : payload == null ? Buffer.alloc(0) : null;
    const answer = body && { status: reply.statusCode, headers: keptHeaders(reply), body };
    let ours: boolean;
    try {
      // A streamed answer cannot be kept: its write commits and the key is freed with it (a retry runs it again).
      ours = await tx.commitIf((db) => (answer ? repo.complete(caller, key, answer, db) : repo.release(caller, key, db).then(() => true)));
    } catch (error) {
      if (answer && answer.status >= 400 && isAbortedTransaction(error)) {
        // A refusal after a failed statement (a unique violation caught): nothing was written, so it is kept alone.
        await repo.complete(caller, key, answer).catch((err: unknown) => request.log.error({ err }, 'idempotency record not written'));
        return payload;
      }
      // Not committed, or not known to be (the connection lost at the commit): not a success. The
      // key is freed unless the answer was kept after all; the retry then replays it.
      await repo.release(caller, key).catch(() => undefined);
      discard(payload);
      throw isAbortedTransaction(error) ? new Error('a failed statement was ignored and the answer was a success', { cause: error }) : error;
    }
    if (ours) return payload;
    // This process's owner session was lost and another request took the key over: its answer is the one.
    discard(payload);
    throw new HttpError(503, STILL_PROCESSING, undefined, 1);
  });

  // A request that ended without an answer going through onSend (the client gone): undo and free its key.
  app.addHook('onResponse', async (request) => {
    const claim = held.get(request);
    if (!claim) return;
    held.delete(request);
    await claim.tx.rollback();
    await repo.release(claim.caller, claim.key).catch(() => undefined);
  });
  app.addHook('onClose', () => repo.close());
}

interface Held {
  caller: string;
  key: string;
  tx: RequestTransaction;
}

const keptHeaders = (reply: FastifyReply) =>
  Object.fromEntries(KEPT_HEADERS.flatMap((h) => (reply.hasHeader(h) ? [[h, String(reply.getHeader(h))]] : [])));

/** A streamed answer that will not be sent: its source closed. */
function discard(payload: unknown) {
  if (payload instanceof Readable) payload.destroy();
}
