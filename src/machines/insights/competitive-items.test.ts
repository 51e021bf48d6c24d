import { describe, expect, it } from 'vitest';
import { stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { categoriesLabel, itemsLabel, visibleItems } from '../../model/insights-rules.ts';
import { MACHINES } from '../registry.ts';
import { competitiveItemsMachine } from './competitive-items.ts';
import { otherRange, sampleItems, serverError } from './insights-samples.ts';

const entry = MACHINES.find((m) => m.name === 'competitive-items')!;
const october = { startDate: '2026-10-01', endDate: '2026-10-31' };
const start = () => startControlled(competitiveItemsMachine, { actors: ['loadItems'], input: { merchantId: 1, range: october } });

function assertScreen({ actor }: ReturnType<typeof start>) {
  const { value, context } = actor.getSnapshot();
  expect(context.data !== null).toBe(value === 'loaded');
}

/** What the table shows of the machine's state. */
const shown = (s: ReturnType<typeof start>) => {
  const c = s.actor.getSnapshot().context;
  const rows = c.tab === 'self' ? c.data!.self : c.data!.competition;
  return visibleItems(rows, c, c.sort).map((i) => i.min);
};

describe('competitive items, model-based', () => {
  itReplaysEdges(stateChangingEdges(entry), start, assertScreen);
});

describe('competitive items', () => {
  it('tabs: Competitive Purchases, then the house’s own; a tab change drops the category and item choices', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadItems', output: sampleItems }, 'loaded');
    expect(shown(s)).toEqual(['M-1', 'M-2']);
    await s.replay({ type: 'items.categoriesChanged', categories: ['Produce'] }, 'loaded');
    expect(shown(s)).toEqual(['M-2']);
    expect(categoriesLabel(s.actor.getSnapshot().context.categories.length)).toBe('1 Category Selected');
    await s.replay({ type: 'items.tabChanged', tab: 'self' }, 'loaded');
    expect(shown(s)).toEqual(['M-3']);
    expect(categoriesLabel(s.actor.getSnapshot().context.categories.length)).toBe('All Categories');
  });

  it('filters: items chosen, search on description or manufacturer', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadItems', output: sampleItems }, 'loaded');
    await s.replay({ type: 'items.itemsChanged', mins: ['M-1'] }, 'loaded');
    expect(shown(s)).toEqual(['M-1']);
    expect(itemsLabel(1)).toBe('1 Item Selected');
    expect(itemsLabel(2)).toBe('2 Items Selected');
    expect(categoriesLabel(3)).toBe('3 Categories Selected');
    await s.replay({ type: 'items.itemsChanged', mins: [] }, 'loaded');
    await s.replay({ type: 'items.searchChanged', search: 'm-2' }, 'loaded');
    expect(shown(s)).toEqual(['M-2']);
    await s.replay({ type: 'items.searchChanged', search: 'ACME' }, 'loaded');
    expect(shown(s)).toEqual(['M-1', 'M-2']);
  });

  it('sort rule: volume descending first; the active column flips; a text column’s first click is A→Z', async () => {
    const s = start();
    await s.replay({ type: 'xstate.done.actor.loadItems', output: sampleItems }, 'loaded');
    expect(shown(s)).toEqual(['M-1', 'M-2']);
    await s.replay({ type: 'items.sortChanged', column: 'volume' }, 'loaded');
    expect(s.actor.getSnapshot().context.sort).toEqual({ column: 'volume', descending: false });
    expect(shown(s)).toEqual(['M-2', 'M-1']);
    await s.replay({ type: 'items.sortChanged', column: 'description' }, 'loaded');
    expect(s.actor.getSnapshot().context.sort).toEqual({ column: 'description', descending: false });
    expect(shown(s)).toEqual(['M-1', 'M-2']);
    await s.replay({ type: 'items.sortChanged', column: 'quantity' }, 'loaded');
    expect(s.actor.getSnapshot().context.sort).toEqual({ column: 'quantity', descending: true });
  });

  it('a new range reloads (aborting the call in flight); a failure offers a retry', async () => {
    const s = start();
    await s.replay({ type: 'items.rangeChanged', range: otherRange }, 'loading');
    expect(s.callsOf('loadItems')[0]!.signal.aborted).toBe(true);
    expect(s.callsOf('loadItems')[1]!.input).toEqual({ merchantId: 1, range: otherRange });
    await s.replay({ type: 'xstate.error.actor.loadItems', error: serverError }, 'failed');
    await s.replay({ type: 'items.retry' }, 'loading');
  });
});
