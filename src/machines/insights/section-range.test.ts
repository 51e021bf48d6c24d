import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import type { DateRange } from '../../model/date-range.ts';
import { competitiveItemsMachine } from './competitive-items.ts';
import { winBackMachine } from './win-back.ts';

const october: DateRange = { startDate: '2026-10-01', endDate: '2026-10-31' };
const september: DateRange = { startDate: '2026-09-01', endDate: '2026-09-30' };

/** A section actor as the insights machine is to its pages: it holds the range. */
function section() {
  return createActor(
    setup({ types: { context: {} as { range: DateRange; search: string }, events: {} as { type: 'range'; range: DateRange } | { type: 'search' } } }).createMachine({
      context: { range: october, search: '' },
      on: { range: { actions: assign({ range: ({ event }) => event.range }) }, search: { actions: assign({ search: 'x' }) } },
    }),
  ).start();
}

describe('pages follow the section range', () => {
  it('the win-back list loads again for a new range, and not when something else in the section changes', async () => {
    const insights = section();
    const s = startControlled(winBackMachine, { actors: ['loadWinBack'], input: { merchantId: 1, range: october, section: insights } });
    await s.replay({ type: 'xstate.done.actor.loadWinBack', output: { rows: [], total: 0 } }, 'loaded');
    insights.send({ type: 'search' });
    expect(s.actor.getSnapshot().value).toBe('loaded');
    insights.send({ type: 'range', range: september });
    expect(s.actor.getSnapshot().value).toBe('loading');
    expect(s.callsOf('loadWinBack').map((c) => c.input)).toEqual([{ ...october, merchantId: 1 }, { ...september, merchantId: 1 }]);
  });

  it('a merchant’s items load again for a new range; stopping the page stops following', async () => {
    const insights = section();
    const s = startControlled(competitiveItemsMachine, { actors: ['loadItems'], input: { merchantId: 1, range: october, section: insights } });
    insights.send({ type: 'range', range: september });
    expect(s.callsOf('loadItems').map((c) => c.input)).toEqual([{ merchantId: 1, range: october }, { merchantId: 1, range: september }]);
    s.actor.stop();
    insights.send({ type: 'range', range: october });
    expect(s.callsOf('loadItems')).toHaveLength(2);
  });
});
