// One row of a purchase-line import file (docs/import.md): the columns a GPO's invoice
// processing already has. Every value arrives as text from the CSV; amounts stay text so the
// database receives them exactly as written (numeric, no binary rounding on the way).
import * as t from 'io-ts';
import { boundedString, controlCharacterAt, decode, pattern, type Decoded } from './codec.ts';
import { IsoDate } from './dashboard.ts';
import { Min } from './match.ts';
import { restoreCell } from './csv-cells.ts';

/** The header of an import file, in the documented order. */
export const IMPORT_COLUMNS = [
  'distributor_platform_id', 'merchant_platform_id', 'merchant_account_number', 'invoice_id', 'invoice_date',
  'min', 'description', 'manufacturer_platform_id', 'manufacturer_name', 'category', 'pack', 'uom', 'weight',
  'quantity', 'unit_price', 'market_index_low', 'market_index_high',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns that may be absent from the header (each row then reads them as empty). */
export const OPTIONAL_IMPORT_COLUMNS: readonly ImportColumn[] = [
  'merchant_platform_id', 'merchant_account_number', 'description', 'manufacturer_name', 'category', 'pack', 'uom', 'weight',
];

/** The columns an import file's header names, said to the admin who cannot read docs/import.md. */
export const importColumnsHint = (): string =>
  `The header must name the columns ${IMPORT_COLUMNS.filter((c) => !OPTIONAL_IMPORT_COLUMNS.includes(c)).join(', ')}; ` +
  `it may also name ${OPTIONAL_IMPORT_COLUMNS.join(', ')} (in any order).`;

/** Text that may be empty, up to a length. */
const optionalText = (name: string, max: number) => boundedString(name, 0, max);

/** A non-negative decimal as written (at most 9 digits before the point, 4 after); empty when allowed. */
function decimal(opts: { empty: boolean; positive?: boolean }): t.Type<string, string, unknown> {
  const re = /^\d{1,9}(\.\d{1,4})?$/;
  const ok = (u: unknown): u is string =>
    typeof u === 'string' && ((opts.empty && u === '') || (re.test(u) && (!opts.positive || Number(u) > 0)));
  const what = `${opts.positive ? 'a number above 0' : 'a number of 0 or more'} like 12.50 (at most 4 decimals)${opts.empty ? ', or empty' : ''}`;
  return new t.Type<string, string, unknown>(
    what,
    ok,
    (u, c) => (ok(u) ? t.success(u) : t.failure(u, c, u === undefined || u === '' ? 'is required' : `must be ${what}`)),
    t.identity,
  );
}

export const ImportRow = t.type({
  distributor_platform_id: pattern("a distributor platform id like 'CP-000123'", /^CP-\d{6}$/),
  merchant_platform_id: pattern("a merchant platform id like 'MP-500123', or empty", /^(MP-\d{1,12})?$/),
  merchant_account_number: optionalText('an account number of at most 40 characters', 40),
  invoice_id: boundedString('an invoice id of 1 to 60 characters', 1, 60),
  invoice_date: IsoDate,
  min: Min,
  description: optionalText('a description of at most 500 characters', 500),
  manufacturer_platform_id: boundedString('a manufacturer platform id of 1 to 40 characters', 1, 40),
  manufacturer_name: optionalText('a name of at most 200 characters', 200),
  category: optionalText('a category of at most 100 characters', 100),
  pack: optionalText('a pack of at most 40 characters', 40),
  uom: optionalText('a unit of measure of at most 10 characters', 10),
  weight: decimal({ empty: true }),
  quantity: decimal({ empty: false, positive: true }),
  unit_price: decimal({ empty: true }),
  market_index_low: decimal({ empty: true }),
  market_index_high: decimal({ empty: true }),
});
export type ImportRow = t.TypeOf<typeof ImportRow>;

/**
 * Checks one CSV row (column → trimmed text): no control characters, every column's shape, a
 * merchant named one way or the other, and Market Index bounds in order. Errors read as
 * "quantity must be …" so the reject file tells the user what to fix.
 */
export function decodeImportRow(raw: Record<string, string | undefined>): Decoded<ImportRow> {
  const at = controlCharacterAt(raw);
  if (at) return { ok: false, errors: [`${at} must not contain control characters`] };
  // A column missing from the header reads as empty, so optional columns may be left out.
  // A reject file loaded again: its neutralised cells ('=…) read as the values they were.
  const input = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, restoreCell(raw[c] ?? '')]));
  const result = decode(ImportRow, input);
  if (!result.ok) return result;
  const row = result.value;
  const errors: string[] = [];
  if (!row.merchant_platform_id && !row.merchant_account_number) {
    errors.push('merchant_platform_id or merchant_account_number is required');
  }
  if (Number(row.market_index_low || 0) > Number(row.market_index_high || 0)) {
    errors.push('market_index_low must not exceed market_index_high');
  }
  return errors.length ? { ok: false, errors } : result;
}

/** An import started from the admin panel (GET /api/admin/imports…): a job a worker runs. */
export const ImportJobStatus = t.keyof({ queued: null, running: null, loaded: null, 'already-loaded': null, failed: null });
export type ImportJobStatus = t.TypeOf<typeof ImportJobStatus>;

export const ImportJob = t.type({
  id: t.number,
  fileName: t.string,
  status: ImportJobStatus,
  /** What a running import does now (reading rows, then saving and refreshing the rollups). */
  stage: t.union([t.string, t.null]),
  rowsRead: t.number,
  rejects: t.number,
  linesLoaded: t.number,
  batchId: t.union([t.number, t.null]),
  /** Rejected rows wait as a CSV at GET /api/admin/imports/{id}/rejects. */
  hasRejects: t.boolean,
  message: t.union([t.string, t.null]),
  createdAt: t.string,
  startedAt: t.union([t.string, t.null]),
  finishedAt: t.union([t.string, t.null]),
});
export type ImportJob = t.TypeOf<typeof ImportJob>;
export const ImportJobs = t.array(ImportJob);

/** A finished job's rejected rows are saved as '<the file's name> rejects.csv'. */
export const rejectsFileName = (job: Pick<ImportJob, 'fileName'>): string => `${job.fileName.replace(/\.csv$/i, '')} rejects.csv`;

export const isImportFinished = (status: ImportJobStatus) => status === 'loaded' || status === 'already-loaded' || status === 'failed';

/** Spec-like limits of an admin upload: a CSV (docs/import.md) of at most this many bytes. */
export const MAX_IMPORT_FILE_BYTES = 512 * 1024 * 1024;
/** The files the import reads (server/import/file-rows.ts): CSV, or an Excel workbook's first sheet. */
export const IMPORT_FILE_NAME = /\.(csv|xlsx)$/i;

export const IMPORT_UPLOAD_MESSAGES = {
  notImportFile: 'Choose a CSV (.csv) or Excel (.xlsx) file in the import format.',
  tooLarge: 'The file is larger than 512 MB: split it, or load it with npm run import on the server.',
  empty: 'The file is empty.',
};
