// A ZIP written as its entries are made (fflate): each entry's bytes are produced, pushed and
// released before the next is asked for, and the generator waits while the client reads slowly,
// so 500 vouchers never sit in memory together.
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import { firstOf } from './stream-wait.ts';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const out = new PassThrough();
  let pending: Promise<unknown> | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) return void out.destroy(error);
    // write() false: the reader is behind; the generator waits for 'drain' before the next entry.
    if (out.destroyed) return;
    if (!out.write(chunk) && !pending) pending = firstOf(out, ['drain', 'close']);
  });
  void (async () => {
    try {
      for await (const entry of entries) {
        // The client went away: stop making entries (leaving the loop ends the generator's query too).
        if (out.destroyed) return;
        // PDFs are already compressed: stored, not deflated again.
        const file = new ZipPassThrough(entry.name);
        zip.add(file);
        file.push(entry.data, true);
        if (pending) {
          await pending;
          pending = null;
        }
      }
      zip.end();
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
