// Reads the line items under a header row: each row's words are cut into cells at wide gaps,
// each cell goes to the column it lines up with (left edge, right edge or centre: columns are
// aligned either way) among the columns that can hold it (money goes to price or total, never to
// the description), and a row with no numbers of its own continues the description above it.
import { lineAddsUp, type LineBox, type ParsedLine } from '../../../src/model/invoice-parser.ts';
import type { Column, ColumnKind, HeaderRow } from './header-row.ts';
import { money, quantity } from './numbers.ts';
import { unturnedPoint } from '../deskew.ts';
import { cellsOf, span, textOf, type PageWords, type Row, type Word } from './words.ts';

const UOM = /^(CS|EA|BG|BAG|LB|DZ|CT|BX|PK|GA|GAL|CA|CASE|EACH|BU|BTL|JR|TB|PL|BL)$/i;
/** A summary or footer row: the table has ended. */
const TABLE_END = /\b(sub-?\s*total|total\s*due|amount\s*due|balance\s*due|invoice\s*total|grand\s*total|total\s*amount|page\s*\d+\s*(of|\/)\s*\d+|thank\s*you|continued)\b|^\s*(total|(sales\s*)?tax)\b/i;

type Kind = 'money' | 'number' | 'text';
const FITS: Record<Kind, readonly ColumnKind[]> = {
  money: ['price', 'total', 'qty', 'other'], // a catch weight ("44.23" pounds) prints like money
  number: ['qty', 'code', 'pack', 'other'],
  text: ['code', 'description', 'brand', 'pack', 'uom', 'other'],
};
const kindOf = (text: string): Kind => (money(text) !== null ? 'money' : quantity(text) !== null ? 'number' : 'text');

/** How far a cell is from lining up with a column: 0 when its centre is under the column's name. */
function distance(cell: Word[], column: Column): number {
  const { x0, x1 } = span(cell);
  const centre = (x0 + x1) / 2;
  if (centre >= column.x0 && centre <= column.x1) return 0;
  return Math.min(Math.abs(x0 - column.x0), Math.abs(x1 - column.x1), Math.abs(centre - (column.x0 + column.x1) / 2));
}

function columnFor(cell: Word[], columns: readonly Column[]): Column {
  const fits = FITS[kindOf(textOf(cell))];
  const candidates = columns.filter((c) => fits.includes(c.kind));
  const pool = candidates.length ? candidates : columns;
  return pool.reduce((best, c) => (distance(cell, c) < distance(cell, best) ? c : best));
}

/** A cell cut where one of its words starts right at another column's left edge (columns set close together). */
function splitAtColumns(cell: Word[], columns: readonly Column[], charW: number): Word[][] {
  const parts: Word[][] = [[cell[0]!]];
  for (const w of cell.slice(1)) {
    if (columns.some((c) => c.kind !== 'other' && Math.abs(w.x0 - c.x0) <= 0.8 * charW)) parts.push([w]);
    else parts.at(-1)!.push(w);
  }
  return parts;
}

/** The row's text per column. */
function cellsByColumn(row: Row, columns: readonly Column[], charW: number): Map<ColumnKind, string> {
  const byKind = new Map<ColumnKind, string>();
  for (const cell of cellsOf(row, 1.5 * charW).flatMap((c) => splitAtColumns(c, columns, charW))) {
    const kind = columnFor(cell, columns).kind;
    byKind.set(kind, [byKind.get(kind), textOf(cell)].filter(Boolean).join(' '));
  }
  return byKind;
}

/** An amount printed without its point ("37470" for 374.70), when the line's arithmetic says so. */
const pointless = (text: string | undefined): number | null => (text && /^\d{3,9}$/.test(text) ? Number(text) / 100 : null);

type Draft = { line: ParsedLine; words: Word[]; bottom: number };

function lineOf(cells: Map<ColumnKind, string>): ParsedLine | null {
  const [qtyText, ...afterQty] = (cells.get('qty') ?? '').split(' ');
  let unitPrice = money(cells.get('price') ?? '');
  let totalPrice = money(cells.get('total') ?? '');
  let qty = quantity(qtyText ?? '');
  if (unitPrice === null && totalPrice === null) return null;
  if (qty !== null && unitPrice === null && totalPrice !== null) {
    const p = pointless(cells.get('price'));
    if (p !== null && lineAddsUp(qty, p, totalPrice)) unitPrice = p;
  }
  if (qty !== null && unitPrice !== null && totalPrice === null) {
    const t = pointless(cells.get('total'));
    if (t !== null && lineAddsUp(qty, unitPrice, t)) totalPrice = t;
  }
  // A weight that lost its point ("114" for 11.4): the line's arithmetic says where it goes.
  if (qty !== null && unitPrice !== null && totalPrice !== null && !lineAddsUp(qty, unitPrice, totalPrice)) {
    qty = [qty / 10, qty / 100].find((q) => lineAddsUp(q, unitPrice!, totalPrice!)) ?? qty;
  }
  let pack = cells.get('pack') ?? '';
  let uom = cells.get('uom') ?? afterQty.find((t) => UOM.test(t)) ?? '';
  // Pack and unit in one column ("4/10 LB CS"): the unit is its last word.
  const packWords = pack.split(' ');
  if (!cells.has('uom') && packWords.length > 1 && UOM.test(packWords.at(-1)!)) { uom = packWords.pop()!; pack = packWords.join(' '); }
  // Specks and quote marks read at a code's ends are not part of it ('"4593304864'); inner dashes are.
  const itemCode = (cells.get('code') ?? '').replace(/\s+/g, '').replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  const description = cells.get('description') ?? '';
  if (!itemCode && !description) return null;
  const doubtful = qty === null || unitPrice === null || totalPrice === null || !lineAddsUp(qty, unitPrice, totalPrice);
  return { itemCode, description, brand: cells.get('brand') ?? '', pack, uom: uom.toUpperCase(), quantity: qty, unitPrice, totalPrice, doubtful };
}

/**
 * The line's box as fractions of the uploaded page: on a page that was turned level, the box keeps
 * its size and its middle goes back to where it was on the uploaded image.
 */
function boxOf(words: readonly Word[], page: Pick<PageWords, 'width' | 'height' | 'turn'>): LineBox {
  const s = span(words);
  // A page read a quarter turned (sideways) has its boxes' width and height the other way round.
  const sideways = page.turn !== undefined && Math.abs(Math.round(page.turn.degrees / 90)) % 2 === 1;
  const [w, h] = sideways ? [s.y1 - s.y0, s.x1 - s.x0] : [s.x1 - s.x0, s.y1 - s.y0];
  const middle = page.turn ? unturnedPoint((s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2, page.turn, page.width, page.height) : { x: (s.x0 + s.x1) / 2, y: (s.y0 + s.y1) / 2 };
  const [width, height] = page.turn ? [page.turn.width, page.turn.height] : [page.width, page.height];
  const r = (n: number) => Math.round(n * 10000) / 10000;
  return { x: r((middle.x - w / 2) / width), y: r((middle.y - h / 2) / height), w: r(w / width), h: r(h / height) };
}

/** The line items under the header, in reading order, each with its box on the page. */
export function readTable(rows: readonly Row[], header: HeaderRow, charW: number, page: Pick<PageWords, 'width' | 'height' | 'turn'>): ParsedLine[] {
  const drafts: Draft[] = [];
  for (const row of rows.slice(header.index + 1)) {
    const cells = cellsByColumn(row, header.columns, charW);
    // "Subtotal 1,961.40" lines up with the price columns too; a row with no quantity of its own that names a total ends the table.
    if (TABLE_END.test(row.text) && quantity(cells.get('qty')?.split(' ')[0] ?? '') === null) break;
    const line = lineOf(cells);
    if (line) { drafts.push({ line, words: [...row.words], bottom: row.y1 }); continue; }
    // Text alone, just under a line: the rest of its description, wrapped in its cell.
    const last = drafts.at(-1);
    const onlyText = [...cells.keys()].every((k) => k === 'description' || k === 'brand' || k === 'other');
    if (last && onlyText && cells.has('description') && row.y0 - last.bottom < 0.8 * (row.y1 - row.y0)) {
      last.line.description = `${last.line.description} ${cells.get('description')}`.trim();
      last.words.push(...row.words);
      last.bottom = row.y1;
    }
  }
  return drafts.map((d) => ({ ...d.line, box: boxOf(d.words, page) }));
}
