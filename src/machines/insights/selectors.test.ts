import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { estimateText, filterPayload, lostItemUrl } from '../../model/insights-rules.ts';
import { insightsMachine } from './insights.ts';
import { insightsMerchant, SAMPLE_TODAY } from './insights-samples.ts';
import { filterText, lostFilterOf, selectVisibleMerchants } from './selectors.ts';

describe('the merchants URL', () => {
  it('reads the dashboard filter: a category, else an item, else none', () => {
    expect(lostFilterOf(new URLSearchParams('category=Dairy'))).toEqual({ category: 'Dairy' });
    expect(lostFilterOf(new URLSearchParams('item=MIN-1'))).toEqual({ item: 'MIN-1' });
    expect(lostFilterOf(new URLSearchParams('category=Dairy&item=MIN-1'))).toEqual({ category: 'Dairy' });
    expect(lostFilterOf(new URLSearchParams('category=&other=1'))).toBeNull();
  });

  it('names a lost item by its description with the MIN beside it, and sends only the MIN (issue 39)', () => {
    const url = lostItemUrl({ min: '12001359', description: 'BEEF GRND 80/20 CHUB PREMIUM' });
    expect(url).toBe('/competitiveinsights?item=12001359&description=BEEF%20GRND%2080%2F20%20CHUB%20PREMIUM');
    const filter = lostFilterOf(new URLSearchParams(url.split('?')[1]))!;
    expect(filter).toEqual({ item: '12001359', description: 'BEEF GRND 80/20 CHUB PREMIUM' });
    expect(filterText(filter)).toBe('Merchants that bought the item Beef Grnd 80/20 Chub Premium (MIN 12001359) from competitors');
    expect(filterPayload(filter)).toEqual({ item: '12001359' });
    // A link without the description (an older bookmark) still says what it filters by.
    expect(filterText({ item: '12001359' })).toBe('Merchants that bought the item MIN 12001359 from competitors');
    expect(filterPayload({ category: 'Dairy' })).toEqual({ category: 'Dairy' });
    expect(filterPayload(null)).toEqual({});
  });
});

describe('a competitor order line', () => {
  it('shows its volume estimate low–high, or N/A without a Market Index', () => {
    const line = { startGuidanceRange: 1.5, endGuidanceRange: 2, volumeLow: 150, volumeHigh: 200 };
    expect(estimateText(line)).toBe('$150.00 – $200.00');
    expect(estimateText({ ...line, startGuidanceRange: 0, endGuidanceRange: 0 })).toBe('N/A');
  });
});

describe('the merchants listed', () => {
  it('most competitor volume first, searched by name or account number', async () => {
    const s = startControlled(insightsMachine, { actors: ['loadMerchants'], input: { today: SAMPLE_TODAY } });
    await s.replay({ type: 'insights.merchantsEntered', filter: null }, 'loading');
    const rows = [insightsMerchant(1, 1000, 100), insightsMerchant(2, 500, 400), insightsMerchant(12, 900, 300)];
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: rows }, 'loaded');
    expect(selectVisibleMerchants(s.actor.getSnapshot()).map((m) => m.id)).toEqual([2, 12, 1]);
    s.actor.send({ type: 'insights.searchChanged', search: 'Merchant 1' });
    expect(selectVisibleMerchants(s.actor.getSnapshot()).map((m) => m.id)).toEqual([12, 1]);
  });
});
