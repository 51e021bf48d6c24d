// The API served by several processes on one port (node:cluster): a Node process computes on one
// core, and a dashboard, an Intel batch or a rebate page is mostly the event loop's work once the
// data is in memory. This process prepares the database once (the embedded PostgreSQL runs here,
// migrated and seeded), then starts API_PROCESSES workers that share the port; each accepts new
// connections from it when its event loop is free. Each worker keeps its own indexes and caches, kept
// honest by the data and caller versions in the database, as separate servers are
// (docs/scale-out.md). The first worker also runs the job queues; a worker that dies is replaced.
// A warm spare (API_SPARE=0 turns it off) has built everything but does not listen: when a worker
// dies it takes its place at once. A new process takes seconds to load and build its indexes (14 s
// on 2 busy cores), so without it a second death in that time left nobody to answer (issue 35).
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { openPreparedDatabase } from './startup.ts';

/** What a worker tells this process once it listens. */
export const LISTENING = 'portal:listening';
/** What the spare tells this process once it is ready to listen. */
export const SPARE_READY = 'portal:spare-ready';
/** Sent to the spare to take a dead worker's place: it listens, and works the job queues if `work`. */
export interface TakeOver { type: 'portal:take-over'; work: boolean }

/** A worker that dies is started again after this long (a crash loop does not spin a core). */
const RESTART_AFTER_MS = 1_000;
/** A spare that dies is started again after this long. */
const SPARE_AFTER_MS = 5_000;

export interface ApiProcesses {
  stop(): Promise<void>;
}

/**
 * Starts the workers; resolves once every one listens. A worker that stops before it ever
 * listened (the port taken, the database unreachable) fails the start, as one process would:
 * starting it again would only fail again, for ever.
 */
export async function startApiProcesses(config: Config): Promise<ApiProcesses> {
  // The workers accept from the shared socket themselves. With round robin (Node's default) this
  // process accepts and hands each connection over; a connection handed to a worker that dies
  // before taking it is never answered nor closed (the handover's reply never comes), and with
  // no timeout of its own a browser waits on it for good. Accepting themselves, a dead worker's
  // queued connections stay in the socket's queue for the others.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const db: Database = await openPreparedDatabase(config);
  // The workers use this database: the embedded one through its URL, else DATABASE_URL as given.
  const env = config.databaseUrl ? {} : { DATABASE_URL: db.url };
  let stopping = false;
  const workers = new Map<number, Worker>();
  const listened = new Set<number>();

  const stop = async () => {
    stopping = true;
    await Promise.all([...workers.values(), ...(spare ? [spare.worker] : [])].map((worker) => new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve();
      const killer = setTimeout(() => worker.process.kill('SIGKILL'), 10_000);
      worker.once('exit', () => (clearTimeout(killer), resolve()));
      worker.process.kill('SIGTERM');
    })));
    await db.close();
  };

  let spare: { worker: Worker; ready: boolean } | null = null;
  const useSpare = config.apiSpare;
  const startSpare = () => {
    if (stopping || !useSpare) return;
    const mine = { worker: cluster.fork({ ...env, PORTAL_SPARE: '1' }), ready: false };
    spare = mine;
    mine.worker.on('message', (message: unknown) => void (message === SPARE_READY && (mine.ready = true)));
    mine.worker.on('exit', () => {
      if (spare !== mine || stopping) return; // promoted (its slot watches it now), or stopping
      spare = null;
      setTimeout(startSpare, SPARE_AFTER_MS).unref();
    });
  };

  const started = new Promise<void>((resolve, reject) => {
    const serveSlot = (slot: number, worker: Worker) => {
      workers.set(slot, worker);
      worker.on('message', (message: unknown) => {
        if (message !== LISTENING || listened.has(slot)) return;
        listened.add(slot);
        if (listened.size === config.apiProcesses) resolve();
      });
      worker.on('exit', (code, signal) => {
        if (stopping) return;
        const how = signal ?? `exit code ${code}`;
        if (!listened.has(slot)) return reject(new Error(`API process ${slot + 1} stopped before it listened (${how}); see its messages above`));
        if (spare?.ready) {
          console.error(`API process ${slot + 1} stopped (${how}); the spare takes its place`);
          const promoted = spare.worker;
          spare = null;
          serveSlot(slot, promoted);
          promoted.send({ type: 'portal:take-over', work: slot === 0 } satisfies TakeOver);
          startSpare();
          return;
        }
        console.error(`API process ${slot + 1} stopped (${how}); starting it again`);
        setTimeout(() => (stopping ? undefined : start(slot)), RESTART_AFTER_MS).unref();
      });
    };
    // Only the first worker runs the job queues' work (OCR, imports); the others queue it.
    const start = (slot: number) => serveSlot(slot, cluster.fork({ ...env, ...(slot > 0 ? { INVOICE_WORKER: '0', IMPORT_WORKER: '0' } : {}) }));
    for (let slot = 0; slot < config.apiProcesses; slot++) start(slot);
  });
  try {
    await started;
  } catch (err) {
    await stop();
    throw err;
  }
  startSpare(); // once all listen, so it does not slow the start
  console.log(`Portal ready on http://localhost:${config.port} (${config.apiProcesses} API processes${useSpare ? ' and a spare' : ''})`);
  return { stop };
}
