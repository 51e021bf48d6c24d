// Every answer of 1 KB or more goes out compressed, brotli or gzip as the caller accepts
// (@fastify/compress): a rebate page or a merchant list is JSON that shrinks to a fifth or less.
// Answers already encoded (the answer cache's bytes, the built app's .br/.gz files) pass
// untouched. The answer cache compresses with the same settings (`compressed`).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this, compressing saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

// The same negotiation as @fastify/compress's (q-values, `*`, brotli first on a tie), so a cached
// answer goes out in the encoding an uncached one would. No cache: headers are the caller's to vary.
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/** The encoding to send: the one the caller weighs highest, brotli on a tie (smaller); none if neither is accepted. */
export const pickEncoding = (header: string | undefined): Encoding | null => (header ? encodings.negotiate(header) : null);

// Answers are compressed as they are made, on the same two cores as everything else. Brotli at
// quality 1 with a 256 KB window: 0.6 ms of a libuv thread for a 240 KB dashboard and smaller
// than gzip at level 4 (39 KB against 47); quality 4 took three times as long for the same size,
// and the default window allocated 4 MB per answer on the event loop. Gzip (browsers over plain
// HTTP) at level 1: 5 % larger than level 4, a third less work.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } };
const GZIP = { level: 1 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Below this, an answer is compressed on the event loop: a rebate page takes a few hundredths of
 * a millisecond, less than handing it to a libuv thread and back.
 */
const COMPRESS_IN_LINE_BELOW = 16 * 1024;

/** `body` compressed as answers are: large ones by zlib's async forms, on libuv's threads, off the event loop. */
export async function compressed(body: Buffer, encoding: Encoding): Promise<Buffer> {
  // Room for the whole output at once: with zlib's 16 KB chunks a 240 KB answer went to a libuv
  // thread and back once per chunk of its output.
  const chunkSize = Math.max(64 * 1024, body.length);
  const brotliOptions = { chunkSize, params: { ...BROTLI.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
  if (body.length < COMPRESS_IN_LINE_BELOW) return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions) : zlib.gzipSync(body, GZIP);
  return encoding === 'br' ? brotli(body, brotliOptions) : gzip(body, { ...GZIP, chunkSize });
}

/** Compresses every answer of `app` (and of everything registered in it) the caller accepts compressed. */
export async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI,
    zlibOptions: GZIP,
  });
}
