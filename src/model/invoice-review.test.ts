import { describe, expect, it } from 'vitest';
import { decode } from './codec.ts';
import { EMPTY_DRAFT, LineCorrection, lineNumberProblem, readDraft } from './invoice-review.ts';

const good = { itemCode: '10413370', description: 'Salmon', brand: 'North Sea', pack: '10 LB', uom: 'CS', quantity: 3, unitPrice: 124.9, totalPrice: 374.7 };

describe("a reviewer's line", () => {
  it('takes quantities above 0 up to 100,000 and prices from 0 to 1,000,000 in cents; unknown numbers are null', () => {
    expect([0.001, 1, 12.345, 100_000, null].map((n) => lineNumberProblem('quantity', n))).toEqual([null, null, null, null, null]);
    expect([0, -1, 100_000.5, 1.2345, NaN, Infinity].every((n) => lineNumberProblem('quantity', n) !== null)).toBe(true);
    expect([0, 0.29, 19.99, 1_000_000].map((n) => lineNumberProblem('unitPrice', n))).toEqual([null, null, null, null]);
    expect([-0.01, 1.001, 1_000_000.01, NaN].every((n) => lineNumberProblem('totalPrice', n) !== null)).toBe(true);
  });

  it('the codec trims text, refuses what the rules refuse, and drops unknown keys', () => {
    expect(decode(LineCorrection, { ...good, description: '  Salmon  ', isInternalAdmin: true })).toEqual({ ok: true, value: { ...good, description: 'Salmon' } });
    expect(decode(LineCorrection, { ...good, quantity: 0 })).toMatchObject({ ok: false, errors: ['quantity must be a number above 0 and at most 100,000 (at most 3 decimals)'] });
    expect(decode(LineCorrection, { ...good, pack: 'x'.repeat(201) })).toMatchObject({ ok: false, errors: ['pack must be at most 200 characters'] });
    expect(decode(LineCorrection, { ...good, totalPrice: '374.70' })).toMatchObject({ ok: false, errors: ['totalPrice must be a number or null'] });
  });

  it('reads the form as typed ($ and thousands commas allowed, blank is unknown) and names each bad field', () => {
    const typed = { ...EMPTY_DRAFT, description: ' Salmon ', quantity: '3', unitPrice: '$1,124.90', totalPrice: '' };
    expect(readDraft(typed)).toEqual({ correction: { ...EMPTY_DRAFT, description: 'Salmon', quantity: 3, unitPrice: 1124.9, totalPrice: null }, problems: {} });
    expect(readDraft({ ...typed, quantity: 'three', totalPrice: '1e3' }).problems).toEqual({
      quantity: 'Quantity must be a number above 0 and at most 100,000 (at most 3 decimals)',
      totalPrice: 'Total Price must be an amount from 0 to 1,000,000 with at most 2 decimals',
    });
  });
});
