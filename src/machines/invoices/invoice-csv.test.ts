import { describe, expect, it } from 'vitest';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import type { InvoiceDetail } from '../../model/invoices.ts';
import { MACHINES } from '../registry.ts';
import { invoiceCsvMachine } from './invoice-csv.ts';
import { sampleDetail } from './invoice-samples.ts';

const entry = MACHINES.find((m) => m.name === 'invoice-csv')!;

function startModel() {
  const saved: InvoiceDetail[] = [];
  const run = startControlled(invoiceCsvMachine, { actors: ['loadItems'], provide: { actions: { save: (_, invoice) => void saved.push(invoice as InvoiceDetail) } } });
  return { ...run, saved };
}

describe('invoice-csv, model-based', () => {
  const edges = stateChangingEdges(entry);
  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(invoiceCsvMachine, shortestPaths(entry), 'idle');
    expectEveryTransitionTaken(invoiceCsvMachine, edges);
  });
  // Only what arrived is saved, once per answer; the invoice asked for is the one pressed.
  itReplaysEdges(edges, () => startModel(), (run) => {
    for (const c of run.callsOf('loadItems')) expect(c.input).toBe(7);
    expect(run.saved.length).toBeLessThanOrEqual(run.callsOf('loadItems').length);
  });
});

describe('invoice-csv, behaviour', () => {
  it("saves the invoice's items once they arrive, and says when they could not be fetched", async () => {
    const run = startModel();
    await run.replay({ type: 'csv.requested', id: 7 }, 'fetching');
    await run.replay({ type: 'xstate.done.actor.loadItems', output: sampleDetail() }, 'idle');
    expect(run.saved.map((d) => d.items.length)).toEqual([1]);
    await run.replay({ type: 'csv.requested', id: 7 }, 'fetching');
    await run.replay({ type: 'xstate.error.actor.loadItems', error: new Error('500') }, 'idle');
    expect(run.actor.getSnapshot().context.message).toBe('Failed To Fetch Invoice');
    expect(run.saved).toHaveLength(1);
  });
});
