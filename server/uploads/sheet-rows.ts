// The first worksheet of a workbook as rows of text (exceljs's streaming reader), run inside the
// sheet worker (sheet-worker.ts) once zip-scan.ts has passed the file. exceljs is held to the rows
// and columns limits here too: a cell addressed far to the right would otherwise make a huge array.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { FileLimitError, REFUSALS, type FileLimits } from './file-limits.ts';

export interface FileRow {
  /** The line of the CSV, or the row number of the worksheet (the header is line 1 in both usually). */
  line: number;
  values: string[];
}

export async function* worksheetRows(path: string, limits: FileLimits): AsyncGenerator<FileRow> {
  const input = fs.createReadStream(path);
  // Styles are read so date cells come as dates (a date is a number with a date format).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { styles: 'cache', sharedStrings: 'cache', hyperlinks: 'ignore', worksheets: 'emit' });
  let width = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number > limits.rows) throw new FileLimitError(REFUSALS.rows(limits));
        if (row.cellCount > limits.columns) throw new FileLimitError(REFUSALS.columns(limits));
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
