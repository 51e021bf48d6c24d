import { describe, expect, it } from 'vitest';
import { answerCache } from './answer-cache.ts';

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

  it('keeps at most its size, dropping the least recently used', async () => {
    const cache = answerCache(2);
    await cache.get('a', '1', async () => 'a');
    await cache.get('b', '1', async () => 'b');
    await cache.get('a', '1', async () => 'a again'); // a is now the most recent
    await cache.get('c', '1', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', '1', async () => 'recomputed')).toBe('a');
    expect(await cache.get('b', '1', async () => 'recomputed')).toBe('recomputed');
  });
});
