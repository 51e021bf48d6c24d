// The rows of an import file as text values with their line numbers, whatever the format: CSV
// (papaparse) or, for a name ending in .xlsx, the first worksheet of a workbook (exceljs's
// streaming reader, in a worker thread once the file has passed its bounds: server/uploads).
// Both are read as a stream, never whole in memory, and give the import the same strings, so the
// same codec checks them and the rejects name the same lines.
import fs from 'node:fs';
import Papa from 'papaparse';
import { boundedCsv } from '../uploads/csv-bounds.ts';
import { fileLimits, FileLimitError, REFUSALS, type FileLimits } from '../uploads/file-limits.ts';
import { workbookRows, type SheetOptions } from '../uploads/sheet-thread.ts';
import type { FileRow } from '../uploads/sheet-rows.ts';

export type { FileRow };

export const isXlsx = (path: string) => /\.xlsx$/i.test(path);

export function fileRows(path: string, sheet: SheetOptions = { limits: fileLimits() }): AsyncIterable<FileRow> {
  return isXlsx(path) ? workbookRows(path, sheet) : csvRows(path, sheet.limits);
}

// Papaparse hands over a chunk's rows at once (about a megabyte of text), pausing the file until
// the import has staged them: four times faster than its row-by-row stream of objects.
async function* csvRows(path: string, limits: FileLimits): AsyncGenerator<FileRow> {
  const file = fs.createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  // Rows and their length are bounded before papaparse builds them (csv-bounds.ts).
  const input = file.pipe(boundedCsv(limits));
  input.on('error', () => file.destroy());
  const chunks: string[][][] = [];
  let parser: Papa.Parser | undefined;
  let finished = false;
  let failure: unknown;
  let wake = () => {};
  Papa.parse<string[]>(input as unknown as File, {
    header: false,
    skipEmptyLines: false,
    chunk: (results, p) => {
      (parser = p).pause();
      chunks.push(results.data);
      wake();
    },
    complete: () => ((finished = true), wake()),
    error: (err) => ((failure = err), wake()),
  });
  let line = 0;
  try {
    for (;;) {
      const rows = chunks.shift();
      if (rows) {
        for (const values of rows) {
          if (values.length > limits.columns) throw new FileLimitError(REFUSALS.columns(limits));
          yield { line: ++line, values };
        }
        parser!.resume();
      } else if (failure) {
        throw failure;
      } else if (finished) {
        return;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } finally {
    input.destroy();
    file.destroy();
  }
}
