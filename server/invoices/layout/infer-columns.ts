// A page whose table has no header row (the second page of an invoice that prints it once): the
// columns are inferred from the rows that hold a price and a total. In each such row the last
// amount is the total, the one before it the price, the number that makes quantity × price =
// total the quantity, a long number on the left the item code, and the words the description,
// brand, pack and unit in that order. Each column sits where its cells sit in most rows.
import { lineAddsUp } from '../../../src/model/invoice-parser.ts';
import type { Column, ColumnKind, HeaderRow } from './header-row.ts';
import { money, quantity } from './numbers.ts';
import { cellsOf, span, textOf, type Row, type Word } from './words.ts';

const UOM = /^(CS|EA|BG|BAG|LB|DZ|CT|BX|PK|GA|GAL|CA|CASE|EACH)$/i;
const CODE = /^[A-Z]{0,2}-?\d{4,10}$|^\d{2,4}-\d{3,6}$/i;

/** What each cell of a row with a price and a total holds; null for any other row. */
function cellKinds(cells: Word[][]): Map<ColumnKind, Word[]> | null {
  const texts = cells.map(textOf);
  const amounts = texts.map((t, i) => (money(t) !== null ? i : -1)).filter((i) => i >= 0);
  if (amounts.length < 2) return null;
  const totalAt = amounts.at(-1)!, priceAt = amounts.at(-2)!;
  const total = money(texts[totalAt]!)!, price = money(texts[priceAt]!)!;
  const kinds = new Map<ColumnKind, Word[]>([['total', cells[totalAt]!], ['price', cells[priceAt]!]]);
  const qtyAt = texts.findIndex((t, i) => i < priceAt && quantity(t) !== null && lineAddsUp(quantity(t)!, price, total));
  if (qtyAt < 0) return null;
  kinds.set('qty', cells[qtyAt]!);
  const words: ColumnKind[] = ['description', 'brand', 'pack', 'uom'];
  for (const [i, t] of texts.entries()) {
    if (i === qtyAt || i >= priceAt) continue;
    if (!kinds.has('code') && !kinds.has('description') && CODE.test(t)) kinds.set('code', cells[i]!);
    else if (UOM.test(t)) kinds.set('uom', cells[i]!);
    else {
      const kind = kinds.has('description') && /\d/.test(t) ? 'pack' : words.find((k) => !kinds.has(k));
      if (kind) kinds.set(kind, cells[i]!);
    }
  }
  return kinds;
}

const median = (ns: number[]) => [...ns].sort((a, b) => a - b)[Math.floor(ns.length / 2)]!;

/** Columns inferred from the page's priced rows; `index` is the row before the first of them. Null when fewer than two rows agree. */
export function inferColumns(rows: readonly Row[], gap: number): HeaderRow | null {
  const seen = new Map<ColumnKind, Word[][]>();
  let first = -1, priced = 0;
  for (const [i, row] of rows.entries()) {
    const kinds = cellKinds(cellsOf(row, gap));
    if (!kinds) continue;
    if (first < 0) first = i;
    priced++;
    for (const [kind, cell] of kinds) seen.set(kind, [...(seen.get(kind) ?? []), cell]);
  }
  if (priced < 2) return null;
  const columns: Column[] = [...seen]
    .filter(([, cells]) => cells.length * 2 >= priced)
    .map(([kind, cells]) => ({ kind, x0: median(cells.map((c) => span(c).x0)), x1: median(cells.map((c) => span(c).x1)) }))
    .sort((a, b) => a.x0 - b.x0);
  return { index: first - 1, columns };
}
