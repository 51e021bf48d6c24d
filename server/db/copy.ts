// Bulk loading through COPY FROM STDIN, and reading through COPY TO STDOUT, streamed so 20M+ rows
// never sit in memory at once.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

export type CopyValue = string | number | boolean | null | undefined;

// One row in COPY text format.
export function copyLine(values: readonly CopyValue[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    if (i) out += '\t';
    const v = values[i];
    if (v === null || v === undefined) out += '\\N';
    else if (typeof v === 'string') out += v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);
    else out += String(v);
  }
  return out + '\n';
}
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

// Streams text chunks (each holding whole lines) into `table (columns)`.
export async function copyChunks(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  chunks: Iterable<string>,
): Promise<void> {
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  await pipeline(Readable.from(chunks, { objectMode: false }), stream);
}

// Convenience for row arrays: groups rows into ~64 KB chunks.
export function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
): Promise<void> {
  return copyChunks(client, table, columns, batch(rows));
}

function* batch(rows: Iterable<readonly CopyValue[]>): Generator<string> {
  let buf = '';
  for (const row of rows) {
    buf += copyLine(row);
    if (buf.length > 65536) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

/**
 * Streams the output of `copy (…) to stdout` into `parse`, chunk by chunk. An error the COPY's
 * stream hands back to pg (an ErrorResponse after its data: the trace of an npm start stopped while
 * a spare built its index) comes as the client's 'error' event, not the stream's: heard here, it
 * fails this copy rather than leave it waiting. The caller's client is then unusable, and must be
 * released with the error (and keep a listener of its own: loadDashboardIndex).
 */
export async function copyOut(client: pg.PoolClient, sql: string, parse: (chunk: Buffer) => void): Promise<void> {
  const stream = client.query(copyTo(sql));
  let failed = false;
  const fail = (error: Error) => {
    failed = true;
    stream.destroy(error);
  };
  client.on('error', fail);
  try {
    await pipeline(stream, new Writable({ write: (chunk: Buffer, _encoding, done) => (parse(chunk), done()) }));
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A failed connection still reports its end ('Connection terminated unexpectedly'): heard, and
    // ignored. A healthy client goes back to its pool without this listener.
    if (!failed) client.off('error', fail);
  }
}
