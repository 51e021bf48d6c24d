// A query that failed because no database answered it: the primary died or is being replaced
// (pg_auto_failover promotes the standby within seconds), a pooler cut the connection, or a write
// reached a node that is no longer primary. Nothing was answered, so the request gets 503 with
// Retry-After and the client sends it again (HAProxy for reads, the portal's client with its
// backoff and, for writes, the same Idempotency-Key), by when the new primary takes it.

// Connection refused, reset or timed out; SQLSTATE class 08 (connection exception: PgBouncer's
// "server conn crashed?" and "server login has been failing" are 08P01), 57P01–57P03 (shutdown,
// crash, starting up) and 25006 (read-only transaction: the node is a standby now).
const CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '25006']);

export function isDatabaseUnavailable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  // node-postgres's own words when the server side of a connection went away.
  return typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/i.test(message);
}
