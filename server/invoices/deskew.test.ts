import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { skewOf } from './deskew.ts';

/** A page of twenty lines of print, turned by `degrees` (clockwise when positive), as grey pixels. */
async function turnedPage(degrees: number) {
  const rows = Array.from({ length: 20 }, (_, i) => `<text x="80" y="${120 + i * 50}" font-size="28" font-family="sans-serif">Chicken Wings Jumbo Split Fresh 40 LB CS 4 98.50 394.00</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><rect width="100%" height="100%" fill="#fff"/>${rows.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).rotate(degrees, { background: '#ffffff' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('skewOf', () => {
  it.each([0, 2.3, -1.2, -2.95, 4.5])('finds a page turned by %s° to within 0.1°', async (degrees) => {
    const page = await turnedPage(degrees);
    expect(Math.abs(skewOf(page.data, page.width, page.height) - degrees)).toBeLessThanOrEqual(0.1);
  });

  it('calls a blank page level', () => {
    expect(skewOf(new Uint8Array(400 * 400).fill(255), 400, 400)).toBe(0);
  });
});
