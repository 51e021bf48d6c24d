import { describe, expect, it } from 'vitest';
import { exportFileName, neutraliseCell, neutraliseRows, restoreCell } from './csv-cells.ts';

describe('CSV cells are neutralised against formula injection', () => {
  it.each(['=SUM(A1)', '+1', '-1+2', '@cmd', '\tTAB', '\rCR'])('%j starts with a quote', (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text and numbers as they are, negatives included', () => {
    expect(neutraliseCell('Dairy')).toBe('Dairy');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell(-12.5)).toBe(-12.5);
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(Number.NaN)).toBe('');
  });

  it('neutralises every cell of every row', () => {
    expect(neutraliseRows([{ item: '=HYPERLINK("x")', volume: 3 }])).toEqual([{ item: `'=HYPERLINK("x")`, volume: 3 }]);
  });

  it('reads a neutralised cell back as the value it was, and leaves other apostrophes alone', () => {
    for (const text of ['=cmd|\' /C calc\'!A0', '+SUM(1,2)', '@SUM(A1)', '-1+1', 'Dairy']) expect(restoreCell(String(neutraliseCell(text)))).toBe(text);
    expect(restoreCell("'Tis the season")).toBe("'Tis the season");
  });

  it('names files for internal use', () => {
    expect(exportFileName('Items Lost', '2026-10-01 to 2026-10-31')).toBe('Items Lost 2026-10-01 to 2026-10-31 For internal use only.csv');
  });
});
