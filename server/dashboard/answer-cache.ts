// Dashboard answers cached in memory, keyed by what decides them (house, merchant selection,
// range, options) and valid for one data version: a rollup refresh bumps the version in the
// database, so every server stops serving older answers at once. Users of a house look at the
// same few ranges on Monday morning; the answer is computed once, not for each of them.
import crypto from 'node:crypto';

export interface AnswerCache {
  /** The cached answer for `key` at `version`, else `compute()`'s, remembered. */
  get<T>(key: unknown, version: string, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function answerCache(maxEntries = 2000): AnswerCache {
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, { version: string; value: Promise<unknown> }>();
  return {
    async get<T>(key: unknown, version: string, compute: () => Promise<T>): Promise<T> {
      const id = crypto.createHash('sha256').update(JSON.stringify(key)).digest('base64');
      const hit = entries.get(id);
      entries.delete(id);
      if (hit && hit.version === version) {
        entries.set(id, hit);
        return hit.value as Promise<T>;
      }
      // The promise itself is kept, so concurrent requests for the same answer compute it once.
      const value = compute();
      entries.set(id, { version, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => entries.get(id)?.value === value && entries.delete(id));
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
