// The worker-thread side of the document pool: builds one heavy document and streams its bytes
// back over the task's port (server/workers/port-stream.ts). Started through entry.ts.
import type { MessagePort } from 'node:worker_threads';
import { heavyDocument, type DocumentTask } from '../documents/heavy-documents.ts';
import { portSink, ReaderGone } from './port-stream.ts';

export type DocumentJob = DocumentTask & { port: MessagePort };

export default async function makeDocument({ port, ...task }: DocumentJob): Promise<void> {
  const sink = portSink(port);
  const source = heavyDocument(task);
  try {
    for await (const chunk of source) await sink.write(chunk as Uint8Array);
    await sink.end();
  } catch (error) {
    // The client went away: stop drawing; that is no failure of the worker.
    if (!(error instanceof ReaderGone)) throw error;
  } finally {
    source.destroy();
    port.close();
  }
}
