// One entry point for the app's database: DATABASE_URL when given (any PostgreSQL),
// otherwise the embedded cluster under dataDir.
import pg from 'pg';
import './type-parsers.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export interface Database {
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const embedded = opts.databaseUrl ? undefined : await startEmbeddedPostgres(opts.dataDir);
  const url = opts.databaseUrl ?? embedded!.url;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
  let closed = false;
  return {
    pool,
    url,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pool.end();
      } finally {
        await embedded?.stop();
      }
    },
  };
}
