import { describe, expect, it } from 'vitest';
import { answerCache, type Json } from './answer-cache.ts';

describe('the dashboard answer cache', () => {
  it('computes an answer once per key and data version', async () => {
    const cache = answerCache();
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get({ house: 1, range: 'a' }, '1', compute)).toBe(1);
    expect(await cache.get({ house: 1, range: 'a' }, '1', compute)).toBe(1);
    expect(await cache.get({ house: 2, range: 'a' }, '1', compute)).toBe(2);
    // New data: the old answer is never served again.
    expect(await cache.get({ house: 1, range: 'a' }, '2', compute)).toBe(3);
  });

  it('shares one computation between concurrent requests, and forgets a failure', async () => {
    const cache = answerCache();
    let computed = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++computed), 10));
    expect(await Promise.all([cache.get('k', '1', slow), cache.get('k', '1', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', '1', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', '1', async () => 'recovered')).toBe('recovered');
  });

  it('cancels a shared computation only when every caller waiting for it has left', async () => {
    const cache = answerCache();
    let cancelled = false;
    const slow = (signal: AbortSignal) => new Promise<string>((resolve, reject) => {
      signal.addEventListener('abort', () => { cancelled = true; reject(new Error('cancelled')); });
      setTimeout(() => resolve('answer'), 30);
    });
    const [first, second] = [new AbortController(), new AbortController()];
    const a = cache.get('k', '1', slow, first.signal);
    const b = cache.get('k', '1', slow, second.signal);
    first.abort();
    expect(await b).toBe('answer');
    expect(await a).toBe('answer');
    expect(cancelled).toBe(false);
    const d = new AbortController();
    const e = cache.get('late', '1', slow, d.signal);
    d.abort();
    await expect(e).rejects.toThrow('cancelled');
    expect(cancelled).toBe(true);
    expect(await cache.get('late', '1', async () => 'computed again')).toBe('computed again');
  });

  it('keeps at most its size, dropping the least recently used', async () => {
    const cache = answerCache({ maxEntries: 2 });
    await cache.get('a', '1', async () => 'a');
    await cache.get('b', '1', async () => 'b');
    await cache.get('a', '1', async () => 'a again'); // a is now the most recent
    await cache.get('c', '1', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', '1', async () => 'recomputed')).toBe('a');
    expect(await cache.get('b', '1', async () => 'recomputed')).toBe('recomputed');
  });

  it('keeps at most its bytes of answers, dropping the least recently used, and counts a replaced answer once', async () => {
    const cache = answerCache({ maxBytes: 3000 });
    const answer = async (n: number): Promise<Json<string>> => ({ plain: Buffer.from(JSON.stringify('x'.repeat(n))), encoded: {} });
    await cache.get('a', '1', () => answer(1000));
    await cache.get('b', '1', () => answer(1000));
    expect(cache.bytes).toBeGreaterThan(2000);
    await cache.get('c', '1', () => answer(1000)); // over 3,000 bytes: a goes
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(3000);
    let recomputed = false;
    await cache.get('a', '1', () => ((recomputed = true), answer(10)));
    expect(recomputed).toBe(true);
    const before = cache.bytes;
    await cache.get('a', '2', () => answer(10)); // new data: the old answer's bytes are gone with it
    expect(cache.bytes).toBe(before);
  });

  it('turned off (ANSWER_CACHE=off), computes every call, shares nothing, and cancels a call whose caller left', async () => {
    const cache = answerCache({ enabled: false });
    let computed = 0;
    expect(await Promise.all([cache.get('k', '1', async () => ++computed), cache.get('k', '1', async () => ++computed)])).toEqual([1, 2]);
    const left = new AbortController();
    const waiting = cache.get('k', '1', (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('cancelled')))), left.signal);
    left.abort();
    await expect(waiting).rejects.toThrow('cancelled');
    expect(cache.size).toBe(0);
  });
});
