import { describe, expect, it } from 'vitest';
import { stateChangingEdges, type Edge } from '../../../tests/paths/machine-paths.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MACHINES } from '../registry.ts';
import { competitorOrderMachine } from './competitor-order.ts';
import { winBackMachine } from './win-back.ts';
import { otherRange, sampleHistory, sampleInvoice, sampleWinBack } from './insights-samples.ts';

const october = { startDate: '2026-10-01', endDate: '2026-10-31' };

describe('win-back, model-based', () => {
  const entry = MACHINES.find((m) => m.name === 'win-back')!;
  const start = (edge: Edge) => startControlled(winBackMachine, { actors: ['loadWinBack'], input: edge.input });
  itReplaysEdges(stateChangingEdges(entry), start, ({ actor }) => {
    const { value, context } = actor.getSnapshot();
    expect(context.list !== null).toBe(value === 'loaded');
  });
});

describe('win-back', () => {
  it('asks for one merchant, or the house without a merchant id; a new range reloads', async () => {
    const one = startControlled(winBackMachine, { actors: ['loadWinBack'], input: { merchantId: 7, range: october } });
    expect(one.callsOf('loadWinBack')[0]!.input).toEqual({ ...october, merchantId: 7 });
    await one.replay({ type: 'xstate.done.actor.loadWinBack', output: sampleWinBack }, 'loaded');
    await one.replay({ type: 'winback.rangeChanged', range: otherRange }, 'loading');
    expect(one.actor.getSnapshot().context.list).toBeNull();
    const house = startControlled(winBackMachine, { actors: ['loadWinBack'], input: { merchantId: null, range: october } });
    expect(house.callsOf('loadWinBack')[0]!.input).toEqual(october);
  });
});

describe('competitor order, model-based', () => {
  const entry = MACHINES.find((m) => m.name === 'competitor-order')!;
  const start = (edge: Edge) => startControlled(competitorOrderMachine, { actors: ['loadDay'], input: edge.input });
  itReplaysEdges(stateChangingEdges(entry), start, ({ actor }) => {
    const { value, context } = actor.getSnapshot();
    if (value === 'loaded') expect(context.invoices.length).toBeGreaterThan(0);
  });
});

describe('competitor order', () => {
  it('uses the invoices already fetched, else asks for that one day', async () => {
    const cached = startControlled(competitorOrderMachine, { actors: ['loadDay'], input: { merchantId: 1, merchant: 'Merchant 1', date: '2026-10-20', invoices: [sampleInvoice('2026-10-20')] } });
    expect(cached.actor.getSnapshot().value).toBe('loaded');
    expect(cached.calls).toHaveLength(0);
    const asked = startControlled(competitorOrderMachine, { actors: ['loadDay'], input: { merchantId: 1, merchant: 'Merchant 1', date: '2026-10-20', invoices: [] } });
    expect(asked.actor.getSnapshot().value).toBe('loading');
    expect(asked.callsOf('loadDay')[0]!.input).toEqual({ merchantId: 1, merchant: 'Merchant 1', date: '2026-10-20' });
    await asked.replay({ type: 'xstate.done.actor.loadDay', output: sampleHistory() }, 'loaded');
    asked.actor.send({ type: 'order.sortChanged', column: 'description' });
    expect(asked.actor.getSnapshot().context.sort).toEqual({ column: 'description', descending: false });
  });
});
