import { describe, expect, it } from 'vitest';
import { previousMonth, rangeDays, rangeReversed, rangeTooLong } from './date-range.ts';

describe('date ranges', () => {
  it('defaults to the whole previous calendar month, across a year end too', () => {
    expect(previousMonth('2026-11-21')).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(previousMonth('2026-01-05')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(previousMonth('2024-03-31')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
  });

  it('counts both ends', () => {
    expect(rangeDays({ startDate: '2026-10-01', endDate: '2026-10-31' })).toBe(31);
    expect(rangeDays({ startDate: '2026-10-01', endDate: '2026-10-01' })).toBe(1);
  });

  it('accepts 365 days and rejects 366 or more', () => {
    expect(rangeTooLong({ startDate: '2025-01-01', endDate: '2025-12-31' })).toBe(false);
    expect(rangeTooLong({ startDate: '2024-01-01', endDate: '2024-12-31' })).toBe(true);
    expect(rangeTooLong({ startDate: '2025-01-01', endDate: '2026-01-01' })).toBe(true);
  });

  it('knows a reversed range', () => {
    expect(rangeReversed({ startDate: '2026-10-02', endDate: '2026-10-01' })).toBe(true);
    expect(rangeReversed({ startDate: '2026-10-01', endDate: '2026-10-01' })).toBe(false);
  });
});
