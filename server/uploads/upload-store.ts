// Uploaded files in PostgreSQL (migration 160), so that any API node or worker can read what any
// other received: a row of uploads, and the bytes as chunks of about a megabyte in upload_chunks.
// Files go in and come out as streams, a chunk at a time, never whole in memory. A file is written
// inside its writer's transaction, so a cut or refused upload leaves nothing, and is never changed
// after; deleting its row frees its chunks.
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Queryable } from '../db/queryable.ts';

/** Bytes a chunk holds, at most (plus the last piece the source handed over). */
export const CHUNK_BYTES = 1 << 20;

export interface StoredUpload {
  id: number;
  name: string;
  size: number;
  sha256: string;
}

/** An upload that is not (or no longer) in the store, or came back shorter or longer than it went in. */
export class UploadMissingError extends Error {}

/**
 * Writes `source` as a new upload in chunks. Call it inside a transaction: a source that fails
 * half-way must roll the partial upload back with it. `copyTo` also writes the bytes to a local
 * file as they pass, for checks that need one (a workbook's ZIP directory).
 */
export async function writeUpload(tx: Queryable, name: string, source: AsyncIterable<Buffer> | Iterable<Buffer>, options: { copyTo?: string } = {}): Promise<StoredUpload> {
  const { rows: [row] } = await tx.query<{ id: number }>('insert into uploads (name) values ($1) returning id', [name]);
  const id = Number(row!.id);
  const hash = crypto.createHash('sha256');
  const copy = options.copyTo ? fs.createWriteStream(options.copyTo) : null;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await tx.query('insert into upload_chunks (upload_id, seq, data) values ($1, $2, $3)', [id, seq++, data]);
  };
  try {
    for await (const piece of source) {
      hash.update(piece);
      size += piece.length;
      if (copy && !copy.write(piece)) await once(copy, 'drain');
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
  } finally {
    if (copy) await new Promise<void>((resolve, reject) => copy.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  const sha256 = hash.digest('hex');
  await tx.query('update uploads set size = $2, sha256 = $3 where id = $1', [id, size, sha256]);
  return { id, name, size, sha256 };
}

/** A local file into the store (a reject file, or a file a job left on disk before migration 160). */
export function storeFile(tx: Queryable, name: string, file: string): Promise<StoredUpload> {
  // Opened when first read: a stream opened before writeUpload's first query would report a
  // missing file to no one (an uncaught error) instead of to the caller.
  return writeUpload(tx, name, (async function* () {
    yield* fs.createReadStream(file, { highWaterMark: CHUNK_BYTES });
  })());
}

/**
 * The upload's bytes in order, one chunk per query (no transaction held open while the reader
 * is slow). Fails with UploadMissingError when the upload is gone, or went while it was read.
 */
export function readUpload(db: Queryable, id: number): Readable {
  return Readable.from((async function* () {
    const { rows: [upload] } = await db.query<{ size: number }>('select size from uploads where id = $1', [id]);
    if (!upload) throw new UploadMissingError(`upload ${id} is not stored`);
    let read = 0;
    for (let seq = 0; ; seq++) {
      const { rows: [chunk] } = await db.query<{ data: Buffer }>('select data from upload_chunks where upload_id = $1 and seq = $2', [id, seq]);
      if (!chunk) break;
      read += chunk.data.length;
      yield chunk.data;
    }
    if (read !== Number(upload.size)) throw new UploadMissingError(`upload ${id} came back with ${read} of its ${upload.size} bytes`);
  })(), { objectMode: false });
}

/** Copies an upload to a local file, for a reader that needs one (a private temp file: server/uploads/private-temp.ts). */
export async function copyUploadToFile(db: Queryable, id: number, file: string): Promise<void> {
  await pipeline(readUpload(db, id), fs.createWriteStream(file));
}

/** Deletes an upload; its chunks go with it. */
export async function deleteUpload(db: Queryable, id: number): Promise<void> {
  await db.query('delete from uploads where id = $1', [id]);
}
