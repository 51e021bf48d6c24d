import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineBox } from '../../src/model/invoice-parser.ts';
import { INVOICE_FIXTURES, truePages } from '../testing/invoice-fixtures.ts';
import { createOcr, type Ocr } from './ocr.ts';
import { readImage } from './read-invoice.ts';

const page = truePages.find((t) => t.file === 'invoice-01-a-clean.png')!;
const png = fs.readFileSync(path.join(INVOICE_FIXTURES, page.file));
const centre = (b: LineBox) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });
/** Where a point of the upright page (in fractions) lies on the page turned `degrees` clockwise. */
const turned = { 90: ({ x, y }: { x: number; y: number }) => ({ x: 1 - y, y: x }), 180: ({ x, y }: { x: number; y: number }) => ({ x: 1 - x, y: 1 - y }), 270: ({ x, y }: { x: number; y: number }) => ({ x: y, y: 1 - x }) };

describe('a page uploaded upside down or sideways', () => {
  let ocr: Ocr;
  beforeAll(async () => { ocr = await createOcr(); });
  afterAll(() => ocr?.close());

  it.each([90, 180, 270] as const)('turned %i° is read like the upright page, each line\'s box where that line is on the turned image', async (degrees) => {
    const upright = (await readImage(ocr, png)).invoice.lines;
    expect(upright.map((l) => l.itemCode)).toEqual(page.lines.map((l) => l.itemCode));
    const lines = (await readImage(ocr, await sharp(png).rotate(degrees).png().toBuffer())).invoice.lines;
    expect(lines.map((l) => [l.itemCode, l.quantity, l.unitPrice, l.totalPrice])).toEqual(page.lines.map((l) => [l.itemCode, l.quantity, l.unitPrice, l.totalPrice]));
    lines.forEach((line, i) => {
      const want = turned[degrees](centre(upright[i]!.box!));
      const got = centre(line.box!);
      expect(Math.abs(got.x - want.x)).toBeLessThan(0.01);
      expect(Math.abs(got.y - want.y)).toBeLessThan(0.01);
      // A sideways line is tall and narrow on the turned image.
      expect(line.box!.w > line.box!.h).toBe(degrees === 180);
    });
  }, 60_000);
});
