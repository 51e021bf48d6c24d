// The request loop's side of the document pool: a heavy document as a stream of the bytes a
// worker thread makes. One thread on this 2-core machine (pool.ts), a few waiting; more are refused.
import type { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import type { DocumentTask } from '../documents/heavy-documents.ts';
import type { DocumentJob } from './documents-worker.ts';
import { workerPool } from './pool.ts';
import { readableFromPort } from './port-stream.ts';

/** Documents that may wait for the thread; the next is refused (503) rather than queued without end. */
export const MAX_QUEUED_DOCUMENTS = 4;
export const DOCUMENTS_BUSY = 'The server is busy making other documents. Please try again in a minute.';

const pool = workerPool<DocumentJob, void>({
  worker: new URL('./documents-worker.ts', import.meta.url),
  maxQueue: MAX_QUEUED_DOCUMENTS,
  busyMessage: DOCUMENTS_BUSY,
  // A document may take a minute; /api/health and every other call should not wait for its pages.
  niceIncrement: 10,
});

/** Throws the 503 HttpError at once when the queue is full, so the route answers before any byte. */
export function documentStream(task: DocumentTask): Readable {
  const { port1, port2 } = new MessageChannel();
  let done: Promise<void>;
  try {
    done = pool.run({ ...task, port: port2 }, [port2]);
  } catch (error) {
    port1.close();
    throw error;
  }
  const out = readableFromPort(port1);
  done.catch((error: Error) => out.destroy(error));
  return out;
}

/** Ends the pool's threads (graceful shutdown, tests). */
export const closeDocumentPool = () => pool.close();
