// Finds the table's header row by the names distributors give their columns, and where each
// column sits. Names are matched longest first ("Item Description" before "Item"), so a column
// is named once.
import { rowOf, span, type Row, type Word } from './words.ts';

/** 'other': a column the reader does not use (ordered quantity, weight, tax flag); its cells are set aside, not spilled into a neighbour. */
export type ColumnKind = 'code' | 'description' | 'brand' | 'pack' | 'uom' | 'qty' | 'price' | 'total' | 'other';
export type Column = { kind: ColumnKind; x0: number; x1: number };
export type HeaderRow = { index: number; columns: Column[] };

const NAMES: Record<string, ColumnKind> = {
  'qty': 'qty', 'quantity': 'qty', 'shipped': 'qty', 'qty ship': 'qty', 'qty shipped': 'qty', 'ship qty': 'qty', 'qty shp': 'qty',
  'cases': 'qty', 'ship': 'qty', 'delivered': 'qty', 'qty/wt': 'qty', 'qty / wt': 'qty', 'wt/qty': 'qty', 'qty/lbs': 'qty', 'units': 'qty',
  'price': 'price', 'each': 'price', 'unit price': 'price', 'price each': 'price', 'unit cost': 'price', 'cost': 'price', 'net price': 'price',
  'total': 'total', 'amount': 'total', 'ext': 'total', 'extension': 'total', 'ext price': 'total', 'ext amount': 'total', 'extended': 'total',
  'line total': 'total', 'ext amt': 'total', 'total price': 'total', 'extended price': 'total',
  'item': 'code', 'item #': 'code', 'item no': 'code', 'item code': 'code', 'code': 'code', 'product #': 'code', 'product code': 'code',
  'sku': 'code', '#': 'code', 'prod #': 'code', 'item number': 'code', 'product no': 'code',
  'description': 'description', 'product': 'description', 'item description': 'description', 'product description': 'description',
  'desc': 'description', 'product name': 'description',
  'brand': 'brand', 'mfr': 'brand', 'manufacturer': 'brand', 'label': 'brand',
  'pack': 'pack', 'size': 'pack', 'pack size': 'pack', 'pack/size': 'pack', 'pk/sz': 'pack', 'pack / size': 'pack',
  'uom': 'uom', 'u/m': 'uom', 'um': 'uom', 'unit': 'uom',
};
const LONGEST = 3;
/** Names printed without their space ("UnitPrice", "ItemCode"). */
const JOINED = new Map(Object.entries(NAMES).map(([name, kind]) => [name.replace(/\s+/g, ''), kind]));

/** One letter off ("Oty" for Qty, "Arnount" for Amount): what tesseract makes of a header in a grey band. */
function nearName(text: string): ColumnKind | undefined {
  if (text.length < 3) return undefined;
  for (const [name, kind] of JOINED) if (name.length >= 3 && Math.abs(name.length - text.length) <= 1 && editDistance(name, text) <= (name.length > 5 ? 2 : 1)) return kind;
  return undefined;
}
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** A header word as it is compared: lower case, trailing punctuation gone, "Item#" as "item #". */
const norm = (s: string) => s.toLowerCase().replace(/[:.,]+$/, '').replace(/^(\w+)#$/, '$1 #');

/** Words of one name sit a space apart; "Item" and "Description" a column apart are two names. */
const close = (words: Word[]) => words.every((w, k) => k === 0 || w === words[k - 1] || w.x0 - words[k - 1]!.x1 < 0.8 * (w.y1 - w.y0));

/** The columns a row names, left to right, and the words it does not know as names. */
export function columnsNamed(row: Row): Column[] {
  const tokens: { text: string; word: Word }[] = row.words.flatMap((word) => norm(word.text).split(' ').map((text) => ({ text, word })));
  const found: { kind: ColumnKind; words: Word[] }[] = [];
  for (let i = 0; i < tokens.length;) {
    let matched = 0;
    for (let n = Math.min(LONGEST, tokens.length - i); n >= 1 && !matched; n--) {
      const phrase = tokens.slice(i, i + n).map((t) => t.text).join(' ');
      const kind = NAMES[phrase] ?? (n === 1 ? JOINED.get(phrase) ?? nearName(phrase) : undefined);
      if (kind && close(tokens.slice(i, i + n).map((t) => t.word))) { found.push({ kind, words: [...new Set(tokens.slice(i, i + n).map((t) => t.word))] }); matched = n; }
    }
    if (!matched) {
      // An unknown name: joined to the unknown word just before it when they sit close, as one column.
      const word = tokens[i]!.word, last = found.at(-1);
      if (last?.kind === 'other' && !last.words.includes(word) && word.x0 - last.words.at(-1)!.x1 < word.y1 - word.y0) last.words.push(word);
      else if (!last?.words.includes(word)) found.push({ kind: 'other', words: [word] });
    }
    i += matched || 1;
  }
  // "Unit" alone names the price when no other column does.
  const hasPrice = found.some((f) => f.kind === 'price');
  return found.map((f) => {
    const kind = f.kind === 'uom' && !hasPrice && f.words.length === 1 && norm(f.words[0]!.text) === 'unit' ? 'price' : f.kind;
    const { x0, x1 } = span(f.words);
    return { kind, x0, x1 };
  });
}

const kindsOf = (columns: Column[]) => new Set(columns.map((c) => c.kind).filter((k) => k !== 'other'));
const isHeader = (columns: Column[]) => {
  const kinds = kindsOf(columns);
  return kinds.size >= 3 && kinds.has('qty') && (kinds.has('total') || kinds.has('price'));
};

/**
 * A header printed on two lines ("Unit" over "Price", "Qty" over "Ship"): each word of the lower
 * line joined to the word above it, so the names read as one.
 */
function stacked(upper: Row, lower: Row): Row {
  const words = upper.words.map((w) => ({ ...w }));
  for (const b of lower.words) {
    const above = words.find((a) => a.x0 < b.x1 && b.x0 < a.x1);
    if (above) Object.assign(above, { text: `${above.text} ${b.text}`, x0: Math.min(above.x0, b.x0), x1: Math.max(above.x1, b.x1), y1: b.y1 });
    else words.push({ ...b });
  }
  return rowOf(words);
}

/**
 * The header: the first row (or pair of rows set close, for a header on two lines) naming a
 * quantity, a price or total, and at least three columns. `index` is its last row.
 */
export function findHeaderRow(rows: readonly Row[]): HeaderRow | null {
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!, next = rows[index + 1];
    const columns = columnsNamed(row);
    // Two lines only when the second names more (a category row under a one-line header names less).
    if (next && next.y0 - row.y1 < 0.6 * (row.y1 - row.y0) && !/\d/.test(next.text)) {
      const both = columnsNamed(stacked(row, next));
      if (isHeader(both) && kindsOf(both).size > kindsOf(columns).size) return { index: index + 1, columns: dedupe(both) };
    }
    if (isHeader(columns)) return { index, columns: dedupe(columns) };
  }
  return null;
}

/** Two columns of one kind (quantity ordered, then shipped): the last one is billed, the earlier ones are set aside. */
function dedupe(columns: Column[]): Column[] {
  return columns.map((c, i) => (c.kind !== 'other' && columns.slice(i + 1).some((o) => o.kind === c.kind) ? { ...c, kind: 'other' } : c));
}
