import { describe, expect, it } from 'vitest';
import { freshRead } from './fresh-read.ts';

describe('freshRead', () => {
  it('shares a read among callers waiting for it, but never one that started before a caller asked', async () => {
    let value = 0;
    let reads = 0;
    const started: number[] = [];
    const read = freshRead(async () => {
      reads++;
      started.push(value);
      await new Promise((r) => setTimeout(r, 20));
      return started.at(-1)!;
    });
    const first = read(); // starts at once (value 0)
    await new Promise((r) => setTimeout(r, 5));
    value = 1; // a write commits while the first read runs
    const [second, third] = [read(), read()]; // both asked after the write: they wait for a new read
    expect(await first).toBe(0);
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(reads).toBe(2);
  });

  it('a failed read fails its callers only; the next caller reads again', async () => {
    let fail = true;
    const read = freshRead(async () => {
      if (fail) throw new Error('db down');
      return 'ok';
    });
    await expect(read()).rejects.toThrow('db down');
    fail = false;
    expect(await read()).toBe('ok');
  });
});
