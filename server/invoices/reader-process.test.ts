import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INVOICE_FIXTURES, truePages } from '../testing/invoice-fixtures.ts';
import { ReaderStopped } from './reader.ts';
import { startReaderProcess, type ReaderProcess } from './reader-process.ts';

const page = truePages.find((t) => t.file === 'invoice-01-a-clean.png')!;
const png = fs.readFileSync(path.join(INVOICE_FIXTURES, page.file));
const codes = (lines: { itemCode: string | null }[]) => lines.map((l) => l.itemCode);

describe('the reader process', () => {
  let reader: ReaderProcess | undefined;
  afterEach(async () => { await reader?.close(); });

  it('reads pages in a process of its own, one after another, and a page that is no image fails alone', async () => {
    reader = startReaderProcess();
    const first = await reader.read(png);
    expect(codes(first.invoice.lines)).toEqual(codes(page.lines));
    const error = await reader.read(Buffer.from('not an image')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ReaderStopped);
    expect((await reader.read(png)).invoice.lines).toHaveLength(page.lines.length);
    expect(reader.stats()).toMatchObject({ started: 1 });
    expect(reader.stats().peakRssMb).toBeGreaterThan(50);
  }, 60_000);

  it('a reader past its memory budget is replaced before the next page', async () => {
    reader = startReaderProcess({ recycleAboveMb: 1 });
    const [a, b] = [await reader.read(png), await reader.read(png)];
    expect(codes(b.invoice.lines)).toEqual(codes(a.invoice.lines));
    expect(reader.stats().started).toBe(2);
  }, 60_000);

  it('a page that hangs its reader is given up as the reader\'s failure, and the next page gets a new reader', async () => {
    // Starting a reader and loading the model alone take longer than a tenth of a second.
    reader = startReaderProcess({ timeoutSeconds: 0.1 });
    await expect(reader.read(png)).rejects.toBeInstanceOf(ReaderStopped);
    await expect(reader.read(png)).rejects.toThrow('The page was not read in 0.1 s.');
    expect(reader.stats().started).toBe(2);
  }, 60_000);

  it('closing the reader stops the page it is reading, as the reader\'s failure', async () => {
    reader = startReaderProcess();
    const reading = reader.read(png);
    await new Promise((r) => setTimeout(r, 300));
    await reader.close();
    await expect(reading).rejects.toBeInstanceOf(ReaderStopped);
  }, 60_000);
});
