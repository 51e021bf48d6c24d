import * as t from 'io-ts';
import { AMOUNT_RANGE, isAmountInRange } from './amounts.ts';

/**
 * The Business Panel's Checks Data (accounts spec §2.10, §3 spreadsheet rows, §7 admin export, §8):
 * an internal admin's spreadsheet, read in the browser, sent as the first sheet's rows (objects
 * keyed by the header row), checked here row by row, and made into vouchers and/or check details.
 */

export const CHECKS_DATA_TYPES = ['checks', 'details', 'both'] as const;
export type ChecksDataType = (typeof CHECKS_DATA_TYPES)[number];
export const CHECKS_DATA_LABELS: Record<ChecksDataType, string> = { checks: 'Checks', details: 'Checks Details', both: 'Both' };

/** Rows one upload makes into one document (a PDF of up to ~20,000 pages); more are refused. */
export const MAX_SHEET_ROWS = 20_000;
export const TOO_MANY_ROWS = `At most ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows make one document: split the spreadsheet.`;
export const READ_FAILED = 'Failed to read file.';
export const CONVERT_FAILED = 'Failed to convert Xl file.';
export const SHEET_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const NOT_A_SHEET = 'Only .xlsx and .xls files can be read.';

export const isSheetFile = (name: string): boolean => SHEET_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

export const ChecksDataPayload = t.type({
  type: t.keyof({ checks: null, details: null, both: null }),
  // Each row is checked by the row codec below, so the message can name the spreadsheet row.
  rows: t.array(t.UnknownRecord),
});
export type ChecksDataPayload = t.TypeOf<typeof ChecksDataPayload>;

/** The columns (header row) each upload reads; 'Account MAP Relationship' names the downloaded PDF. */
export const COLUMNS = {
  relationship: 'Account MAP Relationship',
  account: 'Account Name',
  checkNumber: 'Check Number',
  checkAmount: 'Check Amount',
  method: 'Payment Method',
  quarter: 'Quarter',
  date: 'Check Date',
  location: 'Location',
  manufacturer: 'Manufacturer',
  amount: 'Amount',
} as const;

/** What each upload requires of every row (the others are read when present). */
export const REQUIRED: Record<ChecksDataType, readonly (keyof typeof COLUMNS)[]> = {
  checks: ['relationship', 'account', 'checkNumber', 'checkAmount'],
  details: ['relationship', 'account', 'amount'],
  both: ['relationship', 'account', 'checkNumber', 'checkAmount', 'amount'],
};

export interface SheetRow {
  relationship: string;
  account: string;
  checkNumber: string;
  checkAmount: number | null;
  method: string;
  quarter: string;
  date: string;
  location: string;
  manufacturer: string;
  amount: number | null;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());

/** A money cell: a number, or text like '$1,234.50'; null when empty; NaN when it is not money. */
function moneyCell(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  // Infinity stays Infinity, so the range check names it; NaN is no money.
  if (typeof v === 'number') return Math.round(v * 100) / 100;
  const cleaned = String(v).replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Math.round(Number(cleaned) * 100) / 100 : Number.NaN;
}

/** A check cannot be negative; a detail line may be a credit. Both stay within the domain's range. */
const AMOUNT_SIGNED = { checkAmount: false, amount: true } as const;

/** What is wrong with a money cell, or null: not money, or money outside the range (Infinity too). */
function amountProblem(key: keyof typeof AMOUNT_SIGNED, value: number | null): string | null {
  if (value === null) return null;
  if (Number.isNaN(value)) return `${COLUMNS[key]} must be an amount`;
  const signed = AMOUNT_SIGNED[key];
  return isAmountInRange(value, signed) ? null : `${COLUMNS[key]} must be ${AMOUNT_RANGE[signed ? 'signed' : 'nonNegative']}`;
}

/** Spreadsheet row numbers: the header is row 1, the first data row row 2. */
export const sheetRowNumber = (index: number): number => index + 2;

export type RowsChecked = { ok: true; rows: SheetRow[] } | { ok: false; message: string; badRows: number[] };

/** Every row checked; the message names each bad row (the first 10) and what is wrong with it. */
export function checkSheetRows(type: ChecksDataType, rows: readonly Record<string, unknown>[]): RowsChecked {
  if (rows.length === 0) return { ok: false, message: 'The first sheet has no rows.', badRows: [] };
  if (rows.length > MAX_SHEET_ROWS) return { ok: false, message: TOO_MANY_ROWS, badRows: [] };
  const problems: string[] = [];
  const badRows: number[] = [];
  const good: SheetRow[] = [];
  rows.forEach((raw, i) => {
    const row: SheetRow = {
      relationship: text(raw[COLUMNS.relationship]),
      account: text(raw[COLUMNS.account]),
      checkNumber: text(raw[COLUMNS.checkNumber]),
      checkAmount: moneyCell(raw[COLUMNS.checkAmount]),
      method: text(raw[COLUMNS.method]) || 'Check',
      quarter: text(raw[COLUMNS.quarter]),
      date: text(raw[COLUMNS.date]),
      location: text(raw[COLUMNS.location]),
      manufacturer: text(raw[COLUMNS.manufacturer]),
      amount: moneyCell(raw[COLUMNS.amount]),
    };
    const wrong: string[] = [];
    for (const key of REQUIRED[type]) {
      const value = row[key];
      if (value === '' || value === null) wrong.push(`${COLUMNS[key]} is missing`);
    }
    for (const key of ['checkAmount', 'amount'] as const) {
      const problem = amountProblem(key, row[key]);
      if (problem) wrong.push(problem);
    }
    if (type !== 'checks' && row.location === '' && row.manufacturer === '') wrong.push(`${COLUMNS.location} or ${COLUMNS.manufacturer} is missing`);
    if (wrong.length) {
      badRows.push(sheetRowNumber(i));
      problems.push(`Row ${sheetRowNumber(i)}: ${wrong.join(', ')}`);
    } else good.push(row);
  });
  if (badRows.length === 0) return { ok: true, rows: good };
  const more = problems.length > 10 ? ` (and ${problems.length - 10} more rows)` : '';
  return { ok: false, message: `${problems.slice(0, 10).join('; ')}${more}.`, badRows };
}

/** The PDF's name: the first row's Account MAP Relationship. */
export const checksDataFileName = (rows: readonly Record<string, unknown>[]): string =>
  `${text(rows[0]?.[COLUMNS.relationship]) || 'Checks Data'}.pdf`;

