import { describe, expect, it } from 'vitest';
import { fixtureReading, truePages } from '../../testing/invoice-fixtures.ts';
import { findHeaderRow } from './header-row.ts';
import { parseLayout } from './parse-layout.ts';
import { rowOf, rowsOf, type PageWords, type Word } from './words.ts';

/** A row of words at height y: each word's left edge given, 20 px a letter. */
const row = (y: number, words: [string, number][]) => rowOf(words.map(([text, x]): Word => ({ text, x0: x, x1: x + 20 * text.length, y0: y, y1: y + 30 })));
const page = (...rows: ReturnType<typeof row>[]): PageWords => ({ width: 2400, height: 3000, rows });

describe('the layout reader on the fixture pages as tesseract read them', () => {
  it('reads at least 95 % of the lines right (code, quantity, unit price, total) and invents none', () => {
    let right = 0, total = 0;
    for (const t of truePages) {
      const parsed = parseLayout(fixtureReading(t.file).page)!;
      expect(parsed, t.file).not.toBeNull();
      const same = (l: (typeof t.lines)[number]) => parsed.lines.some((p) => p.itemCode === l.itemCode && p.quantity === l.quantity && p.unitPrice === l.unitPrice && p.totalPrice === l.totalPrice);
      right += t.lines.filter(same).length;
      total += t.lines.length;
      expect(parsed.lines.length, t.file).toBeLessThanOrEqual(t.lines.length);
      expect(parsed, t.file).toMatchObject({ distributor: t.distributor, merchant: t.merchant, invoiceDate: t.invoiceDate, deliveryDate: t.deliveryDate, taxAmount: t.taxAmount });
    }
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  });

  it('reads a page that prints no header row (a second page) from the columns its priced rows line up in', () => {
    let right = 0, total = 0;
    for (const t of truePages) {
      const { page: words } = fixtureReading(t.file);
      const header = findHeaderRow(words.rows)!;
      const parsed = parseLayout({ ...words, rows: words.rows.filter((_, i) => i !== header.index) })!;
      right += t.lines.filter((l) => parsed.lines.some((p) => p.itemCode === l.itemCode && p.quantity === l.quantity && p.totalPrice === l.totalPrice)).length;
      total += t.lines.length;
      expect(parsed.lines.length, t.file).toBeLessThanOrEqual(t.lines.length);
    }
    expect(right / total).toBeGreaterThanOrEqual(0.95);
  });

  it('gives each line the box of its row, inside the page, one under the other', () => {
    const { page: words } = fixtureReading('invoice-01-a-clean.png');
    const lines = parseLayout(words)!.lines;
    for (const [i, l] of lines.entries()) {
      expect(l.box!.x).toBeGreaterThanOrEqual(0);
      expect(l.box!.x + l.box!.w).toBeLessThanOrEqual(1);
      expect(l.box!.h).toBeGreaterThan(0);
      expect(l.box!.h).toBeLessThan(0.05);
      if (i > 0) expect(l.box!.y).toBeGreaterThan(lines[i - 1]!.box!.y + lines[i - 1]!.box!.h / 2);
      // The code read in the line is a word inside its box.
      const code = words.rows.flatMap((r) => r.words).find((w) => w.text === l.itemCode)!;
      expect(code.y0 / words.height).toBeGreaterThanOrEqual(l.box!.y - 0.001);
      expect(code.y1 / words.height).toBeLessThanOrEqual(l.box!.y + l.box!.h + 0.001);
    }
  });
});

describe('the layout reader on layouts it was not written for', () => {
  it('a quantity-first table with EACH and EXTENSION, codes missing, a description wrapped over two rows', () => {
    const parsed = parseLayout(page(
      row(100, [['Coastal', 100], ['Foodservice', 260]]),
      row(200, [['Invoice', 100], ['#:', 260], ['A-20417', 320], ['Date:', 1400], ['Oct', 1520], ['14,', 1600], ['2026', 1680]]),
      row(260, [['Sold', 100], ['To:', 200], ['Harbor', 280], ['Grill', 420], ['#12', 540]]),
      row(400, [['QTY', 100], ['DESCRIPTION', 300], ['EACH', 1500], ['EXTENSION', 1800]]),
      row(460, [['3', 140], ['Chicken', 300], ['Breast', 460], ['Boneless', 600]]),
      row(495, [['Skinless', 300], ['Frozen', 480]]),
      row(560, [['12', 120], ['Lettuce', 300], ['Romaine', 460], ['$1,042.10', 1420], ['$12,505.20', 1800]]),
      row(700, [['Subtotal', 1500], ['12,692.40', 1800]]),
    ))!;
    expect(parsed.invoiceNumber).toBe('A-20417');
    expect(parsed.invoiceDate).toBe('2026-10-14');
    expect(parsed.merchant).toBe('Harbor Grill #12');
    expect(parsed.distributor).toBe('Coastal Foodservice');
    // The first row has no prices: not a line. The second is.
    expect(parsed.lines.map((l) => [l.description, l.quantity, l.unitPrice, l.totalPrice, l.doubtful])).toEqual([
      ['Lettuce Romaine', 12, 1042.1, 12505.2, false],
    ]);
  });

  it('joins a wrapped description to its line, keeps pack and unit apart, and marks a line whose arithmetic fails', () => {
    const parsed = parseLayout(page(
      row(400, [['Item', 100], ['#', 200], ['Product', 400], ['Pack/Size', 1100], ['Shipped', 1500], ['Price', 1750], ['Amount', 2050]]),
      row(460, [['104120', 100], ['Chicken', 400], ['Breast', 560], ['Boneless', 700], ['4/10', 1100], ['LB', 1200], ['CS', 1260], ['3', 1560], ['62.40', 1750], ['187.20', 2050]]),
      row(495, [['Skinless', 400], ['Frozen', 580]]),
      row(560, [['104257', 100], ['Rice', 400], ['25', 1100], ['LB', 1160], ['BG', 1220], ['2', 1560], ['18.45', 1750], ['39.90', 2050]]),
      row(700, [['Page', 100], ['1', 200], ['of', 240], ['2', 300]]),
      row(760, [['104999', 100], ['Not', 400], ['a', 480], ['line', 520], ['1', 1560], ['1.00', 1750], ['1.00', 2050]]),
    ))!;
    expect(parsed.lines.map((l) => ({ code: l.itemCode, d: l.description, pack: l.pack, uom: l.uom, doubtful: l.doubtful }))).toEqual([
      { code: '104120', d: 'Chicken Breast Boneless Skinless Frozen', pack: '4/10 LB', uom: 'CS', doubtful: false },
      { code: '104257', d: 'Rice', pack: '25 LB', uom: 'BG', doubtful: true },
    ]);
  });

  it('sets aside a column it does not know, and reads "Item" and "Description" a column apart as two columns', () => {
    const parsed = parseLayout(page(
      row(400, [['Item', 100], ['Description', 400], ['Wt', 1000], ['Qty', 1300], ['Price', 1600], ['Total', 1900]]),
      row(460, [['88231', 100], ['Butter', 400], ['Solid', 540], ['36.0', 1000], ['2', 1320], ['112.00', 1600], ['224.00', 1900]]),
    ))!;
    expect(parsed.lines).toMatchObject([{ itemCode: '88231', description: 'Butter Solid', quantity: 2, unitPrice: 112, totalPrice: 224, doubtful: false }]);
  });

  it('finds no table on a page whose rows name no columns', () => {
    expect(parseLayout(page(row(100, [['Dear', 100], ['customer,', 220]]), row(160, [['Qty', 100], ['3', 200]])))).toBeNull();
  });
});

describe('rowsOf', () => {
  it('keeps a table row on one row when tesseract swells the boxes of its left half (a rule under them) to twice the height', () => {
    const word = (text: string, x0: number, y0: number, y1: number): Word => ({ text, x0, x1: x0 + 20 * text.length, y0, y1 });
    const rows = rowsOf([
      word('770829', 229, 981, 1042), word('Sugar', 468, 981, 1042), word('34.15', 1979, 982, 1042),
      word('13', 1725, 1000, 1028), word('BG', 1792, 1000, 1028), word('443.95', 2171, 1000, 1028),
      word('731737', 232, 1056, 1086), word('2', 1740, 1056, 1086),
    ]);
    expect(rows.map((r) => r.text)).toEqual(['770829 Sugar 13 BG 34.15 443.95', '731737 2']);
  });
});
