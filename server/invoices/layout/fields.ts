// The invoice's own fields, found by their labels: the value follows the label in its cell, sits
// in the next cell of the row, or stands under the label on the next row (boxed headers).
import { money } from './numbers.ts';
import { cellsOf, charWidth, span, textOf, type PageWords, type Row, type Word } from './words.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number | string) => String(n).padStart(2, '0');

/** The first date in the text as YYYY-MM-DD: 2026-10-14, 10/14/2026, 10/14/26, Oct 14, 2026, 14-Oct-2026. */
export function dateIn(text: string): string | null {
  const valid = (y: number, m: number, d: number) => (m >= 1 && m <= 12 && d >= 1 && d <= 31 && y >= 2000 && y <= 2100 ? `${y}-${pad(m)}-${pad(d)}` : null);
  let m = text.match(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/);
  if (m) return valid(+m[1]!, +m[2]!, +m[3]!);
  m = text.match(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/);
  if (m) return valid(m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!, +m[1]!, +m[2]!);
  m = text.match(/\b([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/);
  if (m && MONTHS.includes(m[1]!.toLowerCase())) return valid(+m[3]!, MONTHS.indexOf(m[1]!.toLowerCase()) + 1, +m[2]!);
  m = text.match(/\b(\d{1,2})[-\s]([A-Za-z]{3})[a-z]*[-\s,]+(\d{4})\b/);
  if (m && MONTHS.includes(m[2]!.toLowerCase())) return valid(+m[3]!, MONTHS.indexOf(m[2]!.toLowerCase()) + 1, +m[1]!);
  return null;
}

/** The gap between a row's cells: a row's own print size sets it (a heading's spaces are wider than the body's). */
const gapIn = (row: Row) => 1.5 * charWidth([row]);
const overlaps = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) => a.x0 < b.x1 && b.x0 < a.x1;

/** The first value `accept` takes from the places a labelled value can be, over the rows in order. */
function labelled<T>(rows: readonly Row[], label: RegExp, accept: (text: string) => T | null): T | null {
  for (const [i, row] of rows.entries()) {
    const cells = cellsOf(row, gapIn(row));
    for (const [c, cell] of cells.entries()) {
      const text = textOf(cell);
      const m = label.exec(text);
      if (!m) continue;
      const rest = text.slice(m.index + m[0].length).replace(/^[\s:#.]+/, '');
      // The next cell only when it is near: far to the right is the other half of a two-column header.
      const next = cells[c + 1] && cells[c + 1]![0]!.x0 - cell.at(-1)!.x1 < 12 * gapIn(row) ? textOf(cells[c + 1]!) : '';
      const below = rows[i + 1] ? cellsOf(rows[i + 1]!, gapIn(rows[i + 1]!)).filter((b) => overlaps(span(b), span(cell))) : [];
      for (const candidate of [rest, next, ...below.map((b) => textOf(b))]) {
        const value = candidate ? accept(candidate) : null;
        if (value !== null) return value;
      }
    }
  }
  return null;
}

const anyLabel = /\b(invoice|date|bill|ship|sold|customer|phone|fax|terms|page|po|account|route)\b/i;
/** A name, without the street address that may follow it on its line ("Harbor Grill, 8 Harbor Way"). */
const name = (text: string) => (/[A-Za-z]{2}/.test(text) && !anyLabel.test(text.split(' ')[0]!) ? text.replace(/,\s*\d.*$/, '').trim() : null);
const number = (text: string) => text.split(' ').find((t) => /\d/.test(t))?.replace(/^[#:]+/, '') ?? null;
const firstMoney = (text: string) => text.split(' ').map(money).find((n) => n !== null) ?? null;

/** The seller: the largest print near the top of the page that is not a label, a number or an address. */
function seller(page: PageWords): string | null {
  const top = page.rows.filter((r) => r.y1 < page.height * 0.3);
  const cells = top.flatMap((r) => cellsOf(r, gapIn(r))).filter((c: Word[]) => {
    const text = textOf(c);
    return /[A-Za-z]{3}/.test(text) && !/invoice|bill|ship|sold|date|page|phone|tel|fax|@|www|\d{3}/i.test(text);
  });
  // The median word's height: one word's box swollen by a speck or a rule must not make its cell the largest print.
  const height = (c: Word[]) => c.map((w) => w.y1 - w.y0).sort((a, b) => a - b)[Math.floor(c.length / 2)]!;
  return cells.length ? textOf(cells.reduce((best, c) => (height(c) > height(best) * 1.1 ? c : best))) : null;
}

export function readFields(page: PageWords) {
  const rows = page.rows;
  return {
    distributor: seller(page),
    invoiceNumber: labelled(rows, /\binv(?:oice)?\.?\s*(?:#|no\b\.?|num(?:ber)?\b)/i, number),
    merchant: labelled(rows, /\b(?:bill|sold)\s*to\b:?/i, name) ?? labelled(rows, /\b(?:ship|deliver)\s*to\b:?|\bcustomer\b:?/i, name),
    invoiceDate: labelled(rows, /\b(?:invoice|inv\.?)\s*date\b|\bdate\s*of\s*invoice\b/i, dateIn) ?? labelled(rows, /^date\b/i, dateIn),
    deliveryDate: labelled(rows, /\b(?:delivery|delivered|ship(?:ped)?|ship)\s*(?:date|on)\b/i, dateIn),
    subtotal: labelled(rows, /\bsub-?\s*total\b/i, firstMoney),
    taxAmount: labelled(rows, /\b(?:sales\s*)?tax\b(?!\s*id)/i, firstMoney),
  };
}
