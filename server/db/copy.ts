// Bulk loading through COPY FROM STDIN, streamed so 20M+ rows never sit in memory at once.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

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
