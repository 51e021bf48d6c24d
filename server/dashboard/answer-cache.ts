// Answers cached in memory, keyed by what decides them (house, merchant selection, range,
// options) and valid for one data version: a rollup refresh bumps the version in the database,
// so every server stops serving older answers at once. Users of a house look at the same few
// ranges on Monday morning; the answer is computed once, not for each of them.
import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { COMPRESS_FROM_BYTES, compressed, pickEncoding, type Encoding } from '../http/compression.ts';

/**
 * An answer already serialized, and compressed once in each encoding a caller asked it in: a hit
 * costs no JSON.stringify and no compression, and a 5,000-merchant list goes out as about a
 * tenth of its 470 KB. `T` says what it holds.
 */
export interface Json<T> {
  plain: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  readonly __json?: T;
}
/** What a route sends: the bytes of a `T`. */
export type Sent<T> = Buffer & { readonly __json?: T };

/**
 * The route's answer as its schema serialises it (fast-json-stringify, from the codec's schema):
 * a field the schema does not name, a new column say, never reaches the client unseen.
 */
export const jsonFor = (reply: FastifyReply) => <T>(value: T): Json<T> => ({ plain: Buffer.from(reply.serialize(value) as string), encoded: {} });

/**
 * Sends the answer's bytes in the encoding the caller prefers, compressed the first time it is
 * asked in it (Fastify sends a Buffer with a content type untouched, and the compression hook
 * leaves an answer already encoded alone).
 */
export async function sendJson<T>(reply: FastifyReply, json: Json<T>): Promise<Sent<T>> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = json.plain.length >= COMPRESS_FROM_BYTES ? pickEncoding(reply.request.headers['accept-encoding']) : null;
  if (!encoding) return json.plain;
  const bytes = await (json.encoded[encoding] ??= compressed(json.plain, encoding));
  reply.header('content-encoding', encoding);
  return bytes;
}

/**
 * The answer for `key` from `cache`, sent as its bytes and marked `X-Answer-Cache: hit` (not
 * computed for this request: cached, or shared with a request computing it) or `miss`, which
 * the load benchmark counts.
 */
export async function sendCached<T>(
  reply: FastifyReply, cache: AnswerCache, key: unknown, version: string,
  compute: (signal: AbortSignal) => Promise<Json<T>>, caller?: AbortSignal,
): Promise<Sent<T>> {
  let computed = false;
  const json = await cache.get(key, version, (signal) => ((computed = true), compute(signal)), caller);
  reply.header('x-answer-cache', computed ? 'miss' : 'hit');
  // The version the answer is of: the client sends back the highest it has seen (server/db/read-routing.ts).
  reply.header('x-data-version', version);
  return sendJson(reply, json);
}

export interface AnswerCache {
  /**
   * The cached answer for `key` at `version`, else `compute()`'s, remembered. `caller` aborts
   * when the one asking leaves: the computation is cancelled (`compute`'s signal) only when every
   * caller waiting for it has left, so one user going away never fails another's answer.
   */
  get<T>(key: unknown, version: string, compute: (signal: AbortSignal) => Promise<T>, caller?: AbortSignal): Promise<T>;
  readonly size: number;
  /** The bytes of the answers it holds. */
  readonly bytes: number;
}

interface Entry {
  version: string;
  value: Promise<unknown>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
  /** The answer's bytes once it is in (a `Json`'s buffers; 0 for anything else). */
  bytes: number;
}

/** The bytes an answer holds: its JSON (its compressed forms are a fraction of it). */
const bytesOf = (value: unknown) =>
  value !== null && typeof value === 'object' && Buffer.isBuffer((value as Json<unknown>).plain) ? (value as Json<unknown>).plain.length : 0;

/** Bounds of a cache: the answers it keeps, and their bytes (a 5,000-merchant Intel batch with its months is near 1 MB). */
export interface CacheLimits {
  maxEntries?: number;
  maxBytes?: number;
  /** false (ANSWER_CACHE=off): every call computes its own answer, shared with no one. */
  enabled?: boolean;
}

/** A cache that keeps nothing: `compute` runs for every call, cancelled when its caller leaves. */
function noCache(): AnswerCache {
  return {
    get(_key, _version, compute, caller) {
      const controller = new AbortController();
      caller?.addEventListener('abort', () => controller.abort(), { once: true });
      return compute(controller.signal);
    },
    size: 0,
    bytes: 0,
  };
}

/** `entry` has one more caller; without a signal, one that never leaves. */
function follow(entry: Entry, caller: AbortSignal | undefined) {
  if (!caller) return void (entry.waiters = Infinity);
  entry.waiters++;
  caller.addEventListener('abort', () => {
    if (--entry.waiters === 0 && !entry.settled) entry.controller.abort();
  }, { once: true });
}

export function answerCache({ maxEntries = 2000, maxBytes = 64 * 1024 * 1024, enabled = true }: CacheLimits = {}): AnswerCache {
  if (!enabled) return noCache();
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (id: string) => {
    bytes -= entries.get(id)?.bytes ?? 0;
    entries.delete(id);
  };
  const trim = () => {
    while (entries.size > maxEntries || (bytes > maxBytes && entries.size > 1)) drop(entries.keys().next().value!);
  };
  return {
    async get<T>(key: unknown, version: string, compute: (signal: AbortSignal) => Promise<T>, caller?: AbortSignal): Promise<T> {
      const id = crypto.createHash('sha256').update(JSON.stringify(key)).digest('base64');
      const hit = entries.get(id);
      if (hit && hit.version === version) {
        entries.delete(id);
        entries.set(id, hit);
        if (!hit.settled) follow(hit, caller);
        return hit.value as Promise<T>;
      }
      if (hit) drop(id);
      // The promise itself is kept, so concurrent requests for the same answer compute it once.
      const controller = new AbortController();
      const entry: Entry = { version, value: compute(controller.signal), controller, waiters: 0, settled: false, bytes: 0 };
      follow(entry, caller);
      entries.set(id, entry);
      trim();
      entry.value.then(
        (value) => {
          entry.settled = true;
          if (entries.get(id) !== entry) return;
          entry.bytes = bytesOf(value);
          bytes += entry.bytes;
          trim();
        },
        () => {
          entry.settled = true;
          if (entries.get(id) === entry) drop(id);
        },
      );
      return entry.value as Promise<T>;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
