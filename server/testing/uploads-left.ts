// What an upload left in the upload store (migration 160) besides the reject files jobs keep for
// download: an ended, refused or cut upload leaves { uploads: 0, chunks: 0 }.
import type pg from 'pg';

export const NOTHING_STORED = { uploads: 0, chunks: 0 };

export async function uploadsLeft(pool: pg.Pool | pg.Client): Promise<{ uploads: number; chunks: number }> {
  const { rows: [left] } = await pool.query(
    `select (select count(*) from uploads u where not exists (select 1 from import_jobs j where j.rejects_upload_id = u.id))::int as uploads,
            (select count(*) from upload_chunks c where not exists (select 1 from import_jobs j where j.rejects_upload_id = c.upload_id))::int as chunks`);
  return left;
}
