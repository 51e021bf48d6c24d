// The Pay / No Pay Summary is opened in a spreadsheet and often saved again as CSV: its text
// cells hold no formula, and the amounts stay numbers.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { payNoPayWorkbook } from './pay-no-pay.ts';

describe('the Pay / No Pay workbook', () => {
  it('writes formula-looking names as text and keeps amounts as numbers', async () => {
    const xlsx = await payNoPayWorkbook('Q4 2026', 'Harbor Foods Boston', [
      { platformClientId: 'MP-1', merchant: '=HYPERLINK("http://evil.test","Open")', accountName: "=cmd|' /C calc'!A0", district: '+SUM(1,2)',
        paymentmethod: '@SUM(A1)', paymentrouting: '-1+1', checkno: '100200', amount: -12.5 },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2);
    const values = (row.values as unknown[]).slice(1);
    expect(values.some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
    expect(values).toEqual(['MP-1', `'=HYPERLINK("http://evil.test","Open")`, "'=cmd|' /C calc'!A0", "'+SUM(1,2)", 'Pay', "'@SUM(A1)", "'-1+1", '100200', -12.5]);
  });
});
