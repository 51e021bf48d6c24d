// Every JSON answer of 1 KB or more goes out compressed, brotli or gzip as the caller accepts:
// a rebate page or a merchant list is text that shrinks to a fifth or less. Answers already
// encoded (the answer cache's gzipped bytes, the built app's .br/.gz files) pass untouched.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this, compressing saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** How much an Accept-Encoding header wants `encoding`: its q, or `*`'s; 0 when absent or refused. */
export function acceptedWeight(header: string | undefined, encoding: Encoding): number {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  return weights.get(encoding) ?? weights.get('*') ?? 0;
}

/** The encoding to send: the one the caller weighs highest, brotli on a tie (smaller); none if neither is accepted. */
export function pickEncoding(header: string | undefined): Encoding | null {
  const [br, gz] = [acceptedWeight(header, 'br'), acceptedWeight(header, 'gzip')];
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

// Answers are compressed as they are made, on the same two cores as everything else: brotli 4
// (11, the default, is for files built once) and gzip 4 (a third less work than the default 6
// on a 240 KB dashboard, 2 % larger).
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 4 };

export function compressed(body: Buffer, encoding: Encoding): Promise<Buffer> {
  // zlib's async forms run on libuv's threads, off the event loop.
  return encoding === 'br' ? brotli(body, BROTLI) : gzip(body, GZIP);
}

const isJson = (reply: FastifyReply) => /^application\/json\b/i.test(String(reply.getHeader('content-type') ?? ''));

/** Adds the hook to `app` (and everything registered in it). */
export function compressJson(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || !isJson(reply) || reply.hasHeader('content-encoding')) return payload;
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < COMPRESS_FROM_BYTES) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressed(body, encoding);
  });
}
