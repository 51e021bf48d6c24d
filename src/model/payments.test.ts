import { describe, expect, it } from 'vitest';
import { amountInWords, checkTotals, donutSlices, DONUT_STEP, payPeriods, quarterEndDay, quarterLabel, quarterOfMonth } from './payments.ts';
import { nextCount } from './format.ts';
import { checkSheetRows, MAX_SHEET_ROWS, TOO_MANY_ROWS } from './checks-data.ts';

describe('quarters', () => {
  it('puts every month boundary in its quarter: floor((month + 3) / 3), month 0-based', () => {
    expect(Array.from({ length: 12 }, (_, m) => quarterOfMonth(m))).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
    // The first and last moment of each quarter's months, in UTC.
    expect(payPeriods(new Date('2026-03-31T23:59:59Z'))[0]).toEqual({ label: '2026 Quarter 1', value: '26Q1' });
    expect(payPeriods(new Date('2026-04-01T00:00:00Z'))[0]).toEqual({ label: '2026 Quarter 2', value: '26Q2' });
    expect(payPeriods(new Date('2026-06-30T12:00:00Z'))[0]!.value).toBe('26Q2');
    expect(payPeriods(new Date('2026-07-01T00:00:00Z'))[0]!.value).toBe('26Q3');
    expect(payPeriods(new Date('2026-09-30T23:00:00Z'))[0]!.value).toBe('26Q3');
    expect(payPeriods(new Date('2026-10-01T00:00:00Z'))[0]!.value).toBe('26Q4');
  });

  it('lists the last 8 quarters newest first across the year turn', () => {
    expect(payPeriods(new Date('2027-01-01T00:00:00Z')).map((q) => q.value)).toEqual(['27Q1', '26Q4', '26Q3', '26Q2', '26Q1', '25Q4', '25Q3', '25Q2']);
    expect(payPeriods(new Date('2026-12-31T23:59:59Z')).map((q) => q.label)).toEqual([
      '2026 Quarter 4', '2026 Quarter 3', '2026 Quarter 2', '2026 Quarter 1', '2025 Quarter 4', '2025 Quarter 3', '2025 Quarter 2', '2025 Quarter 1',
    ]);
    expect(payPeriods(new Date('2009-02-01T00:00:00Z'))[0]!.value).toBe('09Q1');
  });

  it('names and dates a quarter', () => {
    expect(quarterLabel('26Q3')).toBe('2026 Quarter 3');
    expect(quarterEndDay('26Q1')).toBe('2026-03-31');
    expect(quarterEndDay('24Q1')).toBe('2024-03-31');
    expect(quarterEndDay('26Q4')).toBe('2026-12-31');
  });
});

describe('totals', () => {
  it("sums 'Check' as check and every other method as ACH, to the cent", () => {
    const totals = checkTotals([
      { amount: 0.1, paymentmethod: 'Check' }, { amount: 0.2, paymentmethod: 'Check' },
      { amount: 10.05, paymentmethod: 'ACH' }, { amount: 1, paymentmethod: 'Wire' }, { amount: 2, paymentmethod: 'check' },
    ]);
    expect(totals).toEqual({ payments: 5, amount: 13.35, check: 0.3, ach: 13.05 });
    expect(checkTotals([])).toEqual({ payments: 0, amount: 0, check: 0, ach: 0 });
  });
});

describe('donuts', () => {
  const slices = Array.from({ length: 40 }, (_, i) => ({ manufacturer: `M${i}`, amount: i + 1 }));
  it('draws the 15 largest first and lists the rest', () => {
    const { drawn, rest } = donutSlices(slices, DONUT_STEP);
    expect(drawn.map((s) => s.amount)).toEqual(Array.from({ length: 15 }, (_, i) => 40 - i));
    expect(rest).toHaveLength(25);
  });
  it('shows more and less in steps of 15, never past the slices or below 15', () => {
    expect(nextCount(15, DONUT_STEP, 40, 'more')).toBe(30);
    expect(nextCount(30, DONUT_STEP, 40, 'more')).toBe(40);
    expect(nextCount(40, DONUT_STEP, 40, 'less')).toBe(25);
    expect(nextCount(15, DONUT_STEP, 40, 'less')).toBe(15);
  });
});

describe('amount in words', () => {
  it('writes the amount as on a check', () => {
    expect(amountInWords(1234.5)).toBe('One Thousand Two Hundred Thirty-Four and 50/100 Dollars');
    expect(amountInWords(0.07)).toBe('Zero and 07/100 Dollars');
    expect(amountInWords(2_000_019.99)).toBe('Two Million Nineteen and 99/100 Dollars');
    expect(amountInWords(100)).toBe('One Hundred and 00/100 Dollars');
    expect(amountInWords(1e12)).toBe('One Trillion and 00/100 Dollars');
  });
  it('refuses at once what no check can hold (once 1e308 looped for ever), instead of writing it', () => {
    const started = performance.now();
    for (const amount of [1e308, Number.MAX_VALUE, Infinity, -Infinity, NaN, 1e12 + 1, -1e13]) {
      expect(() => amountInWords(amount), String(amount)).toThrow(RangeError);
    }
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('spreadsheet rows', () => {
  it('accepts money as numbers or text and names each bad row', () => {
    const good = { 'Account MAP Relationship': 'R', 'Account Name': 'A', 'Check Number': 12, 'Check Amount': '$1,200.50' };
    const ok = checkSheetRows('checks', [good]);
    expect(ok.ok && ok.rows[0]!.checkAmount).toBe(1200.5);
    const bad = checkSheetRows('checks', [good, { ...good, 'Check Number': '' }]);
    expect(bad).toEqual({ ok: false, message: 'Row 3: Check Number is missing.', badRows: [3] });
    expect(checkSheetRows('checks', [])).toMatchObject({ ok: false, message: 'The first sheet has no rows.' });
  });
  it('refuses amounts outside 0 … 10^12 (a cell of 1E+307, 1e308, Infinity, 400 digits), naming the row and column', () => {
    const good = { 'Account MAP Relationship': 'R', 'Account Name': 'A', 'Check Number': 12, 'Check Amount': 10 };
    const huge = ['1' + '0'.repeat(400), 1e307, 1e308, Infinity, 1e12 + 0.01, -5];
    const bad = checkSheetRows('checks', [good, ...huge.map((amount) => ({ ...good, 'Check Amount': amount }))]);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.badRows).toEqual([3, 4, 5, 6, 7, 8]);
    expect(!bad.ok && bad.message).toContain('Row 4: Check Amount must be an amount from 0 to 1,000,000,000,000');
    expect(checkSheetRows('checks', [{ ...good, 'Check Amount': 1e12 }]).ok).toBe(true);
    // A detail line may be a credit, within the same range.
    const line = { ...good, Location: 'L', Amount: -20 };
    expect(checkSheetRows('both', [line]).ok).toBe(true);
    expect(checkSheetRows('both', [{ ...line, Amount: -1e13 }])).toMatchObject({ ok: false, message: 'Row 2: Amount must be an amount from -1,000,000,000,000 to 1,000,000,000,000.' });
  });
  it('refuses more rows than one document may hold', () => {
    const rows = Array.from({ length: MAX_SHEET_ROWS + 1 }, () => ({}));
    expect(checkSheetRows('checks', rows)).toMatchObject({ ok: false, message: TOO_MANY_ROWS });
  });
});
