import pg from 'pg';

/**
 * A client whose queries never prepare a statement by name (the repositories name their hot ones
 * so PostgreSQL plans them once per connection). Behind PgBouncer in transaction mode each
 * transaction may get another server connection, where that name is unknown (PgBouncer before
 * 1.21, Debian 12's is 1.18); an unnamed statement lives only until its own Sync, so it is safe.
 */
export class UnpreparedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [first] = args;
    // A query config (not a Submittable such as a cursor) loses its name, keeping text and values.
    if (first && typeof first === 'object' && 'name' in first && !('submit' in first)) {
      const { name: _name, ...unnamed } = first as pg.QueryConfig;
      args[0] = unnamed;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
