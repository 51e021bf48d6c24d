// Hostile workbooks, made here (server/testing/workbook-bombs.ts), are refused while they are read,
// naming the bound they pass, in a worker thread whose memory the server does not share; no
// temporary file stays behind. Limits are scaled down where a bomb at the real ones would take long
// to make; the attack's own shape is also refused at the real limits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { BOMBS, writeWorkbook } from '../testing/workbook-bombs.ts';
import { FILE_LIMITS, FileLimitError, REFUSALS, type FileLimits } from './file-limits.ts';
import { checkWorkbook, workbookRows } from './sheet-thread.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-workbook-limits-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const tmpPrefix = path.join(dir, 'read-');
/** What the reads left in the folder besides the workbooks themselves. */
const leftovers = () => fs.readdirSync(dir).filter((f) => !f.endsWith('.xlsx'));
const rss = () => Math.round(process.memoryUsage().rss / 2 ** 20);

/** Reads the file as the import does (scan, then exceljs's rows), sampling the process's memory meanwhile. */
async function refusal(file: string, limits: FileLimits, label: string): Promise<string> {
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  try {
    for await (const _ of workbookRows(file, { limits, tmpPrefix })) {
      // rows of a bomb are not expected
    }
  } catch (error) {
    expect(error).toBeInstanceOf(FileLimitError);
    console.log(`${label}: ${fs.statSync(file).size} bytes refused; RSS ${before} MB before, ${peak} MB peak, ${rss()} MB after`);
    return (error as Error).message;
  } finally {
    clearInterval(sampler);
    expect(leftovers()).toEqual([]);
  }
  throw new Error(`${label} was read, not refused`);
}

const loose: FileLimits = { ...FILE_LIMITS, ratio: 1e6 };

describe('an uploaded workbook is bounded before it is believed', () => {
  it('reads a real workbook’s first sheet (its sheet before its shared strings: temp files, then removed)', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Lines').addRows([['invoice_id', 'quantity', 'invoice_date'], ['INV-1', 3, new Date(Date.UTC(2026, 10, 2))], ['INV-2', 4.5, '2026-11-03']]);
    const file = path.join(dir, 'real.xlsx');
    await book.xlsx.writeFile(file);
    await checkWorkbook(file, { limits: FILE_LIMITS, tmpPrefix });
    const rows = [];
    let tempFiles: string[] = [];
    for await (const row of workbookRows(file, { limits: FILE_LIMITS, tmpPrefix })) {
      // While it reads, exceljs's temporary copy of the sheet is in the read's own folder, not the system's.
      tempFiles = leftovers().flatMap((folder) => fs.readdirSync(path.join(dir, folder)));
      rows.push(row);
    }
    expect(tempFiles).toHaveLength(1);
    expect(rows).toEqual([
      { line: 1, values: ['invoice_id', 'quantity', 'invoice_date'] },
      { line: 2, values: ['INV-1', '3', '2026-11-02'] },
      { line: 3, values: ['INV-2', '4.5', '2026-11-03'] },
    ]);
    expect(leftovers()).toEqual([]);
  });

  it('refuses the attack’s shape at the real limits: 2 million shared strings before the sheet', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'strings-real.xlsx');
    await writeWorkbook(file, BOMBS.sharedStrings(2_000_000));
    // So compact a table passes the ratio before its millionth entry.
    expect(await refusal(file, FILE_LIMITS, 'shared strings (2,000,000; real limits)'))
      .toBe('The workbook\'s part xl/sharedStrings.xml unpacks to more than 100 times its packed size.');
  });

  it('refuses a shared-strings table over its limit', async () => {
    const file = path.join(dir, 'strings.xlsx');
    await writeWorkbook(file, BOMBS.sharedStrings(5_000));
    const limits = { ...loose, sharedStrings: 1_000 };
    expect(await refusal(file, limits, 'shared strings (5,000 over 1,000)')).toBe(REFUSALS.sharedStrings(limits));
  });

  it('refuses huge worksheets by the bytes they unpack to, one and all, and by their ratio', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'sheets.xlsx');
    await writeWorkbook(file, BOMBS.hugeSheets(24 * 2 ** 20, 3));
    const entry = { ...loose, entryBytes: 16 * 2 ** 20 };
    expect(await refusal(file, entry, 'three 24 MB worksheets, 16 MB an entry')).toBe(REFUSALS.entryBytes(entry, 'xl/worksheets/sheet1.xml'));
    const total = { ...loose, totalBytes: 40 * 2 ** 20 };
    expect(await refusal(file, total, 'three 24 MB worksheets, 40 MB in all')).toBe(REFUSALS.totalBytes(total));
    expect(await refusal(file, FILE_LIMITS, 'three 24 MB worksheets, real limits')).toBe(REFUSALS.ratio(FILE_LIMITS, 'xl/worksheets/sheet1.xml'));
  });

  it('refuses too many entries, XML nested too deep, too many rows or columns', async () => {
    const many = path.join(dir, 'many.xlsx');
    await writeWorkbook(many, BOMBS.manyEntries(FILE_LIMITS.entries));
    expect(await refusal(many, FILE_LIMITS, `${FILE_LIMITS.entries} padding entries`)).toBe(REFUSALS.entries(FILE_LIMITS));

    const deep = path.join(dir, 'deep.xlsx');
    await writeWorkbook(deep, BOMBS.deepXml(100_000));
    expect(await refusal(deep, FILE_LIMITS, 'XML 100,000 deep')).toBe(REFUSALS.xmlDepth(FILE_LIMITS, 'xl/worksheets/sheet1.xml'));

    const rows = path.join(dir, 'rows.xlsx');
    await writeWorkbook(rows, BOMBS.rows(5_000));
    const fewRows = { ...loose, rows: 1_000 };
    expect(await refusal(rows, fewRows, '5,000 rows over 1,000')).toBe(REFUSALS.rows(fewRows));

    const columns = path.join(dir, 'columns.xlsx');
    await writeWorkbook(columns, BOMBS.columns(FILE_LIMITS.columns + 1));
    expect(await refusal(columns, FILE_LIMITS, `${FILE_LIMITS.columns + 1} columns`)).toBe(REFUSALS.columns(FILE_LIMITS));
  });

  it('holds exceljs to the columns too: one cell addressed far to the right', async () => {
    const file = path.join(dir, 'far-right.xlsx');
    await writeWorkbook(file, BOMBS.farRightCell('XFD'));
    await checkWorkbook(file, { limits: FILE_LIMITS, tmpPrefix }); // one cell: the scan passes it
    expect(await refusal(file, FILE_LIMITS, 'a cell in column XFD')).toBe(REFUSALS.columns(FILE_LIMITS));
  });

  it('a bomb the checks let through ends its worker thread, not the server', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'memory.xlsx');
    await writeWorkbook(file, BOMBS.sharedStrings(1_000_000));
    const unbounded = { ...loose, sharedStrings: 1e9, workerMemoryMb: 16 };
    expect(await refusal(file, unbounded, '1,000,000 shared strings, 16 MB worker')).toBe(REFUSALS.workerMemory(unbounded));
  });

  it('refuses what is not a ZIP, a cut-off one, and one hiding bytes between its entries', async () => {
    const real = path.join(dir, 'strings.xlsx');
    const cases: Record<string, Buffer> = {
      'text.xlsx': Buffer.from('invoice_id,quantity\nINV-1,3\n'),
      'cut.xlsx': fs.readFileSync(real).subarray(0, 2000),
      'gap.xlsx': (() => {
        // A stray entry header spliced in after the first entry: the directory does not list it.
        const bytes = fs.readFileSync(real);
        const second = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 4);
        return Buffer.concat([bytes.subarray(0, second), Buffer.from('PK\x03\x04hidden'), bytes.subarray(second)]);
      })(),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      await expect(checkWorkbook(file, { limits: FILE_LIMITS, tmpPrefix })).rejects.toThrow(/^The file is not a readable Excel workbook/);
    }
    expect(leftovers()).toEqual([]);
  });
});
