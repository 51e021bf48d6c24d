/** CSV and XLSX the portal sends back (exports, reject files, summaries): rows made safe to open in a spreadsheet. */

// A cell starting with one of these is read as a formula by spreadsheet programs (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a quote so the cell is shown as text; numbers stay numbers (a negative amount is data). */
export function neutraliseCell(value: unknown): string | number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes neutraliseCell on text read back from a file the portal wrote (a reject file loaded again). */
export function restoreCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function neutraliseRows(rows: readonly Record<string, unknown>[]): Record<string, string | number>[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, neutraliseCell(v)])));
}

export const INTERNAL_SUFFIX = 'For internal use only.csv';

/** 'Categories Lost 2026-10-01 to 2026-10-31 For internal use only.csv' */
export const exportFileName = (what: string, detail = ''): string =>
  `${[what, detail].filter(Boolean).join(' ')} ${INTERNAL_SUFFIX}`;
