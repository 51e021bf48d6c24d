// The rows of an import file as text values with their line numbers, whatever the format: CSV
// (papaparse) or, for a name ending in .xlsx, the first worksheet of a workbook (exceljs's
// streaming reader). Both are read as a stream, never whole in memory, and give the import the
// same strings, so the same codec checks them and the rejects name the same lines.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

export interface FileRow {
  /** The line of the CSV, or the row number of the worksheet (the header is line 1 in both usually). */
  line: number;
  values: string[];
}

export const isXlsx = (path: string) => /\.xlsx$/i.test(path);

export function fileRows(path: string): AsyncIterable<FileRow> {
  return isXlsx(path) ? xlsxRows(path) : csvRows(path);
}

// Papaparse hands over a chunk's rows at once (about a megabyte of text), pausing the file until
// the import has staged them: four times faster than its row-by-row stream of objects.
async function* csvRows(path: string): AsyncGenerator<FileRow> {
  const input = fs.createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
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
        for (const values of rows) yield { line: ++line, values };
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
  }
}

async function* xlsxRows(path: string): AsyncGenerator<FileRow> {
  const input = fs.createReadStream(path);
  // Styles are read so date cells come as dates (a date is a number with a date format).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { styles: 'cache', sharedStrings: 'cache', hyperlinks: 'ignore', worksheets: 'emit' });
  let width = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // row.values is 1-based and sparse; Array.from turns the holes (empty cells) into ''.
        const values = Array.from((row.values as ExcelJS.CellValue[]).slice(1), cellText);
        while (values.length && values.at(-1) === '') values.pop();
        if (!values.length) continue; // an empty row, as a blank line of a CSV
        // A sheet stores no trailing empty cells: pad to the header so a short row reads as empty values.
        width ||= values.length;
        while (values.length < width) values.push('');
        yield { line: row.number, values };
      }
      break; // the first worksheet only
    }
  } finally {
    input.destroy();
  }
}

/** A cell as the text a CSV would hold: dates as YYYY-MM-DD, formulas by their result, rich text as its text. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10); // exceljs reads sheet dates as UTC midnight
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text); // a hyperlink
  if ('error' in value) return value.error;
  return '';
}
