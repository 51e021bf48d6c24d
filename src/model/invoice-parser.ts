// Turns an invoice page's OCR text (tesseract, page segmentation mode 4, interword spaces kept)
// into general info and line items. A line whose arithmetic does not hold (quantity × unit price
// ≠ total) is kept but marked doubtful; nothing is invented.
import { isAmountInRange } from './amounts.ts';

/** Where a line was read on its image, in fractions (0–1) of the image's width and height. */
export type LineBox = { x: number; y: number; w: number; h: number };
export type ParsedLine = {
  itemCode: string; description: string; brand: string; pack: string; uom: string;
  quantity: number | null; unitPrice: number | null; totalPrice: number | null; doubtful: boolean;
  /** Absent when the line was not read from word boxes (typed in by a reviewer, or read from plain text). */
  box?: LineBox;
};
export type ParsedInvoice = {
  distributor: string | null; invoiceNumber: string | null; merchant: string | null; invoiceDate: string | null; deliveryDate: string | null;
  taxAmount: number | null; subtotal: number | null; lines: ParsedLine[];
  /** The lines' totals add up to the printed subtotal (null when no subtotal was read). */
  sumMatchesSubtotal: boolean | null;
};

const CODE = /^\d{6,10}$/;
const MONEY = /^\$?\d{1,3}(?:,?\d{3})*\.\d{2}$/;
const UOM = /^(CS|EA|BG|LB|DZ|CT|BX|PK|GA|CA|BAG|CASE)$/i;
const UNIT = /^(LB|OZ|CT|DZ|GAL|KG|G|EA)$/i;
/** A printed amount; null beyond the domain's range (OCR noise, not money: no sum may become Infinity). */
const moneyOrNull = (s: string): number | null => {
  const n = Number(s.replace(/[$,]/g, ''));
  return isAmountInRange(n) ? n : null;
};
const cents = (n: number) => Math.round(n * 100);

/** quantity × unit price = total, to the cent. */
export const lineAddsUp = (quantity: number, unitPrice: number, total: number) => cents(quantity * unitPrice) === cents(total);
/** A line to check by eye: a number missing, or quantity × unit price ≠ total. */
export const lineDoubtful = (quantity: number | null, unitPrice: number | null, total: number | null) =>
  quantity === null || unitPrice === null || total === null || !lineAddsUp(quantity, unitPrice, total);

function dateAfter(text: string, label: RegExp): string | null {
  const m = text.match(new RegExp(`${label.source}\\s*:?\\s*(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{4})`, 'i'));
  if (!m) return null;
  const v = m[1]!;
  if (v.includes('-')) return v;
  const [mo, d, y] = v.split('/');
  return `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
}
function amountAfter(text: string, label: RegExp): number | null {
  const m = text.match(new RegExp(`${label.source}\\s*:?\\s*\\$?(\\d[\\d,]*\\.\\d{2})`, 'im'));
  return m ? moneyOrNull(m[1]!) : null;
}

function parseRow(row: string): ParsedLine | null {
  const tokens = row.trim().split(/\s+/);
  const codeAt = tokens.findIndex((t) => CODE.test(t));
  if (codeAt < 0) return null;
  const itemCode = tokens[codeAt]!;
  const moneyAt = tokens.map((t, i) => (MONEY.test(t) ? i : -1)).filter((i) => i > codeAt);
  const totalAt = moneyAt.at(-1);
  const unitAt = moneyAt.length >= 2 ? moneyAt.at(-2) : undefined;
  const totalPrice = totalAt === undefined ? null : moneyOrNull(tokens[totalAt]!);
  const unitPrice = unitAt === undefined ? null : moneyOrNull(tokens[unitAt]!);
  // The quantity: a whole number before the code (quantity-first layouts) or before the prices.
  const ints = tokens.map((t, i) => (/^\d{1,4}$/.test(t) && i !== codeAt ? i : -1)).filter((i) => i >= 0 && (i < codeAt || (unitAt !== undefined && i < unitAt)));
  let qtyAt: number | undefined;
  if (unitPrice !== null && totalPrice !== null) qtyAt = ints.find((i) => lineAddsUp(Number(tokens[i]), unitPrice, totalPrice));
  qtyAt ??= ints.find((i) => i < codeAt) ?? (unitAt !== undefined && ints.includes(unitAt - 1) ? unitAt - 1 : undefined);
  const quantity = qtyAt === undefined ? null : Number(tokens[qtyAt]);
  // Between the code and the numbers: description, brand, pack, uom.
  const end = Math.min(...[qtyAt !== undefined && qtyAt > codeAt ? qtyAt : Infinity, unitAt ?? Infinity, totalAt ?? Infinity, tokens.length]);
  const middle = tokens.slice(codeAt + 1, end);
  let uomAt = -1;
  for (let i = middle.length - 1; i >= 0; i--) if (UOM.test(middle[i]!)) { uomAt = i; break; }
  const uom = uomAt >= 0 ? middle[uomAt]!.toUpperCase() : '';
  let packStart = uomAt >= 0 ? uomAt : middle.length;
  if (packStart > 0 && UNIT.test(middle[packStart - 1]!) && packStart > 1 && /\d/.test(middle[packStart - 2]!)) packStart -= 2;
  else if (packStart > 0 && /\d/.test(middle[packStart - 1]!)) packStart -= 1;
  const pack = middle.slice(packStart, uomAt >= 0 ? uomAt : middle.length).join(' ');
  // Description and brand are told apart by the wide gap tesseract keeps between columns.
  const words = middle.slice(0, packStart).join(' ');
  const rawMiddle = row.slice(row.indexOf(itemCode) + itemCode.length);
  const chunks = rawMiddle.split(/\s{3,}/).map((c) => c.trim()).filter(Boolean);
  const brandChunk = chunks.length > 1 ? chunks.find((c, i) => i > 0 && words.includes(c) && !/\d/.test(c)) : undefined;
  const description = brandChunk ? words.slice(0, words.indexOf(brandChunk)).trim() : words;
  const brand = brandChunk ?? '';
  const doubtful = lineDoubtful(quantity, unitPrice, totalPrice);
  return { itemCode, description, brand, pack, uom, quantity, unitPrice, totalPrice, doubtful };
}

export function parseInvoiceText(text: string): ParsedInvoice {
  const lines = text.split('\n').map((l) => l.replace(/[|]/g, ' ').trimEnd()).filter((l) => l.trim() !== '');
  const hasCode = (l: string) => l.trim().split(/\s+/).slice(0, 3).some((t) => CODE.test(t));
  const hasTotal = (l: string) => l.trim().split(/\s+/).filter((t) => MONEY.test(t)).length >= 2;
  const rows: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!hasCode(lines[i]!)) continue;
    let row = lines[i]!;
    // A row tesseract broke in two: join the next lines until its prices appear.
    while (!hasTotal(row) && i + 1 < lines.length && !hasCode(lines[i + 1]!) && !/subtotal|total due|^\s*tax/i.test(lines[i + 1]!)) row += '    ' + lines[++i]!;
    rows.push(row);
  }
  const parsed = rows.map(parseRow).filter((l): l is ParsedLine => l !== null);
  const subtotal = amountAfter(text, /sub\s*-?total/);
  const sum = parsed.reduce((s, l) => s + cents(l.totalPrice ?? 0), 0);
  return {
    distributor: lines[0]?.trim() ?? null,
    invoiceNumber: text.match(/\binv(?:oice)?\.?\s*(?:#|no\b\.?|number\b)\s*:?\s*#?\s*([A-Z0-9-]*\d[A-Z0-9-]*)/i)?.[1] ?? null,
    merchant: text.match(/Bill\s*To\s*:?\s*(.+)/i)?.[1]?.trim() ?? null,
    invoiceDate: dateAfter(text, /Invoice\s*Date/),
    deliveryDate: dateAfter(text, /Delivery\s*Date/),
    taxAmount: amountAfter(text, /^\s*Tax/),
    subtotal,
    lines: parsed,
    sumMatchesSubtotal: subtotal === null ? null : sum === cents(subtotal),
  };
}
