import { describe, expect, it } from 'vitest';
import { DEFAULT_INTEL_QUERY, intelQueryString, readIntelQuery } from './intel-query.ts';

describe('an Intel link', () => {
  it('carries only what differs from the defaults, and reads back the same', () => {
    expect(intelQueryString(DEFAULT_INTEL_QUERY)).toBe('');
    const shared = { search: 'grill & bar', sort: { column: 'merchant', descending: false }, page: 3, months: 12 } as const;
    const text = intelQueryString(shared);
    expect(text).toBe('?q=grill+%26+bar&sort=merchant.asc&page=3&months=12');
    expect(readIntelQuery(text)).toEqual(shared);
  });

  it('keeps a default sort column with the other direction', () => {
    expect(intelQueryString({ ...DEFAULT_INTEL_QUERY, sort: { column: 'totalVolume', descending: false } })).toBe('?sort=totalVolume.asc');
  });

  it('ignores what it cannot read: an unknown column, a page of 0 or 2.5, months Intel does not offer', () => {
    expect(readIntelQuery('?sort=password.desc&page=0&months=5')).toEqual({});
    expect(readIntelQuery('?sort=merchant&page=2.5&months=twelve')).toEqual({});
    expect(readIntelQuery('?page=-4&utm_source=mail')).toEqual({});
    expect(readIntelQuery('')).toEqual({});
  });

  it('reads each value on its own', () => {
    expect(readIntelQuery('?page=7')).toEqual({ page: 7 });
    expect(readIntelQuery('?q=')).toEqual({ search: '' });
    expect(readIntelQuery(`?q=${'x'.repeat(500)}`).search).toHaveLength(200);
  });
});
