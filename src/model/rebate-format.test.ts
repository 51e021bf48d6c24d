import { describe, expect, it } from 'vitest';
import { DESCRIPTION_LIMIT, formatDescription, formatRebate } from './rebate-format.ts';

describe('formatDescription', () => {
  it('title-cases each word, including after a slash or dash', () => {
    expect(formatDescription('CHEESE CHEDDAR SHRD 4/5 LB')).toBe('Cheese Cheddar Shrd 4/5 Lb');
    expect(formatDescription('oil canola/soy-blend')).toBe('Oil Canola/Soy-Blend');
  });

  it('keeps a description of exactly 96 characters whole and cuts a longer one with an ellipsis', () => {
    const exact = 'a'.repeat(DESCRIPTION_LIMIT);
    expect(formatDescription(exact)).toBe(`A${'a'.repeat(95)}`);
    const long = `${'word '.repeat(30)}`.trim();
    const cut = formatDescription(long);
    expect(cut).toHaveLength(DESCRIPTION_LIMIT + 1);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('Word Word')).toBe(true);
  });
});

describe('formatRebate', () => {
  it('shows percent types with % and fixed types with $', () => {
    expect(formatRebate('PERCENT_OF_COST', 5)).toBe('5%');
    expect(formatRebate('PERCENT_OF_PRICE', 3.46)).toBe('3.5%');
    expect(formatRebate('FIXED_AMOUNT_PER_QTY', 0.4)).toBe('$0.40');
    expect(formatRebate('FIXED_AMOUNT_PER_WEIGHT', 1234.5)).toBe('$1,234.50');
  });
});
