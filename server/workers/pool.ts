// Worker-thread pools for CPU-heavy work (documents, spreadsheets): the request loop only hands a
// task over and relays its result, so /api/health and every other call stay prompt meanwhile.
// Each pool is made on first use; idle threads end after a while and never keep the process up.
import { availableParallelism } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import Piscina from 'piscina';
import { HttpError } from '../http/errors.ts';
import { threadEntry } from './entry.ts';

export interface PoolOptions {
  /** The worker module, as its TypeScript URL (entry.ts finds what a thread starts from). */
  worker: URL;
  /** Tasks that may wait for a thread; one more is refused with 503 and `busyMessage`. */
  maxQueue: number;
  busyMessage: string;
  /** Threads at most: by default one, two on a machine of four cores or more (the request loop keeps one). */
  maxThreads?: number;
  /**
   * Niceness added to the pool's threads (Linux schedules threads one by one): the request loop
   * then wins the CPU whenever both want it. Needs @napi-rs/nice, piscina's optional dependency.
   */
  niceIncrement?: number;
}

export interface WorkerPool<T, R> {
  /** Runs a task, or throws a 503 HttpError at once when the queue is full. */
  run(task: T, transferList?: readonly Transferable[]): Promise<R>;
  close(): Promise<void>;
}

type Transferable = ArrayBuffer | MessagePort;

const defaultThreads = () => (availableParallelism() >= 4 ? 2 : 1);

export function workerPool<T, R>(options: PoolOptions): WorkerPool<T, R> {
  let pool: Piscina<T, R> | null = null;
  const get = () =>
    (pool ??= new Piscina<T, R>({
      ...threadEntry(options.worker),
      minThreads: 0,
      maxThreads: options.maxThreads ?? defaultThreads(),
      maxQueue: options.maxQueue,
      idleTimeout: 30_000,
      niceIncrement: options.niceIncrement ?? 0,
    }));
  return {
    run(task, transferList = []) {
      const p = get();
      // Checked before the task is queued, so the caller can answer 503 before any byte is sent.
      if (p.queueSize >= options.maxQueue) throw new HttpError(503, options.busyMessage);
      return p.run(task, { transferList: [...transferList] as never });
    },
    async close() {
      const p = pool;
      pool = null;
      await p?.destroy();
    },
  };
}
