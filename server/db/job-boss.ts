// pg-boss 10 in the portal's own PostgreSQL (schema pgboss): the job queues of long work that must
// not hold a request open and must survive a restart (invoice OCR, purchase imports).
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { LOCKS, withSessionLock } from './session-lock.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

let guarded = false;
/**
 * pg-boss 10 does not await the complete()/fail() it sends after a job (manager.js, onFetch): when
 * the database is failing over, that rejection is unhandled and would end the process. The job
 * stays active then, expires and runs again (a heartbeat tells a live run), so it is only logged.
 * Any other unhandled rejection ends the process, as it would without this.
 */
function survivePgBossCompletions() {
  if (guarded) return;
  guarded = true;
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    console.error(`job queue: a job's end not recorded, the database did not answer (${(reason as Error).message})`);
  });
}

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
  survivePgBossCompletions();
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
