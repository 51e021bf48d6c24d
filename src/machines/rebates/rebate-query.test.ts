import { describe, expect, it } from 'vitest';
import { DEFAULT_CRITERIA } from '../../model/rebates.ts';
import { DEFAULT_REBATE_QUERY, parseRebateQuery, rebateQueryString, sameRebateQuery, type RebateListQuery } from './rebate-query.ts';

const parse = (search: string) => parseRebateQuery(new URLSearchParams(search));

describe('the rebate list in the URL query', () => {
  it('no query is the default list: your rebates, unsearched, unfiltered, by manufacturer ascending', () => {
    expect(parse('')).toEqual(DEFAULT_REBATE_QUERY);
    expect(rebateQueryString(DEFAULT_REBATE_QUERY)).toBe('');
  });

  it('reads a shared link: search, tab, sort and filters', () => {
    expect(parse('?search=milk+2%25&tab=all&sort=din&order=desc&manufacturers=3,1&categories=9')).toEqual({
      scope: 'all',
      criteria: { search: 'milk 2%', manufacturers: [3, 1], categories: [9], sort: 'din', order: 'desc' },
    });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    const list: RebateListQuery = { scope: 'all', criteria: { ...DEFAULT_CRITERIA, search: 'a&b c', sort: 'rebateValue', order: 'desc', categories: [4, 5] } };
    const text = rebateQueryString(list);
    expect(text).toBe('?search=a%26b+c&tab=all&sort=rebateValue&order=desc&categories=4%2C5');
    expect(parse(text)).toEqual(list);
    expect(rebateQueryString({ scope: 'yours', criteria: { ...DEFAULT_CRITERIA, search: 'milk' } })).toBe('?search=milk');
    // The search as typed, spaces and all: the list was searched by exactly that.
    expect(parse(rebateQueryString({ scope: 'yours', criteria: { ...DEFAULT_CRITERIA, search: ' milk ' } })).criteria.search).toBe(' milk ');
  });

  it('invalid values fall back to the defaults, silently', () => {
    expect(parse('?tab=mine&sort=price&order=up&manufacturers=x,-2,0,1.5&categories=')).toEqual(DEFAULT_REBATE_QUERY);
    expect(parse('?search=%20%20&manufacturers=2,abc,2,7').criteria).toMatchObject({ search: '', manufacturers: [2, 7] });
  });

  it('the same list whatever the order of its filter ids; another tab, search or sort is another list', () => {
    const a = parse('?manufacturers=1,2');
    expect(sameRebateQuery(a, parse('?manufacturers=2,1'))).toBe(true);
    expect(sameRebateQuery(a, parse('?manufacturers=1,2&tab=all'))).toBe(false);
    expect(sameRebateQuery(a, parse('?manufacturers=1,2&search=x'))).toBe(false);
    expect(sameRebateQuery(a, parse('?manufacturers=1,2&order=desc'))).toBe(false);
    expect(sameRebateQuery(a, parse('?manufacturers=1'))).toBe(false);
  });
});
