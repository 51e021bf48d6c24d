// pg-boss 10 in the portal's own PostgreSQL (schema pgboss): the job queues of long work that must
// not hold a request open and must survive a restart (invoice OCR, purchase imports).
import PgBoss from 'pg-boss';
import type pg from 'pg';

/** `schedule`: run pg-boss's cron (the digest's tick); the other queues only send and work. */
export async function startBoss(pool: pg.Pool, name: string, schedule = false): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) } as never,
    schema: 'pgboss',
    supervise: true,
    schedule,
  });
  boss.on('error', (error) => console.error(`${name}:`, error.message));
  await boss.start();
  return boss;
}
