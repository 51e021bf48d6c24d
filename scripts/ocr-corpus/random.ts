// A seeded PRNG (mulberry32) so the corpus is the same on every run: no Math.random anywhere.

export type Rng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  range(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

/** A 32-bit hash of a string (FNV-1a), to seed one stream per layout and invoice. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function rng(seed: number | string): Rng {
  let a = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    range: (min, max) => min + next() * (max - min),
    pick: (items) => items[int(0, items.length - 1)]!,
    chance: (p) => next() < p,
  };
}

/** Fills a pattern: '#' a digit (never a leading 0), 'A' a capital letter, anything else as is. */
export function fillPattern(pattern: string, r: Rng): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === '#') out += String(out.length === 0 ? r.int(1, 9) : r.int(0, 9));
    else if (ch === 'A') out += String.fromCharCode(65 + r.int(0, 25));
    else out += ch;
  }
  return out;
}
