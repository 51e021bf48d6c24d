import { describe, expect, it } from 'vitest';
import type { ParsedInvoice, ParsedLine } from '../../src/model/invoice-parser.ts';
import { descriptionSimilarity, figures, scorePage, sumCounts } from './score.ts';
import type { ImageTruth, TrueLine } from './truth.ts';

const line = (itemCode: string, description: string, quantity: number, unitPrice: number): TrueLine =>
  ({ itemCode, description, brand: '', pack: '4/5 LB', uom: 'CS', quantity, unitPrice, totalPrice: Math.round(quantity * unitPrice * 100) / 100 });
const truth = (lines: TrueLine[]): ImageTruth => ({
  file: 'x-1-clean.png', layout: 'x', heldOut: false, condition: 'clean', page: 1, pages: 1,
  invoiceNumber: '4800179', invoiceDate: '2026-10-23', deliveryDate: '2026-10-25', seller: 'Harbor Foods Boston', billTo: 'Blue Anchor Grill',
  subtotal: Math.round(lines.reduce((s, l) => s + l.totalPrice, 0) * 100) / 100, tax: 1.5, lines,
});
/** What a perfect reader would return for the page. */
const reading = (t: ImageTruth, lines: ParsedLine[] = t.lines.map((l) => ({ ...l, doubtful: false }))): ParsedInvoice => ({
  distributor: t.seller, invoiceNumber: t.invoiceNumber, merchant: t.billTo, invoiceDate: t.invoiceDate, deliveryDate: t.deliveryDate,
  subtotal: t.subtotal, taxAmount: t.tax, lines, sumMatchesSubtotal: true,
});

const coded = truth([line('1041200', 'Mozzarella Cheese Shredded', 3, 48.75), line('1041337', 'Tomatoes Diced In Juice', 12, 31.2), line('1041474', 'Canola Oil Clear Fry', 1, 39.95)]);
const codeless = truth([line('', 'Mozzarella Cheese Shredded', 3, 48.75), line('', 'Tomatoes Diced In Juice', 12, 31.2)]);

describe('the OCR benchmark score', () => {
  it('gives a perfect reading 100 % everywhere', () => {
    expect(figures(scorePage(coded, reading(coded)))).toEqual({
      lines_found_pct: 100, recall_pct: 100, precision_pct: 100, invented: 0,
      qty_exact_pct: 100, price_exact_pct: 100, total_exact_pct: 100, header_right_pct: 100,
    });
  });

  it('counts an invented line against lines found and precision, not against recall', () => {
    const invented: ParsedLine = { ...coded.lines[0]!, itemCode: '9999999', doubtful: false };
    const f = figures(scorePage(coded, reading(coded, [...reading(coded).lines, invented])));
    expect(f).toMatchObject({ recall_pct: 100, precision_pct: 75, invented: 1, lines_found_pct: 75 });
  });

  it('matches a line with a wrong total by its code, but the total is not exact', () => {
    const lines = reading(coded).lines.map((l, i) => (i === 1 ? { ...l, totalPrice: 347.4 } : l));
    const f = figures(scorePage(coded, reading(coded, lines)));
    expect(f).toMatchObject({ lines_found_pct: 100, qty_exact_pct: 100, price_exact_pct: 100, total_exact_pct: 66.7 });
  });

  it('without item codes, matches by a similar description when the quantity or total agrees', () => {
    const lines = reading(codeless).lines.map((l) => ({ ...l, description: l.description.replace('Shredded', 'Shreded').replace('Juice', 'Juce') }));
    expect(figures(scorePage(codeless, reading(codeless, lines))).lines_found_pct).toBe(100);
    const wrongQtyAndTotal = lines.map((l, i) => (i === 0 ? { ...l, quantity: 8, totalPrice: 390 } : l));
    expect(figures(scorePage(codeless, reading(codeless, wrongQtyAndTotal)))).toMatchObject({ recall_pct: 50, invented: 1 });
    expect(descriptionSimilarity('Tomatoes Diced In Juice', 'Canola Oil Clear Fry')).toBeLessThan(0.8);
  });

  it('scores the header fields the page prints', () => {
    const wrong = { ...reading(coded), invoiceDate: '2026-10-24', invoiceNumber: '4800178' };
    const s = scorePage(coded, wrong);
    expect(s.missedHeader).toEqual(['invoiceNumber', 'invoiceDate']);
    expect(scorePage(coded, reading(coded)).header.invoiceNumber).toEqual({ right: 1, of: 1 });
    expect(scorePage({ ...coded, subtotal: null, tax: null }, reading(coded)).header.subtotal.of).toBe(0);
  });

  it('pools pages by lines, not by averaging pages', () => {
    const all = sumCounts([scorePage(coded, reading(coded)), scorePage(codeless, reading(codeless, []))]);
    expect(figures(all)).toMatchObject({ lines_found_pct: 60, recall_pct: 60, precision_pct: 100 });
  });
});
