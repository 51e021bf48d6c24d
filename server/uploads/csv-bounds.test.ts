import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../src/model/purchase-import.ts';
import { fileRows } from '../import/file-rows.ts';
import { boundedCsv } from './csv-bounds.ts';
import { FILE_LIMITS, REFUSALS } from './file-limits.ts';

const limits = { ...FILE_LIMITS, rowChars: 20 };
const through = (...chunks: string[]) => text(Readable.from(chunks).pipe(boundedCsv(limits)));

describe('a CSV row is bounded before it is parsed', () => {
  it('passes rows within the bound unchanged, whatever the chunks', async () => {
    const csv = 'a,b,c\n"x, ""y""",2\r\n"two\nlines",3\n';
    expect(await through(csv)).toBe(csv);
    expect(await through(...csv.split(''))).toBe(csv);
  });

  it('refuses a line past the bound, even spread over many chunks', async () => {
    await expect(through('ok\n', 'x'.repeat(15), 'y'.repeat(15))).rejects.toThrow(REFUSALS.rowChars(limits));
  });

  it('refuses a quoted field that runs on over its line breaks', async () => {
    await expect(through('a,"', 'line\n'.repeat(10), '"\n')).rejects.toThrow(REFUSALS.rowChars(limits));
  });
});

describe('an import CSV is refused by its bounds, naming them', () => {
  const collect = async (rows: AsyncIterable<unknown>) => {
    for await (const _ of rows);
  };
  const file = async (content: string) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'csv-bounds-'));
    const at = path.join(dir, 'lines.csv');
    await fs.writeFile(at, content);
    return at;
  };

  it('one line of 1.5 million characters', async () => {
    await expect(collect(fileRows(await file(`${IMPORT_COLUMNS.join(',')}\n${'x'.repeat(1_500_000)}\n`)))).rejects.toThrow(REFUSALS.rowChars(FILE_LIMITS));
  });

  it('a row of more columns than a worksheet may have', async () => {
    await expect(collect(fileRows(await file(`${IMPORT_COLUMNS.join(',')}\n${','.repeat(FILE_LIMITS.columns + 1)}\n`)))).rejects.toThrow(REFUSALS.columns(FILE_LIMITS));
  });
});
