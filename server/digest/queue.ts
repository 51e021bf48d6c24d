// The digest's jobs (pg-boss 10, docs/digest.md). A cron schedule ticks every 15 minutes; each
// tick queues one job per user whose 07:00 (their time zone; Mondays for weekly) it is. Each job
// sends one user's digest, retried on failure; the send record's primary key (user, period) makes
// a retry, or the same user queued by two ticks or two servers, send once.
import type pg from 'pg';
import { startBoss } from '../db/job-boss.ts';
import type { DigestRecipient } from '../repositories/digest.ts';
import { isDue, periodOf } from './periods.ts';
import { sendDigest, type DigestSender } from './send.ts';

export const DIGEST_TICK = 'digest-tick';
export const DIGEST_QUEUE = 'digest-send';
export const TICK_CRON = '*/15 * * * *';
/** Digests sent one after another per poll of the queue. */
const SEND_BATCH = 20;

export interface DigestJob { userId: number; period: string }
export type DigestQueue = { tick(now?: Date): Promise<number>; enqueue(job: DigestJob): Promise<void>; stop(): Promise<void> };

/** The users due at `now`, each with the period their digest belongs to. */
export function dueJobs(recipients: DigestRecipient[], now: Date): DigestJob[] {
  return recipients.flatMap(({ id, preferences: p }) =>
    p.frequency !== 'off' && isDue(p.frequency, now, p.timeZone) ? [{ userId: id, period: periodOf(p.frequency, now, p.timeZone) }] : []);
}

export async function startDigestQueue(pool: pg.Pool, sender: DigestSender, options: { retryDelaySeconds?: number; schedule?: boolean } = {}): Promise<DigestQueue> {
  const boss = await startBoss(pool, 'digest queue', [{ name: DIGEST_TICK }, { name: DIGEST_QUEUE }], options.schedule ?? true);
  const enqueue = async (job: DigestJob) => {
    await boss.send(DIGEST_QUEUE, job, { retryLimit: 5, retryDelay: options.retryDelaySeconds ?? 60, retryBackoff: true, expireInSeconds: 600 });
  };
  const tick = async (now = new Date()) => {
    const jobs = dueJobs(await sender.digest.recipients(), now);
    for (const job of jobs) await enqueue(job);
    return jobs.length;
  };
  if (options.schedule ?? true) await boss.schedule(DIGEST_TICK, TICK_CRON, {}, { tz: 'UTC' });
  await boss.work(DIGEST_TICK, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => void (await tick()));
  // A batch per poll (pg-boss waits its polling interval after every batch): one job at a time
  // sent 2 digests a second. Each job of the batch succeeds or fails alone: a failed one is
  // marked for retry here, and pg-boss completes only the jobs still active.
  await boss.work<DigestJob>(DIGEST_QUEUE, { batchSize: SEND_BATCH, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) {
      try {
        await sendDigest(sender, job.data.userId, new Date(), job.data.period);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`digest of user ${job.data.userId}:`, message);
        await boss.fail(DIGEST_QUEUE, job.id, { message });
      }
    }
  });
  return { tick, enqueue, stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined) };
}
