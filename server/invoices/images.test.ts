import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareForOcr } from './images.ts';

/** A page lit from the top (white) to the bottom (grey 150), with one dark word-sized block of print. */
async function shadowedPage(): Promise<Buffer> {
  const width = 1200, height = 1600;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#969696"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect x="100" y="1400" width="300" height="30" fill="#202020"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function pixels(prepared: { data: Buffer }) {
  const { data, info } = await sharp(prepared.data).raw().toBuffer({ resolveWithObject: true });
  return { at: (x: number, y: number) => data[(y * info.width + x) * info.channels]!, info };
}

describe('prepareForOcr', () => {
  it('evens out a shadow: the paper is white everywhere, without stripes, and the print stays dark', async () => {
    const prepared = await prepareForOcr(await shadowedPage());
    const { at, info } = await pixels(prepared);
    expect(info.width).toBe(2400);
    // Paper down the whole page, in the light and in the shadow, every 10 px.
    const paper: number[] = [];
    for (let y = 20; y < info.height - 20; y += 10) if (y < 2750 || y > 2900) paper.push(at(1800, y));
    expect(Math.min(...paper)).toBeGreaterThan(235);
    // The block of print (scaled 2×) in the shadowed part stays ink.
    expect(at(500, 2830)).toBeLessThan(60);
  });
});
