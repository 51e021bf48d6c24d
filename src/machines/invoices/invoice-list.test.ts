import { describe, expect, it } from 'vitest';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MACHINES } from '../registry.ts';
import { invoiceListMachine } from './invoice-list.ts';
import { sampleSummary } from './invoice-samples.ts';

const entry = MACHINES.find((m) => m.name === 'invoice-list')!;

/** The real machine with its calls held: watching only fails when the path says so (its `invoices.loaded` are sent), deleting settles as told. */
function startModel() {
  const run = startControlled(invoiceListMachine, { actors: ['watch', 'deleteInvoice'] });
  return { ...run, watched: () => run.callsOf('watch').map((c) => c.input) };
}

function assertScreen(run: ReturnType<typeof startModel>) {
  const { value, context } = run.actor.getSnapshot();
  // Every row deleted is gone from the table at once, whatever the server says.
  for (const call of run.callsOf('deleteInvoice')) if (value === 'deleting') expect(context.invoices.map((i) => i.id)).not.toContain(call.input);
  // Loading asks now; once shown, the list is watched from what is shown (the service polls only while one is being read).
  if (value === 'loading') expect(run.watched().at(-1)).toBeNull();
  if (value === 'loaded') expect(run.watched().at(-1)).toBe(context.invoices);
}

describe('invoice-list, model-based', () => {
  const edges = stateChangingEdges(entry);
  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(invoiceListMachine, shortestPaths(entry), 'loading');
    expectEveryTransitionTaken(invoiceListMachine, edges, ['loaded --invoices.uploaded--> loaded']);
  });
  itReplaysEdges(edges, () => startModel(), assertScreen);
});

describe('invoice-list, behaviour', () => {
  it("shows a just-uploaded invoice as 'InProcess' until the server's status arrives, and watches again", async () => {
    const run = startModel();
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary()] }, 'loaded');
    await run.replay({ type: 'invoices.uploaded', invoice: { id: 8, description: 'Friday delivery', merchantName: 'Blue Anchor Grill' } }, 'loaded');
    expect(run.actor.getSnapshot().context.invoices.map((i) => [i.id, i.status])).toEqual([[8, 'InProcess'], [7, 'done']]);
    expect(run.watched().at(-1)).toEqual(run.actor.getSnapshot().context.invoices); // watched again, with the new one being read
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary({ id: 8, status: 'inprocessing' }), sampleSummary()] }, 'loaded');
    expect(run.actor.getSnapshot().context.invoices.map((i) => i.status)).toEqual(['inprocessing', 'done']);
  });

  it('a failed delete is silent: the row stays gone', async () => {
    const run = startModel();
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary(), sampleSummary({ id: 9 })] }, 'loaded');
    await run.replay({ type: 'invoices.delete', id: 7 }, 'deleting');
    await run.replay({ type: 'xstate.error.actor.deleteInvoice', error: new Error('500') }, 'loaded');
    expect(run.actor.getSnapshot().context.invoices.map((i) => i.id)).toEqual([9]);
  });
});
