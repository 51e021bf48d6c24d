import { describe, expect, it } from 'vitest';
import { stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { RANGE_TOO_LONG_MESSAGE } from '../../model/dashboard.ts';
import { visibleInsightsMerchants } from '../../model/insights-rules.ts';
import { testSession } from '../testing/session-double.ts';
import { MACHINES } from '../registry.ts';
import { insightsMachine } from './insights.ts';
import { insightsMerchant, otherRange, SAMPLE_TODAY, sampleMerchants, serverError, tooLongRange } from './insights-samples.ts';

const entry = MACHINES.find((m) => m.name === 'insights-merchants')!;
const start = () => {
  const session = testSession();
  return { ...startControlled(insightsMachine, { actors: ['loadMerchants'], input: { today: SAMPLE_TODAY }, beforeStart: session.join }), session };
};

function assertScreen({ actor }: ReturnType<typeof start>) {
  const { value, context } = actor.getSnapshot();
  if (value !== 'loaded') expect(context.redirect).toBeNull();
  if (context.redirect) expect(context.filter).not.toBeNull();
}

describe('insights merchants, model-based', () => {
  itReplaysEdges(stateChangingEdges(entry), start, assertScreen);
});

describe('insights merchants', () => {
  it('entering the list resets the range to the previous month and clears the search', async () => {
    const s = start();
    await s.replay({ type: 'insights.rangeChanged', range: otherRange }, 'idle');
    await s.replay({ type: 'insights.searchChanged', search: 'merch' }, 'idle');
    await s.replay({ type: 'insights.merchantsEntered', filter: null }, 'loading');
    const { context } = s.actor.getSnapshot();
    expect(context.range).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(context.search).toBe('');
    expect(s.callsOf('loadMerchants')[0]!.input).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('a dashboard filter is sent, can be cleared, and one merchant left redirects with the banner', async () => {
    const s = start();
    await s.replay({ type: 'insights.merchantsEntered', filter: { category: 'Dairy' } }, 'loading');
    expect(s.callsOf('loadMerchants')[0]!.input).toMatchObject({ category: 'Dairy' });
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: [insightsMerchant(2)] }, 'loaded');
    expect(s.actor.getSnapshot().context).toMatchObject({ redirect: { id: 2 }, banner: true });
    await s.replay({ type: 'insights.redirected' }, 'loaded');
    expect(s.actor.getSnapshot().context).toMatchObject({ redirect: null, banner: true });
    await s.replay({ type: 'insights.filterCleared' }, 'loading');
    expect(s.callsOf('loadMerchants')[1]!.input).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    // Without a filter one merchant is just a list of one.
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: [insightsMerchant(2)] }, 'loaded');
    expect(s.actor.getSnapshot().context.redirect).toBeNull();
  });

  it('a range over a year shows the dialog and makes no call; a failure offers a retry', async () => {
    const s = start();
    await s.replay({ type: 'insights.merchantsEntered', filter: null }, 'loading');
    await s.replay({ type: 'xstate.error.actor.loadMerchants', error: serverError }, 'failed');
    await s.replay({ type: 'insights.rangeChanged', range: tooLongRange }, 'failed');
    expect(s.actor.getSnapshot().context.dialog).toBe(RANGE_TOO_LONG_MESSAGE);
    expect(s.callsOf('loadMerchants')).toHaveLength(1);
    await s.replay({ type: 'insights.retry' }, 'loading');
  });

  it('search and sort: competitor volume descending first; the merchant column’s first click is A→Z', async () => {
    const s = start();
    await s.replay({ type: 'insights.merchantsEntered', filter: null }, 'loading');
    await s.replay({ type: 'xstate.done.actor.loadMerchants', output: sampleMerchants }, 'loaded');
    const ids = () => { const c = s.actor.getSnapshot().context; return visibleInsightsMerchants(c.rows, c.search, c.sort).map((m) => m.id); };
    expect(ids()).toEqual([2, 1, 3]);
    s.actor.send({ type: 'insights.sortChanged', column: 'merchant' });
    expect(ids()).toEqual([1, 2, 3]);
    s.actor.send({ type: 'insights.sortChanged', column: 'merchant' });
    expect(ids()).toEqual([3, 2, 1]);
    s.actor.send({ type: 'insights.searchChanged', search: 'd-1' });
    expect(ids()).toEqual([1]);
  });

  it('remembers the last page viewed; an unknown path means the merchants list', () => {
    const s = start();
    s.actor.send({ type: 'insights.visited', path: '/competitiveinsights/orderhistory/Merchant%201/1' });
    expect(s.session.context().lastUrls.insights).toBe('/competitiveinsights/orderhistory/Merchant%201/1');
    s.actor.send({ type: 'insights.visited', path: '/competitiveinsights/nowhere' });
    expect(s.session.pages.lastUrl('insights')).toBe('/competitiveinsights/merchants');
  });
});
