import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { portSink, readableFromPort, ReaderGone } from './port-stream.ts';

const KB = 1024;
const chunk = (i: number) => new Uint8Array(16 * KB).fill(i % 251);

describe('bytes over a MessagePort', () => {
  it('arrive whole and in order', async () => {
    const { port1, port2 } = new MessageChannel();
    const out = readableFromPort(port1);
    const sink = portSink(port2);
    const writing = (async () => {
      for (let i = 0; i < 200; i++) await sink.write(chunk(i));
      await sink.end();
    })();
    const got: Buffer[] = [];
    for await (const c of out) got.push(c as Buffer);
    await writing;
    const all = Buffer.concat(got);
    expect(all.length).toBe(200 * 16 * KB);
    for (let i = 0; i < 200; i++) expect(all[i * 16 * KB]).toBe(i % 251);
  });

  it('hold the writer while the reader is behind: about a megabyte in flight, never the whole document', async () => {
    const { port1, port2 } = new MessageChannel();
    const out = readableFromPort(port1);
    const sink = portSink(port2);
    let written = 0;
    void (async () => {
      for (let i = 0; i < 2000; i++) {
        await sink.write(chunk(i));
        written += 16 * KB;
      }
    })().catch(() => {});
    await new Promise((r) => setTimeout(r, 300));
    // Nobody read: the writer stopped after the window (16 × 64 KB) and the reader's buffer.
    expect(written).toBeLessThan(2 * 1024 * KB);
    out.destroy();
  });

  it('tell the writer the reader went away', async () => {
    const { port1, port2 } = new MessageChannel();
    const out = readableFromPort(port1);
    const sink = portSink(port2);
    out.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const writing = (async () => {
      for (let i = 0; i < 100; i++) await sink.write(chunk(i));
    })();
    await expect(writing).rejects.toBeInstanceOf(ReaderGone);
  });
});
