// An invoice page read from its word boxes: the header row names the columns, the rows under it
// are the lines, the labels name the fields. Σ line totals is checked against the printed subtotal.
import type { ParsedInvoice } from '../../../src/model/invoice-parser.ts';
import { findHeaderRow } from './header-row.ts';
import { readFields } from './fields.ts';
import { inferColumns } from './infer-columns.ts';
import { sumAddsUp } from './numbers.ts';
import { readTable } from './table.ts';
import { charWidth, type PageWords } from './words.ts';

/** The page's invoice; null when no row names the table's columns and none can be inferred (the caller falls back to reading the text). */
export function parseLayout(page: PageWords): ParsedInvoice | null {
  const charW = charWidth(page.rows);
  const header = findHeaderRow(page.rows) ?? inferColumns(page.rows, 1.5 * charW);
  if (!header) return null;
  const lines = readTable(page.rows, header, charW, page);
  const fields = readFields(page);
  return { ...fields, lines, sumMatchesSubtotal: fields.subtotal === null ? null : sumAddsUp(lines, fields.subtotal) };
}
