import type pg from 'pg';

/**
 * What a repository needs of the database: its query method. A pool, a transaction's client
 * (server/db/transaction.ts) or cancellable's queries (server/db/cancellable.ts) all give it.
 */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
