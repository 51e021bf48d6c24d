import { describe, expect, it } from 'vitest';
import { daysInRange, monthsOf, splitRange } from './dashboard-range.ts';

describe('splitting a range into whole months and edge days', () => {
  it.each([
    ['whole months only', '2026-01-01', '2026-03-31', '2026-01-01', '2026-04-01'],
    ['partial months at both ends', '2025-11-22', '2026-11-20', '2025-12-01', '2026-11-01'],
    ['inside one month: no whole month', '2026-02-03', '2026-02-20', '2026-02-03', '2026-02-03'],
    ['one whole month ending on the last day', '2024-02-01', '2024-02-29', '2024-02-01', '2024-03-01'],
    ['straddling two months without a whole one', '2026-01-15', '2026-02-14', '2026-01-15', '2026-01-15'],
  ])('%s', (_name, from, to, fullStart, fullEnd) => {
    expect(splitRange(from, to)).toMatchObject({ from, to, fullStart, fullEnd });
  });

  it('names the months whose running totals bound the whole months', () => {
    expect(splitRange('2025-11-22', '2026-11-20')).toMatchObject({ lastWhole: '2026-10-01', beforeWhole: '2025-11-01' });
    expect(splitRange('2026-01-01', '2026-01-31')).toMatchObject({ lastWhole: '2026-01-01', beforeWhole: '2025-12-01', edges: false });
    expect(splitRange('2026-01-01', '2026-02-01')).toMatchObject({ edges: true });
  });

  it('counts days with both ends and lists every month touched', () => {
    expect(daysInRange('2025-01-01', '2025-12-31')).toBe(365);
    expect(daysInRange('2025-01-01', '2026-01-01')).toBe(366);
    expect(monthsOf('2025-11-22', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
