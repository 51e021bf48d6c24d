import { describe, expect, it } from 'vitest';
import { removeRules } from './rules.ts';

describe('removeRules', () => {
  it('whitens long rules along rows and columns and keeps strokes the length of letters and bands thicker than rules', () => {
    const width = 600, height = 400;
    const grey = new Uint8Array(width * height).fill(255);
    const fill = (x0: number, y0: number, w: number, h: number, v: number) => {
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) grey[y * width + x] = v;
    };
    fill(20, 100, 560, 3, 150); // a grey rule under a row
    fill(300, 10, 2, 380, 40); // a column rule
    fill(50, 60, 8, 40, 0); // a letter's stroke touching the rule from above
    fill(100, 200, 120, 30, 0); // a bold word: dark, but shorter than a rule
    fill(20, 300, 560, 40, 60); // a shaded heading band: long, but thicker than a rule
    removeRules(grey, width, height);
    expect(grey[101 * width + 400]).toBe(255);
    expect(grey[50 * width + 301]).toBe(255);
    expect(grey[80 * width + 54]).toBe(0);
    expect(grey[215 * width + 150]).toBe(0);
    expect(grey[320 * width + 100]).toBe(60);
  });
});
