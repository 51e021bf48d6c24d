import { describe, expect, it } from 'vitest';
import {
  competitorOrder, competitorOrderTitle, DEFAULT_INSIGHTS_URL, insightsPath, linkedOrderMonth, monthRange, shiftMonth, visibleInsightsMerchants,
} from './insights-rules.ts';
import { nextColumnSort } from './sort-rule.ts';
import { insightsMerchant, sampleInvoice } from '../machines/insights/insights-samples.ts';

describe('competitive insights rules', () => {
  it('keeps the section’s own pages and sends any other path to the merchants list', () => {
    for (const path of ['/competitiveinsights/merchants', '/competitiveinsights/winback', '/competitiveinsights/items/A%20B/12',
      '/competitiveinsights/orderhistory/A/12', '/competitiveinsights/matches/A/Item/MIN-1/12/MF-1',
      '/competitiveinsights/ordertocompetitor/A/12/CP-000020/2026-10-20']) expect(insightsPath(path)).toBe(path);
    for (const path of ['/competitiveinsights', '/competitiveinsights/items/A', '/competitiveinsights/items/A/x', '/competitiveinsights/nope'])
      expect(insightsPath(path)).toBe(DEFAULT_INSIGHTS_URL);
  });

  it('months: first through last day, across years and leap February', () => {
    expect(monthRange('2028-02')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });

  it('a competitor order is every invoice of that distributor on that date, its volume their sum', () => {
    const order = competitorOrder([sampleInvoice('2026-10-20', 'A'), sampleInvoice('2026-10-20', 'B'), sampleInvoice('2026-10-21', 'C')], 'CP-000020', '2026-10-20');
    expect(order.lines).toHaveLength(2);
    expect(order.estimatedVolume).toBe(100);
    expect(competitorOrderTitle('2026-10-20')).toBe('Estimated Invoice Volume On 10/20/2026');
  });

  it('sort rule: numbers start largest first, named text columns A→Z, the active column flips', () => {
    const start = { column: 'volume', descending: true } as const;
    expect(nextColumnSort(start, 'volume', ['name'])).toEqual({ column: 'volume', descending: false });
    expect(nextColumnSort(start, 'name', ['name'])).toEqual({ column: 'name', descending: false });
    expect(nextColumnSort(start, 'quantity', ['name'])).toEqual({ column: 'quantity', descending: true });
    const rows = [insightsMerchant(1, 100, 10), insightsMerchant(2, 100, 50)];
    expect(visibleInsightsMerchants(rows, '', { column: 'competitorVolume', descending: true }).map((m) => m.id)).toEqual([2, 1]);
  });
});

describe("an order history link's month", () => {
  it("is a month up to the current one; anything else is none (the section's range decides)", () => {
    expect(linkedOrderMonth('?month=2026-09', '2026-11-27')).toBe('2026-09');
    expect(linkedOrderMonth('?month=2026-11', '2026-11-27')).toBe('2026-11');
    expect(linkedOrderMonth('?month=2026-12', '2026-11-27')).toBeNull();
    for (const bad of ['?month=2026-13', '?month=2026-9', '?month=0001-01', '?month=', '', '?m=2026-09']) expect(linkedOrderMonth(bad, '2026-11-27')).toBeNull();
  });
});
