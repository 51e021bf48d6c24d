// The upload store: a file goes into PostgreSQL in chunks of about a megabyte as it streams, comes
// back the same bytes in order, leaves nothing when its writer's transaction fails, and frees its
// chunks when deleted. Private temp folders of killed processes are removed.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { inTransaction } from '../db/transaction.ts';
import { createScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { removeDeadTemps, withPrivateTemp } from './private-temp.ts';
import { CHUNK_BYTES, copyUploadToFile, deleteUpload, readUpload, UploadMissingError, writeUpload } from './upload-store.ts';

describe.each(testTargets())('the upload store on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  const chunks = async (id: number) =>
    (await db.pool.query('select seq, length(data) as n from upload_chunks where upload_id = $1 order by seq', [id])).rows.map((r) => [r.seq, r.n]);

  beforeAll(async () => {
    db = await createScratchDatabase(adminUrl);
    await migrate(db.pool);
  });
  afterAll(() => db?.drop());

  /** 2.5 MB in the 64 KB pieces a multipart stream hands over. */
  const bytes = crypto.randomBytes(2.5 * CHUNK_BYTES);
  async function* pieces(failAt = Infinity) {
    for (let at = 0; at < bytes.length; at += 64 * 1024) {
      if (at >= failAt) throw new Error('the client went away');
      yield bytes.subarray(at, at + 64 * 1024);
    }
  }

  it('stores a stream as ~1 MB chunks with its size and SHA-256, and reads it back in order, to a stream or a file', async () => {
    const stored = await inTransaction(db.pool, (tx) => writeUpload(tx, 'week.csv', pieces()));
    expect(stored).toMatchObject({ name: 'week.csv', size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') });
    expect(await chunks(stored.id)).toEqual([[0, CHUNK_BYTES], [1, CHUNK_BYTES], [2, CHUNK_BYTES / 2]]);
    expect(Buffer.concat(await readUpload(db.pool, stored.id).toArray()).equals(bytes)).toBe(true);
    await withPrivateTemp(async (dir) => {
      await copyUploadToFile(db.pool, stored.id, path.join(dir, 'copy'));
      expect(fs.readFileSync(path.join(dir, 'copy')).equals(bytes)).toBe(true);
    });
    await deleteUpload(db.pool, stored.id);
    expect(await chunks(stored.id)).toEqual([]);
    await expect(readUpload(db.pool, stored.id).toArray()).rejects.toThrow(UploadMissingError);
  });

  it('a source that fails half-way leaves no upload and no chunk', async () => {
    const count = async () => (await db.pool.query('select (select count(*) from uploads) + (select count(*) from upload_chunks) as n')).rows[0].n;
    const before = await count();
    await expect(inTransaction(db.pool, (tx) => writeUpload(tx, 'cut.csv', pieces(1.5 * CHUNK_BYTES)))).rejects.toThrow('the client went away');
    expect(await count()).toBe(before);
  });

  it('an upload that loses a chunk while read fails instead of coming back short', async () => {
    const stored = await inTransaction(db.pool, (tx) => writeUpload(tx, 'x.csv', pieces()));
    await db.pool.query('delete from upload_chunks where upload_id = $1 and seq = 2', [stored.id]);
    await expect(readUpload(db.pool, stored.id).toArray()).rejects.toThrow(/came back with 2097152 of its 2621440 bytes/);
  });

  it('removes the private temp folders of processes that are gone, never a live one’s', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-temps-'));
    try {
      const gone = spawnSync(process.execPath, ['-e', '']).pid!;
      fs.mkdirSync(path.join(root, `portal-upload-${gone}-abc`));
      fs.writeFileSync(path.join(root, `portal-upload-${gone}-abc`, 'upload.xlsx'), 'x');
      fs.mkdirSync(path.join(root, `portal-upload-${process.pid}-def`));
      fs.mkdirSync(path.join(root, 'someone-else'));
      expect(await removeDeadTemps(root)).toBe(1);
      expect(fs.readdirSync(root).sort()).toEqual([`portal-upload-${process.pid}-def`, 'someone-else']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
