import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, itemDescription, nextCount, share } from './format.ts';

describe('money $0,0.00', () => {
  it.each([
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [0.005, '$0.01'],
    [-42.1, '-$42.10'],
    [-0.001, '$0.00'],
    [Number.NaN, '$0.00'],
  ])('%s → %s', (value, text) => expect(formatMoney(value)).toBe(text));
});

describe('percent 0% / 0.0%', () => {
  it.each([
    [0, 0, '0%'],
    [0.125, 0, '13%'],
    [0.125, 1, '12.5%'],
    [1, 0, '100%'],
    [0.3333, 1, '33.3%'],
    [-0.0001, 1, '0.0%'],
    [Number.POSITIVE_INFINITY, 0, '0%'],
  ] as const)('%s with %s decimals → %s', (ratio, decimals, text) => expect(formatPercent(ratio, decimals)).toBe(text));

  it('shares are 0 without a whole', () => {
    expect(share(5, 0)).toBe(0);
    expect(share(25, 100)).toBe(0.25);
  });
});

describe('item descriptions and list lengths', () => {
  it('title-cases and cuts at 96 characters', () => {
    expect(itemDescription('WHOLE MILK 4/1 GAL (dairy)')).toBe('Whole Milk 4/1 Gal (Dairy)');
    const long = 'x'.repeat(120);
    expect(itemDescription(long)).toBe(`X${'x'.repeat(95)}...`);
    expect(itemDescription('a'.repeat(96))).toHaveLength(96);
  });

  it('grows by 5 up to the total and shrinks by 5 down to 5', () => {
    expect(nextCount(5, 5, 12, 'more')).toBe(10);
    expect(nextCount(10, 5, 12, 'more')).toBe(12);
    expect(nextCount(12, 5, 12, 'less')).toBe(7);
    expect(nextCount(7, 5, 12, 'less')).toBe(5);
  });
});
