// The bounds every spreadsheet or archive a user uploads is held to (purchase imports today; any
// later upload reads its file through server/uploads too). They are checked while the file is
// read, never taken from what the file says of itself, and a refusal names the bound it passed.
const n = (value: number) => value.toLocaleString('en-US');
const mb = (bytes: number) => `${n(Math.round(bytes / 2 ** 20))} MB`;

export interface FileLimits {
  /** ZIP entries in the archive (an Excel workbook has a dozen or two). */
  entries: number;
  /** Bytes one entry unpacks to, counted while inflating. */
  entryBytes: number;
  /** Bytes all entries unpack to together. */
  totalBytes: number;
  /** Unpacked bytes per packed byte of one entry, once it has unpacked more than ratioFloorBytes. */
  ratio: number;
  ratioFloorBytes: number;
  /** Entries (<si>) of the workbook's shared-strings table: exceljs keeps them all in memory. */
  sharedStrings: number;
  /** Rows and columns of one worksheet (Excel's own sheet holds 1,048,576 rows). */
  rows: number;
  columns: number;
  /** Characters of one row of a CSV file, quoted line breaks included (a purchase line is a few hundred). */
  rowChars: number;
  /** Nesting of XML elements in any part of the workbook (a worksheet needs 5). */
  xmlDepth: number;
  /** Heap of the worker thread that reads the file: a bomb the checks missed ends the worker, not the server. */
  workerMemoryMb: number;
}

export const FILE_LIMITS: FileLimits = {
  entries: 1_000,
  entryBytes: 1024 * 2 ** 20,
  totalBytes: 2048 * 2 ** 20,
  ratio: 100,
  ratioFloorBytes: 2 ** 20,
  sharedStrings: 1_000_000,
  rows: 1_048_576,
  columns: 1_024,
  rowChars: 1_000_000,
  xmlDepth: 64,
  workerMemoryMb: 512,
};

/**
 * The limits in force: FILE_LIMITS, with any bound overridden by the FILE_LIMITS environment
 * variable as JSON (e.g. FILE_LIMITS='{"sharedStrings":1000}'), which tests use to trip them with small files.
 */
export function fileLimits(env: NodeJS.ProcessEnv = process.env): FileLimits {
  if (!env.FILE_LIMITS) return FILE_LIMITS;
  const override = JSON.parse(env.FILE_LIMITS) as Partial<FileLimits>;
  for (const [key, value] of Object.entries(override)) {
    if (!(key in FILE_LIMITS) || !Number.isFinite(value) || value <= 0) throw new Error(`FILE_LIMITS: ${key} must be one of the file limits, a positive number`);
  }
  return { ...FILE_LIMITS, ...override };
}

/** A file refused for passing a bound (or for not being the format it claims): its message is for the uploader. */
export class FileLimitError extends Error {
  override name = 'FileLimitError';
}

export const REFUSALS = {
  entries: (l: FileLimits) => `The workbook holds more than ${n(l.entries)} files inside it.`,
  entryBytes: (l: FileLimits, entry: string) => `The workbook's part ${entry} unpacks to more than ${mb(l.entryBytes)}.`,
  totalBytes: (l: FileLimits) => `The workbook unpacks to more than ${mb(l.totalBytes)} in all.`,
  ratio: (l: FileLimits, entry: string) => `The workbook's part ${entry} unpacks to more than ${n(l.ratio)} times its packed size.`,
  sharedStrings: (l: FileLimits) => `The workbook's shared strings exceed ${n(l.sharedStrings)} entries: save the sheet as CSV and upload that.`,
  rows: (l: FileLimits) => `The worksheet has more than ${n(l.rows)} rows.`,
  columns: (l: FileLimits) => `The worksheet has more than ${n(l.columns)} columns.`,
  rowChars: (l: FileLimits) => `A row of the file is longer than ${n(l.rowChars)} characters.`,
  xmlDepth: (l: FileLimits, entry: string) => `The workbook's part ${entry} nests XML deeper than ${n(l.xmlDepth)} levels.`,
  workerMemory: (l: FileLimits) => `The workbook needs more than ${n(l.workerMemoryMb)} MB of memory to read: save the sheet as CSV and upload that.`,
  damaged: (why: string) => `The file is not a readable Excel workbook (${why}).`,
};
