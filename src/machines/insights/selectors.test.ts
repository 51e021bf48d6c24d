import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { estimateText, filterPayload, lostItemUrl } from '../../model/insights-rules.ts';
import type { RouteGoEvent } from '../shell/page-spec.ts';
import { testSession } from '../testing/session-double.ts';
import { competitiveItemsMachine } from './competitive-items.ts';
import { insightsMachine } from './insights.ts';
import { insightsScreenOf } from './insights-route.ts';
import { insightsMerchant, SAMPLE_TODAY, sampleItems, sampleMerchants } from './insights-samples.ts';
import {
  filterText, lostFilterOf, selectBanner, selectCompetitorOrderScreen, selectHeaderView, selectHouseWinBack, selectItemsPageView, selectItemsScreen, selectItemsView, selectLastUrl,
  selectMatchesScreen, selectMerchantsView, selectOrderHistoryScreen, selectVisibleMerchants,
} from './selectors.ts';
import type { ItemMatch } from '../../model/match.ts';
import { itemMatchMachine } from '../rebates/item-match.ts';
import { selectMatchCount, selectShownMatches } from '../rebates/selectors.ts';

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

  it('the merchants screen (selectMerchantsView): a loader, then the merchants searched, most competitor volume first', async () => {
    const s = startControlled(insightsMachine, { actors: ['loadMerchants'], input: { today: SAMPLE_TODAY } });
    await s.replay({ type: 'insights.merchantsEntered', filter: { category: 'Dairy' } }, 'loading');
    expect(selectMerchantsView(s.actor.getSnapshot())).toMatchObject({ loading: true, failed: false, filter: { category: 'Dairy' }, visible: [] });
    const rows = [insightsMerchant(1, 1000, 100), insightsMerchant(2, 500, 400), insightsMerchant(12, 900, 300)];
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: rows }, 'loaded');
    s.actor.send({ type: 'insights.searchChanged', search: 'Merchant 1' });
    const view = selectMerchantsView(s.actor.getSnapshot());
    expect(view).toMatchObject({ loading: false, search: 'Merchant 1' });
    expect(view.visible.map((m) => m.id)).toEqual([12, 1]);
  });
});

describe('a merchant’s items page (selectItemsView)', () => {
  const october = { startDate: '2026-10-01', endDate: '2026-10-31' };
  const loaded = async () => {
    const s = startControlled(competitiveItemsMachine, { actors: ['loadItems'], input: { merchantId: 1, range: october } });
    await s.replay({ type: 'xstate.done.actor.loadItems', output: sampleItems }, 'loaded');
    return s;
  };
  const view = (s: Awaited<ReturnType<typeof loaded>>) => selectItemsView(s.actor.getSnapshot());

  it('lists the tab’s items, most volume first, with the categories and items to choose from', async () => {
    const s = await loaded();
    expect(view(s)).toMatchObject({ loading: false, failed: false, competitorVolume: 250, categoriesText: 'All Categories', itemsText: 'All Items', winBack: null });
    expect(view(s).rows.map((i) => i.min)).toEqual(['M-1', 'M-2']);
    expect(view(s).categoryOptions).toEqual([{ value: 'Dairy', label: 'Dairy' }, { value: 'Produce', label: 'Produce' }]);
    expect(view(s).itemOptions.map((o) => o.value)).toEqual(['M-1', 'M-2']);
    // The same snapshot gives the same view: a view comparing by identity does not re-render.
    expect(view(s)).toBe(view(s));
    s.actor.send({ type: 'items.tabChanged', tab: 'self' });
    expect(view(s).rows.map((i) => i.min)).toEqual(['M-3']);
  });

  it('filters by the search, the chosen categories and items, and sorts by the column chosen', async () => {
    const s = await loaded();
    s.actor.send({ type: 'items.categoriesChanged', categories: ['Produce'] });
    expect(view(s)).toMatchObject({ categoriesText: '1 Category Selected' });
    expect(view(s).rows.map((i) => i.min)).toEqual(['M-2']);
    // The items to choose from are those of the chosen categories.
    expect(view(s).itemOptions.map((o) => o.value)).toEqual(['M-2']);
    s.actor.send({ type: 'items.categoriesChanged', categories: [] });
    s.actor.send({ type: 'items.itemsChanged', mins: ['M-1', 'M-2'] });
    expect(view(s).itemsText).toBe('2 Items Selected');
    s.actor.send({ type: 'items.sortChanged', column: 'volume' });
    expect(view(s).rows.map((i) => i.min)).toEqual(['M-2', 'M-1']);
    s.actor.send({ type: 'items.searchChanged', search: 'm-1' });
    expect(view(s).rows.map((i) => i.min)).toEqual(['M-1']);
    s.actor.send({ type: 'items.searchChanged', search: 'nothing' });
    expect(view(s).rows).toEqual([]);
  });

  it('runs the merchant’s win-back list while its tab is open', async () => {
    const s = await loaded();
    s.actor.send({ type: 'items.tabChanged', tab: 'winback' });
    const list = view(s).winBack;
    expect(list).not.toBeNull();
    s.actor.send({ type: 'items.tabChanged', tab: 'competition' });
    expect(view(s).winBack).toBeNull();
    expect(list!.getSnapshot().status).toBe('stopped');
  });
});

describe('the section follows the place (spec §2)', () => {
  const SCREENS = ['loadMerchants', 'competitiveItems', 'orderHistory', 'competitorOrder', 'winBack'] as const;
  const start = (place: string, lastUrl?: string) => {
    const session = testSession();
    const gone: RouteGoEvent[] = [];
    // The place comes as an event: the section's opening place asks the router before a test's stand-in joins.
    const s = startControlled(insightsMachine, {
      actors: [...SCREENS],
      input: { today: SAMPLE_TODAY, lastUrl },
      beforeStart: (actor) => {
        session.join(actor);
        createActor(fromCallback<RouteGoEvent>(({ receive }) => receive((e) => void gone.push(e))), { parent: actor, systemId: 'router' }).start();
      },
    });
    const go = (to: string) => s.actor.send({ type: 'route.changed', place: { pathname: to.split('?')[0]!, search: to.includes('?') ? `?${to.split('?')[1]}` : '' }, params: {} });
    go(place);
    return { ...s, session, gone, go };
  };

  it('/competitiveinsights goes to the last page viewed; the dashboard’s filter to the filtered list; an unknown path to the merchants list', () => {
    expect(start('/competitiveinsights', '/competitiveinsights/winback').gone).toEqual([{ type: 'route.go', to: '/competitiveinsights/winback', replace: true }]);
    expect(start('/competitiveinsights?category=Dairy').gone).toEqual([{ type: 'route.go', to: '/competitiveinsights/merchants?category=Dairy', replace: true }]);
    expect(start('/competitiveinsights/nowhere/at/all').gone).toEqual([{ type: 'route.go', to: '/competitiveinsights/merchants', replace: true }]);
  });

  it('remembers each page viewed, and enters the list with the URL’s filter', () => {
    const s = start('/competitiveinsights/merchants?item=MIN-1');
    expect(s.actor.getSnapshot().context.filter).toEqual({ item: 'MIN-1' });
    expect(s.callsOf('loadMerchants')).toHaveLength(1);
    s.go('/competitiveinsights/orderhistory/Merchant%201/1');
    expect(s.session.context().lastUrls.insights).toBe('/competitiveinsights/orderhistory/Merchant%201/1');
    expect(selectLastUrl(s.actor.getSnapshot())).toBe('/competitiveinsights/orderhistory/Merchant%201/1');
    expect(selectOrderHistoryScreen(s.actor.getSnapshot())).not.toBeNull();
    // Coming back to the list enters it anew: the range is the previous month again, the search cleared.
    s.actor.send({ type: 'insights.searchChanged', search: 'x' });
    s.go('/competitiveinsights/merchants');
    expect(s.actor.getSnapshot().context).toMatchObject({ search: '', filter: null });
    expect(selectOrderHistoryScreen(s.actor.getSnapshot())).toBeNull();
  });

  it('clearing the filter drops it from the URL without entering the list anew', async () => {
    const s = start('/competitiveinsights/merchants?category=Dairy');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loaded');
    s.actor.send({ type: 'insights.searchChanged', search: 'merch' });
    s.actor.send({ type: 'insights.filterCleared' });
    expect(s.gone).toEqual([{ type: 'route.go', to: '/competitiveinsights/merchants', replace: true }]);
    s.go('/competitiveinsights/merchants');
    expect(s.actor.getSnapshot().context).toMatchObject({ search: 'merch', filter: null });
  });

  it('one merchant left by the filter: its items, with the banner', async () => {
    const s = start('/competitiveinsights/merchants?category=Dairy');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: [insightsMerchant(2)] }, 'loaded');
    expect(s.gone).toEqual([{ type: 'route.go', to: '/competitiveinsights/items/Merchant%202/2', replace: true }]);
    s.go('/competitiveinsights/items/Merchant%202/2');
    expect(selectBanner(s.actor.getSnapshot())).toBe(true);
    expect(selectItemsScreen(s.actor.getSnapshot())).not.toBeNull();
    expect(selectItemsPageView(s.actor.getSnapshot())).toEqual({ banner: true, screen: selectItemsScreen(s.actor.getSnapshot()) });
  });

  it('runs the place’s screen, anew for another merchant, and shows the win-back link except on the win-back list', () => {
    const s = start('/competitiveinsights/items/A/1');
    const first = selectItemsScreen(s.actor.getSnapshot());
    expect(first).not.toBeNull();
    s.go('/competitiveinsights/items/A/1');
    expect(selectItemsScreen(s.actor.getSnapshot())).toBe(first);
    s.go('/competitiveinsights/items/B/2');
    expect(selectItemsScreen(s.actor.getSnapshot())).not.toBe(first);
    expect(first!.getSnapshot().status).toBe('stopped');
    expect(selectHeaderView(s.actor.getSnapshot()).showWinBackLink).toBe(true);
    s.go('/competitiveinsights/winback');
    expect(selectHouseWinBack(s.actor.getSnapshot())).not.toBeNull();
    expect(selectHeaderView(s.actor.getSnapshot()).showWinBackLink).toBe(false);
    s.go('/competitiveinsights/ordertocompetitor/B/2/CP-1/2026-10-20');
    expect(selectCompetitorOrderScreen(s.actor.getSnapshot())).toMatchObject({ distributorId: 'CP-1' });
  });
});

describe('an item’s similar items under the section (selectMatchesScreen)', () => {
  const SCREENS = ['loadMerchants', 'competitiveItems', 'loadMatches'];
  const start = () => {
    const s = startControlled(insightsMachine, { actors: SCREENS, children: { itemMatch: itemMatchMachine }, input: { today: SAMPLE_TODAY } });
    const go = (pathname: string) => s.actor.send({ type: 'route.changed', place: { pathname, search: '' }, params: {} });
    return { ...s, go, now: () => s.actor.getSnapshot() };
  };
  const match = (min: string): ItemMatch => ({ min, description: `ITEM ${min}`, manufacturerName: 'Maker', manufacturerPlatformId: 'MF-9' }) as unknown as ItemMatch;

  it('asks for the item of the link and shows its count once they arrive', async () => {
    const s = start();
    expect(selectMatchesScreen(s.now())).toBeNull();
    s.go('/competitiveinsights/matches/Merchant%201/BEEF%2FPORK/M-1/1/MF-1');
    const matches = selectMatchesScreen(s.now());
    expect(matches).not.toBeNull();
    expect(s.inputs.loadMatches).toEqual([{ min: 'M-1', manufacturerPlatformId: 'MF-1' }]);
    expect(selectMatchCount(matches!.getSnapshot())).toBe('…');
    await s.settle('loadMatches', 'done', [match('A-1'), match('A-2')]);
    expect(selectMatchCount(matches!.getSnapshot())).toBe('2');
    expect(selectShownMatches(matches!.getSnapshot()).map((m) => m.min)).toEqual(['A-1', 'A-2']);
  });

  it('keeps the screen for the same item under another merchant, and starts anew for another item', () => {
    const s = start();
    s.go('/competitiveinsights/matches/A/X/M-1/1/MF-1');
    const first = selectMatchesScreen(s.now());
    s.go('/competitiveinsights/matches/B/X/M-1/2/MF-1');
    expect(selectMatchesScreen(s.now())).toBe(first);
    s.go('/competitiveinsights/matches/B/Y/M-2/2/MF-1');
    expect(selectMatchesScreen(s.now())).not.toBe(first);
    expect(first!.getSnapshot().status).toBe('stopped');
    // Back to the merchant's items: no similar items on screen.
    s.go('/competitiveinsights/items/B/2');
    expect(selectMatchesScreen(s.now())).toBeNull();
  });
});

describe('the places of the section', () => {
  it('names each page, what it is of, and the instance it runs', () => {
    const at = (pathname: string, search = '') => insightsScreenOf({ pathname, search });
    expect(at('/competitiveinsights')).toEqual({ kind: 'index' });
    expect(at('/competitiveinsights/merchants')).toEqual({ kind: 'merchants' });
    expect(at('/competitiveinsights/matches/Merchant%201/BEEF%2FPORK/M-1/1/MF-1')).toEqual({ kind: 'matches', key: 'matches|M-1|MF-1', min: 'M-1', manufacturerPlatformId: 'MF-1' });
    expect(at('/competitiveinsights/items/Merchant%201/1')).toMatchObject({ kind: 'items', merchant: 'Merchant 1', merchantId: 1 });
    expect(at('/competitiveinsights/ordertocompetitor/M/1/CP-1/2026-10-20')).toMatchObject({ kind: 'competitorOrder', distributorId: 'CP-1', date: '2026-10-20' });
    expect(at('/competitiveinsights/items/Merchant/x')).toEqual({ kind: 'unknown' });
    expect(at('/competitiveinsights/items/%E0%A4/1')).toEqual({ kind: 'unknown' });
  });
});
