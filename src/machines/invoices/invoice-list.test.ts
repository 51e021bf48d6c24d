import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { fromEventObservable } from 'xstate';
import { allEdges, distinctEdges, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import type { UploadEvent } from '../../services/invoice-service.ts';
import { MACHINES } from '../registry.ts';
import { invoiceListMachine } from './invoice-list.ts';
import { invoiceUploadMachine, type UploadActorInput } from './invoice-upload.ts';
import { closesOpenUploadOnly, sampleSummary } from './invoice-samples.ts';
import { selectConfirmingInvoice, selectListUpload, selectShownInvoices } from './selectors.ts';

const entry = MACHINES.find((m) => m.name === 'invoice-list')!;
const friday = { id: 8, description: 'Friday delivery', merchantName: 'Blue Anchor Grill' };

/**
 * The real machine with its calls held: watching only fails when the path says so (its
 * `invoices.loaded` are sent), deleting settles as told, the upload modal closes as told.
 */
function startModel() {
  const run = startControlled(invoiceListMachine, { actors: ['watch', 'deleteInvoice', 'upload'] });
  return { ...run, watched: () => run.callsOf('watch').map((c) => c.input) };
}

function assertScreen(run: ReturnType<typeof startModel>) {
  const snapshot = run.actor.getSnapshot();
  const { value, context } = snapshot;
  // Every row deleted is gone from the table at once, whatever the server says.
  for (const call of run.callsOf('deleteInvoice')) if (value === 'deleting') expect(context.invoices.map((i) => i.id)).not.toContain(call.input);
  // Loading asks now; once shown, the list is watched from what is shown (the service polls only while one is being read).
  if (value === 'loading') expect(run.watched().at(-1)).toBeNull();
  if (value === 'loaded') expect(run.watched().at(-1)).toBe(context.invoices);
  // The table shows listed invoices only, in the list's order; a blank search shows them all.
  const shown = selectShownInvoices(snapshot);
  expect(context.invoices.filter((i) => shown.includes(i))).toEqual(shown);
  if (context.search === '') expect(shown).toBe(context.invoices);
  // Delete Invoice asks only about a row on screen; the upload modal is a new invoice's, open while the list holds it.
  expect(selectConfirmingInvoice(snapshot)?.id ?? null).toBe(context.confirming);
  for (const call of run.callsOf('upload')) expect(call.input).toEqual({ invoiceId: null });
  expect(run.isRunning('upload')).toBe(selectListUpload(snapshot) !== null);
}

describe('invoice-list, model-based', () => {
  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(invoiceListMachine, shortestPaths(entry), 'loading');
    expectEveryTransitionTaken(invoiceListMachine, stateChangingEdges(entry), ['loaded --xstate.done.actor.upload--> loaded']);
  });
  // State changes, and what the search box, the dialogs and the upload modal do within a state.
  const within = new Set(['invoices.searchChanged', 'invoices.deleteAsked', 'invoices.deleteCancelled', 'invoices.deleteConfirmed', 'invoices.uploadOpened', 'xstate.done.actor.upload']);
  const replayable = closesOpenUploadOnly('invoices.uploadOpened');
  const edges = distinctEdges(allEdges(entry).filter((e) => replayable(e.path))).filter((e) => JSON.stringify(e.from) !== JSON.stringify(e.to) || within.has(e.event.type));
  itReplaysEdges(edges, () => startModel(), assertScreen);
});

describe('invoice-list, behaviour', () => {
  it("shows a just-uploaded invoice as 'InProcess' until the server's status arrives, and watches again", async () => {
    const run = startModel();
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary()] }, 'loaded');
    await run.replay({ type: 'invoices.uploadOpened' }, 'loaded');
    await run.replay({ type: 'xstate.done.actor.upload', output: friday }, 'loaded');
    expect(selectListUpload(run.actor.getSnapshot())).toBeNull();
    expect(run.actor.getSnapshot().context.invoices.map((i) => [i.id, i.status])).toEqual([[8, 'InProcess'], [7, 'done']]);
    expect(run.watched().at(-1)).toEqual(run.actor.getSnapshot().context.invoices); // watched again, with the new one being read
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary({ id: 8, status: 'inprocessing' }), sampleSummary()] }, 'loaded');
    expect(run.actor.getSnapshot().context.invoices.map((i) => i.status)).toEqual(['inprocessing', 'done']);
  });

  it('closing the modal with nothing sent leaves the list as it was, and Upload Invoice opens a fresh one', async () => {
    const run = startModel();
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary()] }, 'loaded');
    await run.replay({ type: 'invoices.uploadOpened' }, 'loaded');
    const first = selectListUpload(run.actor.getSnapshot());
    await run.replay({ type: 'xstate.done.actor.upload', output: null }, 'loaded');
    expect([selectListUpload(run.actor.getSnapshot()), run.watched().length, run.actor.getSnapshot().context.invoices.length]).toEqual([null, 2, 1]);
    await run.replay({ type: 'invoices.uploadOpened' }, 'loaded');
    expect(selectListUpload(run.actor.getSnapshot())).not.toBe(first);
  });

  it("the modal's own upload, once closed, is the row shown 'InProcess'", async () => {
    // The real upload machine as the child, its files answered at once as invoice 8.
    const answered = invoiceUploadMachine.provide({
      actors: { upload: fromEventObservable<UploadEvent, UploadActorInput>(() => of<UploadEvent>({ type: 'upload.fileDone', index: 0, invoiceId: 8, at: '2026-11-02T10:05:00.000Z' })) },
    });
    const run = startControlled(invoiceListMachine, { actors: ['watch', 'locations'], children: { upload: answered } });
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary()] }, 'loaded');
    run.actor.send({ type: 'invoices.uploadOpened' });
    const modal = selectListUpload(run.actor.getSnapshot())!;
    modal.send({ type: 'upload.fieldChanged', field: 'description', value: 'Friday delivery' });
    modal.send({ type: 'upload.fieldChanged', field: 'merchant', value: 'Blue Anchor Grill' });
    modal.send({ type: 'upload.filesAdded', files: [{ name: 'page-1.png', size: 100, file: new Blob([]) }] });
    modal.send({ type: 'upload.send' });
    expect(modal.getSnapshot().value).toBe('success');
    modal.send({ type: 'upload.closed' });
    expect(selectListUpload(run.actor.getSnapshot())).toBeNull();
    expect(run.actor.getSnapshot().context.invoices.map((i) => [i.description, i.status])).toEqual([['Friday delivery', 'InProcess'], ['Weekly produce', 'done']]);
  });

  it('Delete Invoice asks about the row first; Cancel deletes nothing, Delete drops the row even when the server fails (silently)', async () => {
    const run = startModel();
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary(), sampleSummary({ id: 9, description: 'Friday delivery' })] }, 'loaded');
    await run.replay({ type: 'invoices.deleteAsked', id: 9 }, 'loaded');
    expect(selectConfirmingInvoice(run.actor.getSnapshot())?.description).toBe('Friday delivery');
    await run.replay({ type: 'invoices.deleteCancelled' }, 'loaded');
    expect([selectConfirmingInvoice(run.actor.getSnapshot()), run.callsOf('deleteInvoice').length]).toEqual([null, 0]);
    await run.replay({ type: 'invoices.deleteAsked', id: 7 }, 'loaded');
    await run.replay({ type: 'invoices.deleteConfirmed' }, 'deleting');
    expect([selectConfirmingInvoice(run.actor.getSnapshot()), run.callsOf('deleteInvoice').map((c) => c.input)]).toEqual([null, [7]]);
    await run.replay({ type: 'xstate.error.actor.deleteInvoice', error: new Error('500') }, 'loaded');
    expect(run.actor.getSnapshot().context.invoices.map((i) => i.id)).toEqual([9]);
  });

  it('an invoice that leaves the list while asked about closes its dialog for good', async () => {
    const run = startModel();
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary()] }, 'loaded');
    await run.replay({ type: 'invoices.deleteAsked', id: 7 }, 'loaded');
    await run.replay({ type: 'invoices.loaded', invoices: [] }, 'loaded');
    await run.replay({ type: 'invoices.loaded', invoices: [sampleSummary()] }, 'loaded');
    expect(selectConfirmingInvoice(run.actor.getSnapshot())).toBeNull();
    await run.replay({ type: 'invoices.deleteConfirmed' }, 'loaded');
    expect(run.callsOf('deleteInvoice')).toEqual([]);
  });
});
