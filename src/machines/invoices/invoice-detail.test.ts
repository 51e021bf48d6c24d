import { describe, expect, it } from 'vitest';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { INVOICE_MESSAGES } from '../../model/invoices.ts';
import { MACHINES } from '../registry.ts';
import { invoiceDetailMachine } from './invoice-detail.ts';
import { sampleDetail } from './invoice-samples.ts';

const entry = MACHINES.find((m) => m.name === 'invoice-detail')!;

/** The real machine with its calls held: following only fails when the path says so (its `invoice.loaded` are sent), deletes settle as told. */
function startModel() {
  const run = startControlled(invoiceDetailMachine, { actors: ['follow', 'deleteImage', 'deleteInvoice'], input: { id: 7 } });
  return { ...run, followed: () => run.callsOf('follow').map((c) => c.input as { id: number; shown: unknown }) };
}

function assertScreen(run: ReturnType<typeof startModel>) {
  const { value, context } = run.actor.getSnapshot();
  // Only this invoice is ever followed, and only its own images and itself deleted.
  expect(new Set(run.followed().map((f) => f.id))).toEqual(new Set([7]));
  // Loading asks now; once shown, the invoice is asked for again only as it is (the service polls only while it is being read).
  if (value === 'loading') expect(run.followed().at(-1)!.shown).toBeNull();
  if (value === 'loaded') expect(run.followed().at(-1)!.shown).toBe(context.invoice);
  for (const c of run.callsOf('deleteImage')) expect(c.input).toEqual({ id: 7, imageId: 31 });
  for (const c of run.callsOf('deleteInvoice')) expect(c.input).toBe(7);
  if (value === 'loaded' || value === 'deletingImage' || value === 'deletingInvoice') expect(context.invoice).not.toBeNull();
}

describe('invoice-detail, model-based', () => {
  const edges = stateChangingEdges(entry);
  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(invoiceDetailMachine, shortestPaths(entry), 'loading');
    expectEveryTransitionTaken(invoiceDetailMachine, edges);
  });
  itReplaysEdges(edges, () => startModel(), assertScreen);
});

describe('invoice-detail, behaviour', () => {
  it("says 'Could Not Delete Image.' when deleting fails, and clears it after a delete that works", async () => {
    const run = startModel();
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    await run.replay({ type: 'invoice.deleteImage', imageId: 31 }, 'deletingImage');
    await run.replay({ type: 'xstate.error.actor.deleteImage', error: new Error('500') }, 'loaded');
    expect(run.actor.getSnapshot().context.message).toBe(INVOICE_MESSAGES.deleteImage);
    await run.replay({ type: 'invoice.deleteImage', imageId: 31 }, 'deletingImage');
    // With the image gone the status may change: asked for now, the invoice still on screen meanwhile.
    await run.replay({ type: 'xstate.done.actor.deleteImage', output: { ok: true } }, 'loading');
    expect(run.actor.getSnapshot().context).toMatchObject({ message: null, invoice: { id: 7 } });
  });

  it('goes back to the list after Delete Invoice, even when the server fails (silently, §8)', async () => {
    const run = startModel();
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    await run.replay({ type: 'invoice.delete' }, 'deletingInvoice');
    await run.replay({ type: 'xstate.error.actor.deleteInvoice', error: new Error('500') }, 'deleted');
    expect(run.actor.getSnapshot().status).toBe('done');
  });
});
