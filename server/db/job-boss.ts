// pg-boss 10 in the portal's own PostgreSQL (schema pgboss): the job queues of long work that must
// not hold a request open and must survive a restart (invoice OCR, purchase imports).
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { LOCKS, withSessionLock } from './session-lock.ts';

/** A queue this process sends to or works: created when missing, its options brought up to date. */
export interface QueueSetup {
  name: string;
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

/** `schedule`: run pg-boss's cron (the digest's tick); the other queues only send and work. */
export async function startBoss(pool: pg.Pool, name: string, queues: QueueSetup[], schedule = false): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) } as never,
    schema: 'pgboss',
    supervise: true,
    schedule,
  });
  boss.on('error', (error) => console.error(`${name}:`, error.message));
  // Processes starting at once (API processes, workers, cluster nodes) take turns: pg-boss's
  // `create schema if not exists` can collide with another's despite its lock (the catalog it
  // checks predates the wait), and two creating one queue deadlock on its partition.
  await withSessionLock(pool, LOCKS.jobSchema, async () => {
    await boss.start();
    for (const queue of queues) {
      await boss.createQueue(queue.name, queue);
      await boss.updateQueue(queue.name, queue);
    }
  });
  return boss;
}
