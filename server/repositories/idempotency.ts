// The record of writes sent with an Idempotency-Key (migration 150, server/http/idempotency.ts).
// Several API processes share one database, so who runs a key is decided by PostgreSQL: one
// upsert claims it. A claim names the owner's own database session (one per process, held open);
// a process that dies loses that session at once, and its claims may then be taken over. The
// write runs in a transaction of its own that commits with its answer (transaction()), so a
// claim taken over had nothing of its write committed.
import pg from 'pg';
import type { Queryable } from '../db/queryable.ts';
import { RequestTransaction } from '../db/request-transaction.ts';

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface KeyedRequest {
  caller: string;
  key: string;
  method: string;
  url: string;
  fingerprint: string;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used for another request (another body, method or URL). */
  | { kind: 'mismatch' }
  /** Another live process still runs the first request with this key. */
  | { kind: 'running' };

const KEEP = `interval '24 hours'`;

/** `sessionUrl`: a direct connection for the owner session (through PgBouncer the pool's sessions are not ours). */
export function idempotencyRepository(pool: pg.Pool, sessionUrl?: string) {
  let owner: Promise<{ client: pg.Client; pid: number; start: string }> | null = null;
  // The writes' transactions have a pool of their own: a request holds one of its connections
  // throughout, and must never wait for a second from the pool it holds one of (a shared read).
  let transactions: pg.Pool | null = null;

  /** This process's owner session: connected on first use, again after it is lost. */
  function ownerSession() {
    owner ??= (async () => {
      const client = new pg.Client(sessionUrl ? { connectionString: sessionUrl } : pool.options);
      const lost = () => void (owner = null);
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      const { rows } = await client.query<{ pid: number; start: string }>(
        `select pid, (extract(epoch from backend_start) * 1000000)::bigint::text as start from pg_stat_activity where pid = pg_backend_pid()`);
      return { client, ...rows[0]! };
    })().catch((error: unknown) => {
      owner = null;
      throw error;
    });
    return owner;
  }

  /**
   * Claims the key, or takes over a claim whose owner's session is gone (same request only), or
   * one older than 24 hours. Atomic: of two requests racing, one claims.
   */
  async function tryClaim(r: KeyedRequest): Promise<boolean> {
    const me = await ownerSession();
    const { rowCount } = await pool.query(
      `insert into idempotency_keys (caller, key, method, url, fingerprint, owner_pid, owner_start)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (caller, key) do update set method = excluded.method, url = excluded.url, fingerprint = excluded.fingerprint,
         owner_pid = excluded.owner_pid, owner_start = excluded.owner_start, status = null, headers = null, body = null, created_at = now()
       where idempotency_keys.created_at < now() - ${KEEP}
          or (idempotency_keys.status is null and idempotency_keys.fingerprint = excluded.fingerprint
              and idempotency_keys.method = excluded.method and idempotency_keys.url = excluded.url
              and not exists (select 1 from pg_stat_activity a where a.pid = idempotency_keys.owner_pid
                                and (extract(epoch from a.backend_start) * 1000000)::bigint = idempotency_keys.owner_start))`,
      [r.caller, r.key, r.method, r.url, r.fingerprint, me.pid, me.start],
    );
    return rowCount === 1;
  }

  async function ownerOf(caller: string, key: string) {
    return { ...(await ownerSession()), caller, key };
  }

  return {
    /**
     * What to do with a keyed write: run it (claimed), answer as the first time (replay), refuse
     * it (mismatch), or — if the first is still running elsewhere after `waitMs` — say so.
     */
    async claim(r: KeyedRequest, waitMs = 3_000): Promise<Claim> {
      // Now and then, forget the records older than a day (the index on created_at makes it cheap).
      if (Math.random() < 0.01) void pool.query(`delete from idempotency_keys where created_at < now() - ${KEEP}`).catch(() => undefined);
      const until = Date.now() + waitMs;
      for (;;) {
        if (await tryClaim(r)) return { kind: 'claimed' };
        const { rows } = await pool.query<{ method: string; url: string; fingerprint: string; status: number | null; headers: Record<string, string> | null; body: Buffer | null }>(
          'select method, url, fingerprint, status, headers, body from idempotency_keys where caller = $1 and key = $2', [r.caller, r.key]);
        const row = rows[0];
        if (!row) continue; // released (the first answered 5xx) between the two statements: claim again
        if (row.method !== r.method || row.url !== r.url || row.fingerprint !== r.fingerprint) return { kind: 'mismatch' };
        if (row.status !== null) return { kind: 'replay', answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? Buffer.alloc(0) } };
        if (Date.now() >= until) return { kind: 'running' };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /**
     * The transaction a claimed key's write runs in, ended with its answer: its connection is
     * taken at its first statement. In it the record of the answer is locked until the commit,
     * so a takeover waits for that and then finds the answer, or finds the key still free.
     */
    transaction(): RequestTransaction {
      if (!transactions) {
        transactions = new pg.Pool({ ...pool.options, max: Math.max(2, Math.floor((pool.options.max ?? 10) / 2)) });
        transactions.on('error', (err) => console.error('postgres pool error (request transactions):', err.message));
      }
      return new RequestTransaction(transactions);
    },
    /** Keeps the first answer of a claimed key, on `db` (its transaction); false when this process no longer owns it. */
    async complete(caller: string, key: string, answer: StoredAnswer, db: Queryable = pool): Promise<boolean> {
      const me = await ownerOf(caller, key);
      const { rowCount } = await db.query(
        `update idempotency_keys set status = $3, headers = $4, body = $5
         where caller = $1 and key = $2 and owner_pid = $6 and owner_start = $7 and status is null`,
        [caller, key, answer.status, JSON.stringify(answer.headers), answer.body, me.pid, me.start]);
      return rowCount === 1;
    },
    /** Frees a claimed key (a 5xx, an answer not kept): the next request with it runs. */
    async release(caller: string, key: string, db: Queryable = pool): Promise<void> {
      const me = await ownerOf(caller, key);
      await db.query('delete from idempotency_keys where caller = $1 and key = $2 and owner_pid = $3 and owner_start = $4 and status is null',
        [caller, key, me.pid, me.start]);
    },
    /** Ends the owner session and the transactions' pool (the app closes); the next claim opens others. */
    async close(): Promise<void> {
      const [current, pooled] = [owner, transactions];
      [owner, transactions] = [null, null];
      await Promise.all([
        current?.then((o) => o.client.end(), () => undefined).catch(() => undefined),
        pooled?.end().catch(() => undefined),
      ]);
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
