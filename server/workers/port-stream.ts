// Bytes made in a worker thread, streamed to the request loop over a MessagePort with credit-based
// back-pressure: the worker sends batches of BATCH bytes (transferred, not copied) and stops when
// WINDOW batches are unread, so a slow client holds at most ~1 MB here, never the whole document.
import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

const BATCH = 64 * 1024;
const WINDOW = 16;
/** A reader that reads nothing for this long has gone, whatever its socket says. */
const STALL_MS = 120_000;

/** What the worker posts: a batch of bytes, or null at the end. The reader answers with credits (numbers). */
type Batch = Uint8Array | null;

/** The request loop's end: a Readable of the worker's bytes; destroying it closes the port (the worker stops). */
export function readableFromPort(port: MessagePort): Readable {
  let owed = 0;
  const out = new Readable({
    highWaterMark: BATCH * 2,
    read() {
      if (owed === 0) return;
      port.postMessage(owed);
      owed = 0;
    },
    destroy(error, callback) {
      port.close();
      callback(error);
    },
  });
  let ended = false;
  port.on('message', (batch: Batch) => {
    if (batch === null) {
      ended = true;
      port.close();
      out.push(null);
      return;
    }
    // The credit is returned once the reader has room: at once, or when it next asks for more.
    if (out.push(Buffer.from(batch.buffer, batch.byteOffset, batch.byteLength))) port.postMessage(1);
    else owed++;
  });
  // The worker closed its end before the end mark: it failed or stopped; the reader must not wait.
  port.on('close', () => {
    if (!ended && !out.destroyed) out.destroy(new Error('The document ended before it was complete.'));
  });
  return out;
}

export class ReaderGone extends Error {
  constructor() {
    super('The reader went away.');
  }
}

/** The worker's end: write() waits while the reader is WINDOW batches behind, and throws ReaderGone once it left. */
export function portSink(port: MessagePort) {
  let credit = WINDOW;
  let closed = false;
  let wake: (() => void) | null = null;
  let parts: Uint8Array[] = [];
  let size = 0;
  const resume = () => {
    wake?.();
    wake = null;
  };
  port.on('message', (n: number) => {
    credit += n;
    resume();
  });
  port.on('close', () => {
    closed = true;
    resume();
  });
  /** Waits for a credit; a reader that takes none for STALL_MS is dropped, so it cannot hold the thread. */
  async function creditOrGone() {
    while (credit <= 0 && !closed) {
      let timer: NodeJS.Timeout | undefined;
      const moved = await new Promise<boolean>((resolve) => {
        wake = () => resolve(true);
        timer = setTimeout(() => resolve(false), STALL_MS);
      });
      clearTimeout(timer);
      if (!moved) {
        port.close();
        closed = true;
      }
    }
  }
  async function flush() {
    if (size === 0) return;
    await creditOrGone();
    if (closed) throw new ReaderGone();
    // A fresh buffer of its own, so transferring it detaches nothing else.
    const batch = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      batch.set(part, at);
      at += part.byteLength;
    }
    parts = [];
    size = 0;
    credit--;
    port.postMessage(batch, [batch.buffer]);
  }
  return {
    get closed() {
      return closed;
    },
    async write(chunk: Uint8Array) {
      if (closed) throw new ReaderGone();
      parts.push(chunk);
      size += chunk.byteLength;
      if (size >= BATCH) await flush();
    },
    /** Sends the rest and the end mark, then waits for the reader to close the port (so nothing is lost). */
    async end() {
      await flush();
      if (closed) return;
      port.postMessage(null);
      while (!closed) await new Promise<void>((r) => (wake = r));
    },
  };
}
