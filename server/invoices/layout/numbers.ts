// Numbers as OCR reads them in a table's number columns: "$1,234.56", "124,90", "12.5", and the
// letters tesseract confuses with digits there ("l2" for 12, "O" for 0).
import { isAmountInRange } from '../../../src/model/amounts.ts';

const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', '¢': '0', l: '1', I: '1', i: '1', '|': '1', S: '5', B: '8' };

/** The text with look-alike letters read as digits, when it is mostly digits already. */
function digits(text: string): string {
  const s = text.replace(/^\$/, '').replace(/[$)]+$/, '');
  const count = [...s].filter((c) => /\d/.test(c)).length;
  return count >= s.length / 2 ? [...s].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('') : s;
}

/** A printed amount of money: two decimals after a point (or a comma misread for one). */
export function money(text: string): number | null {
  const m = digits(text).match(/^(\d{1,3}(?:,\d{3})*|\d+)[.,](\d{2})$/);
  if (!m) return null;
  const n = Number(`${m[1]!.replace(/,/g, '')}.${m[2]}`);
  return isAmountInRange(n) ? n : null;
}

/** A quantity: a whole number, or a weight with up to three decimals. */
export function quantity(text: string): number | null {
  const m = digits(text).match(/^\d{1,5}(?:[.,]\d{1,3})?$/);
  if (!m) return null;
  const n = Number(m[0].replace(',', '.'));
  return n > 0 && n <= 100_000 ? n : null;
}

export const looksLikeMoney = (text: string) => money(text) !== null;
export const cents = (n: number) => Math.round(n * 100);

/** Σ line totals = the printed subtotal, to the cent. */
export const sumAddsUp = (lines: readonly { totalPrice: number | null }[], subtotal: number) =>
  lines.reduce((s, l) => s + cents(l.totalPrice ?? 0), 0) === cents(subtotal);
