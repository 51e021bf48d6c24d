// Lag-tolerant reads on a streaming replica (DATABASE_REPLICA_URL), never older than what the
// caller has seen: answers carry the data version they were computed at (X-Data-Version), the
// client sends back the highest it has seen, and a replica behind that, or unreachable, leaves
// the request on the primary. Which database a request reads is chosen once, by readsFor (server/deps.ts).
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { cancellable } from './cancellable.ts';
import type { Queryable } from './queryable.ts';

export const DATA_VERSION_HEADER = 'x-data-version';
/** After a replica fault, how long its reads stay on the primary before it is tried again. */
export const REPLICA_RETRY_MS = 2000;

/** The data version the caller has seen (0n when it says none, or says nonsense). */
export function seenVersion(request: FastifyRequest): bigint {
  const raw = request.headers[DATA_VERSION_HEADER];
  return typeof raw === 'string' && /^\d{1,18}$/.test(raw) ? BigInt(raw) : 0n;
}

// Connection lost or refused, the server shutting down or starting up, or a standby cancelling
// a query that conflicts with recovery: the primary can answer instead.
const FAULT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '40001']);
export function isReplicaFault(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  if (code && (FAULT_CODES.has(code) || code.startsWith('08'))) return true;
  return /connection terminated|timeout exceeded when trying to connect|connection refused/i.test(message ?? '');
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** The replica's pool as seen by requests: each query a fault fails runs again on the primary. */
export function replicaRouting(primary: pg.Pool, replica: pg.Pool, replicaVersion: () => Promise<string>) {
  let downUntil = 0;
  const fault = () => { downUntil = Date.now() + REPLICA_RETRY_MS; };
  const onPrimary = primary.query.bind(primary) as QueryFn;
  const onReplica = replica.query.bind(replica) as QueryFn;
  const db = {
    query: (...args: unknown[]) => onReplica(...args).catch((err: unknown) => {
      if (!isReplicaFault(err)) throw err;
      fault();
      return onPrimary(...args);
    }),
  } as unknown as Queryable;
  return {
    db,
    cancellable: <T>(signal: AbortSignal, work: (db: Queryable) => Promise<T>): Promise<T> =>
      cancellable(replica, signal, work).catch((err: unknown) => {
        if (signal.aborted || !isReplicaFault(err)) throw err;
        fault();
        return cancellable(primary, signal, work);
      }),
    /** The replica's data version when it may answer a caller who has seen `seen`; null when the primary must. */
    async usable(seen: bigint): Promise<string | null> {
      if (Date.now() < downUntil) return null;
      try {
        const version = await replicaVersion();
        return BigInt(version) >= seen ? version : null;
      } catch (err) {
        if (!isReplicaFault(err)) throw err;
        fault();
        return null;
      }
    },
  };
}
