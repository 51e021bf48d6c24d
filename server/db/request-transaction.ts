// A keyed write's own transaction (server/http/idempotency.ts): what the request does through the
// primary's pools runs on one connection, in one transaction that ends with its answer record, so
// the write and the record of its answer commit together or not at all. A process killed before
// the commit takes both with it, and the retry runs the write once.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Queryable } from './queryable.ts';

interface Scope {
  tx: RequestTransaction;
  /** Inside a block (a savepoint): its queries belong to the transaction until it ends, however the request goes on. */
  inBlock: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();
/** Pools whose queries join the running request's transaction. */
const joining = new WeakSet<pg.Pool>();

/** SQLSTATE 25P02: a statement failed earlier and the transaction ignores everything until it ends. */
export const isAbortedTransaction = (err: unknown) => (err as { code?: string } | null)?.code === '25P02';

/** The request transaction `pool`'s queries join here, if any: null outside a request, or once it has ended. */
export function joinedTransaction(pool: pg.Pool): Scope | null {
  const scope = scopes.getStore();
  if (!scope || !joining.has(pool)) return null;
  return scope.tx.open || (scope.inBlock && !scope.tx.ended) ? scope : null;
}

/**
 * Work shared with other requests (a read whose answer many wait for) runs on its own: inside a
 * request's transaction it would see writes that may yet roll back, and fail with that request.
 */
export const outsideRequestTransaction = <T>(work: () => T): T => scopes.exit(work);

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Makes `pool.query` run in the request transaction of the code calling it, if one is open: the
 * repositories, and pg-boss sending a job (an import row and its job appear together). Only
 * `query`: a `connect()` is someone's own connection (a cancellable read, a snapshot of a memory
 * index, a session lock), and inTransaction (transaction.ts) joins explicitly.
 */
export function joinRequestTransactions(pool: pg.Pool): pg.Pool {
  if (joining.has(pool)) return pool;
  const plain = pool.query.bind(pool) as QueryFn;
  pool.query = ((...args: unknown[]) => {
    const scope = joinedTransaction(pool);
    if (!scope) return plain(...args);
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as (err: unknown, result?: unknown) => void) : null;
    const result = scope.tx.query(...args);
    if (!callback) return result;
    result.then((r) => callback(null, r), (err: unknown) => callback(err));
    return undefined;
  }) as typeof pool.query;
  joining.add(pool);
  return pool;
}

/**
 * One request's transaction, on a connection of `pool` taken at its first query (a request that
 * never reaches the database holds none). Ended once, by commitIf or rollback.
 */
export class RequestTransaction {
  readonly #pool: pg.Pool;
  #client: Promise<pg.PoolClient> | null = null;
  /** The statements, one at a time in the order they were made (node-postgres is to stop queueing them). */
  #statements: Promise<unknown> = Promise.resolve();
  /** The blocks, one after the other: two savepoints side by side would release each other. */
  #blocks: Promise<unknown> = Promise.resolve();
  #savepoints = 0;
  #open = true;
  #ended = false;
  /** The connection as blocks and the last statement see it: statements queued, release left to us. */
  readonly #view: pg.PoolClient;
  /** A connection lost while idle in the transaction fails its next query; unheard, the event would end the process. */
  readonly #onError = () => undefined;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
    const query = (...args: unknown[]) => this.query(...args);
    this.#view = new Proxy({} as pg.PoolClient, {
      get: (_, name) => (name === 'query' ? query : name === 'release' ? () => undefined : undefined),
    });
  }

  /** Whether new work joins it (until its end begins). */
  get open() {
    return this.#open;
  }

  get ended() {
    return this.#ended;
  }

  /** Runs `fn` and everything it starts with the joining pools' queries in this transaction. */
  run<T>(fn: () => T): T {
    return scopes.run({ tx: this, inBlock: false }, fn);
  }

  #connect(): Promise<pg.PoolClient> {
    this.#client ??= (async () => {
      const client = await this.#pool.connect();
      client.on('error', this.#onError);
      try {
        await client.query('begin');
      } catch (err) {
        this.#release(client, true);
        throw err;
      }
      return client;
    })();
    return this.#client;
  }

  /** A statement in the transaction, after those made before it. */
  query(...args: unknown[]): Promise<unknown> {
    if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') {
      throw new Error('a streamed query (COPY) does not run in a request transaction: give it a connection of its own');
    }
    const result = this.#statements.then(async () => ((await this.#connect()).query as unknown as QueryFn)(...args));
    this.#statements = result.catch(() => undefined);
    return result;
  }

  /**
   * `work` in a savepoint, as a transaction of its own within this one: undone alone when it
   * throws. Blocks take turns; one inside another (`scope.inBlock`) runs within its turn.
   */
  block<T>(scope: Scope, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const run = async () => {
      const savepoint = `request_block_${++this.#savepoints}`;
      await this.query(`savepoint ${savepoint}`);
      try {
        const result = await scopes.run({ tx: this, inBlock: true }, () => work(this.#view));
        await this.query(`release savepoint ${savepoint}`);
        return result;
      } catch (err) {
        await this.query(`rollback to savepoint ${savepoint}`).catch(() => undefined);
        throw err;
      }
    };
    if (scope.inBlock) return run();
    const turn = this.#blocks.then(run);
    this.#blocks = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Ends it: `last` runs in it (after any block still running), and it commits if `last` says
   * so, else rolls back; throws (rolled back) when a statement fails. Without a connection (no
   * query ran), `last` runs on its own.
   */
  async commitIf(last: (db: Queryable) => Promise<boolean>): Promise<boolean> {
    if (!this.#open) throw new Error('the request transaction has already ended');
    this.#open = false;
    try {
      await this.#blocks;
      if (!this.#client) return await last(this.#pool);
      const client = await this.#client;
      let committed = false;
      try {
        if (await last(this.#view)) {
          await this.query('commit');
          committed = true;
        }
      } finally {
        await this.#statements;
        if (committed) this.#release(client);
        else await this.#rollback(client);
      }
      return committed;
    } finally {
      this.#ended = true;
    }
  }

  /** Ends it undone (once ended, does nothing). */
  async rollback(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    try {
      await this.#blocks;
      await this.#statements;
      const client = await this.#client?.catch(() => null);
      if (client) await this.#rollback(client);
    } finally {
      this.#ended = true;
    }
  }

  async #rollback(client: pg.PoolClient) {
    try {
      await client.query('rollback');
      this.#release(client);
    } catch {
      this.#release(client, true); // the connection is broken: closed, not pooled
    }
  }

  #release(client: pg.PoolClient, broken = false) {
    client.off('error', this.#onError);
    client.release(broken);
  }
}
