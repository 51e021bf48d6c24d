import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { skewOf, unturnedPoint } from './deskew.ts';

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

describe('unturnedPoint', () => {
  it.each([2.6, -3.4])('finds on the uploaded page (turned %s°) a mark seen on the page turned level, to within 2 px', async (degrees) => {
    const [width, height, mark] = [1000, 1300, { x: 780, y: 240 }];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><rect x="${mark.x - 6}" y="${mark.y - 6}" width="12" height="12" fill="#000"/></svg>`;
    // Turned level as prepareForOcr does: by the opposite of the page's skew, on a larger canvas.
    const { data, info } = await sharp(Buffer.from(svg)).rotate(-degrees, { background: '#ffffff' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    let [sx, sy, n] = [0, 0, 0];
    for (let i = 0; i < data.length; i++) if (data[i]! < 128) [sx, sy, n] = [sx + (i % info.width), sy + Math.floor(i / info.width), n + 1];
    const back = unturnedPoint(sx / n, sy / n, { degrees, width, height }, info.width, info.height);
    expect(Math.abs(back.x - mark.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(back.y - mark.y)).toBeLessThanOrEqual(2);
  });
});
