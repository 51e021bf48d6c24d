import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyEventObject } from 'xstate';
import { allEdges, distinctEdges, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { INVOICE_MESSAGES } from '../../model/invoices.ts';
import { MACHINES } from '../registry.ts';
import { invoiceDetailMachine } from './invoice-detail.ts';
import { closesOpenUploadOnly, correctedDetail, sampleDetail } from './invoice-samples.ts';
import { invoiceReviewMachine } from './invoice-review.ts';
import { selectConfirmingDelete, selectDetailUpload, selectEnlargedImage, selectEnlargedImageActor, selectInvoice, selectReview, selectThumbnails } from './selectors.ts';

const entry = MACHINES.find((m) => m.name === 'invoice-detail')!;

/**
 * The real machine with its calls held: following only fails when the path says so (its
 * `invoice.loaded` are sent), deletes settle as told, the Add Images modal closes as told.
 */
function startModel() {
  const run = startControlled(invoiceDetailMachine, { actors: ['follow', 'deleteImage', 'deleteInvoice', 'upload', 'image'], input: { id: 7 }, children: { review: invoiceReviewMachine } });
  return { ...run, followed: () => run.callsOf('follow').map((c) => c.input as { id: number; shown: unknown }) };
}

function assertScreen(run: ReturnType<typeof startModel>) {
  const snapshot = run.actor.getSnapshot();
  const { value, context } = snapshot;
  // Only this invoice is ever followed, and only its own images and itself deleted; Add Images adds to it.
  expect(new Set(run.followed().map((f) => f.id))).toEqual(new Set([7]));
  // Loading asks now; once shown, the invoice is asked for again only as it is (the service polls only while it is being read).
  if (value === 'loading') expect(run.followed().at(-1)!.shown).toBeNull();
  if (value === 'loaded') expect(run.followed().at(-1)!.shown).toBe(context.invoice);
  for (const c of run.callsOf('deleteImage')) expect(c.input).toEqual({ id: 7, imageId: 31 });
  for (const c of run.callsOf('deleteInvoice')) expect(c.input).toBe(7);
  for (const c of run.callsOf('upload')) expect(c.input).toEqual({ invoiceId: 7 });
  if (value === 'loaded' || value === 'deletingImage' || value === 'deletingInvoice') expect(context.invoice).not.toBeNull();
  // Only an image of the invoice is enlarged; the Add Images modal is open while the page holds it; Delete asks no more once deleting.
  const enlarged = selectEnlargedImage(snapshot);
  if (enlarged !== null) expect(context.invoice?.images.map((i) => i.attachmentId)).toContain(enlarged);
  expect(run.isRunning('upload')).toBe(selectDetailUpload(snapshot) !== null);
  if (value === 'deletingInvoice') expect(selectConfirmingDelete(snapshot)).toBe(false);
}

describe('invoice-detail, model-based', () => {
  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(invoiceDetailMachine, shortestPaths(entry), 'loading');
    expectEveryTransitionTaken(invoiceDetailMachine, stateChangingEdges(entry));
  });
  // State changes, and what the search box, the enlarged image, the dialog and the modal do within a state.
  const within = new Set([
    'invoice.searchChanged', 'invoice.imageEnlarged', 'invoice.imageClosed', 'invoice.addImagesOpened', 'xstate.done.actor.upload',
    'invoice.deleteAsked', 'invoice.deleteCancelled', 'invoice.deleteConfirmed',
  ]);
  const replayable = closesOpenUploadOnly('invoice.addImagesOpened');
  // Nothing happens once the invoice is deleted (the machine is done; the page has gone to the list).
  const edges = distinctEdges(allEdges(entry).filter((e) => replayable(e.path) && e.from !== 'deleted' && e.from !== 'malformed'))
    .filter((e) => JSON.stringify(e.from) !== JSON.stringify(e.to) || within.has(e.event.type));
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

  it('Delete Invoice asks first: Cancel keeps it; Delete goes back to the list, even when the server fails (silently, §8)', async () => {
    const run = startModel();
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    await run.replay({ type: 'invoice.deleteAsked' }, 'loaded');
    expect(selectConfirmingDelete(run.actor.getSnapshot())).toBe(true);
    await run.replay({ type: 'invoice.deleteCancelled' }, 'loaded');
    expect(selectConfirmingDelete(run.actor.getSnapshot())).toBe(false);
    await run.replay({ type: 'invoice.deleteConfirmed' }, 'loaded'); // nothing was asked: nothing deleted
    await run.replay({ type: 'invoice.deleteAsked' }, 'loaded');
    await run.replay({ type: 'invoice.deleteConfirmed' }, 'deletingInvoice');
    expect(selectConfirmingDelete(run.actor.getSnapshot())).toBe(false);
    await run.replay({ type: 'xstate.error.actor.deleteInvoice', error: new Error('500') }, 'deleted');
    expect([run.actor.getSnapshot().status, run.callsOf('deleteInvoice').length]).toEqual(['done', 1]);
  });

  it('an image of the invoice opens enlarged until closed', async () => {
    const run = startModel();
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    await run.replay({ type: 'invoice.imageEnlarged', imageId: 99 }, 'loaded'); // not one of its images
    expect(selectEnlargedImage(run.actor.getSnapshot())).toBeNull();
    await run.replay({ type: 'invoice.imageEnlarged', imageId: 31 }, 'loaded');
    expect(selectEnlargedImage(run.actor.getSnapshot())).toBe(31);
    await run.replay({ type: 'invoice.imageClosed' }, 'loaded');
    expect(selectEnlargedImage(run.actor.getSnapshot())).toBeNull();
  });

  it('Add Images opens a modal adding to this invoice; closing it asks for the invoice now (it is being read again)', async () => {
    const run = startModel();
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    await run.replay({ type: 'invoice.addImagesOpened' }, 'loaded');
    expect(run.callsOf('upload').map((c) => c.input)).toEqual([{ invoiceId: 7 }]);
    await run.replay({ type: 'xstate.done.actor.upload', output: { id: 7, description: 'Weekly produce', merchantName: 'Blue Anchor Grill' } }, 'loading');
    expect([selectDetailUpload(run.actor.getSnapshot()), run.followed().at(-1)!.shown]).toEqual([null, null]);
  });

  it('feeds each invoice to its review, and shows the invoice a correction answers', async () => {
    const run = startControlled(invoiceDetailMachine, { actors: ['follow', 'save', 'image'], input: { id: 7 }, children: { review: invoiceReviewMachine } });
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    const review = selectReview(run.actor.getSnapshot())!;
    expect(review.getSnapshot()).toMatchObject({ value: 'ready', context: { invoiceId: 7, invoice: sampleDetail() } });
    review.send({ type: 'review.edit', lineId: 1 });
    review.send({ type: 'review.change', field: 'quantity', value: '4' });
    review.send({ type: 'review.save' });
    await run.settle('save', 'done', correctedDetail());
    expect([selectInvoice(run.actor.getSnapshot()), review.getSnapshot().value]).toEqual([correctedDetail(), 'ready']);
  });

  it('a malformed id sends the page to the invoice list, asking for nothing', () => {
    const told: AnyEventObject[] = [];
    const app = createMachine({
      invoke: [
        { id: 'router', systemId: 'router', src: fromCallback(({ receive }) => receive((e) => told.push(e))) },
        { id: 'page', src: invoiceDetailMachine, input: { id: Number('abc') } },
      ],
    });
    const actor = createActor(app).start();
    const page = actor.getSnapshot().children.page!;
    expect([page.getSnapshot().value, told]).toEqual(['malformed', [{ type: 'route.go', to: '/invoice/scanning', replace: true }]]);
    actor.stop();
    const run = startControlled(invoiceDetailMachine, { actors: ['follow', 'image'], input: { id: 0 }, children: { review: invoiceReviewMachine } });
    expect([run.actor.getSnapshot().status, run.callsOf('follow'), run.callsOf('image')]).toEqual(['done', [], []]);
  });

  it('the items page loads no image: no thumbnails, none under review', async () => {
    const run = startControlled(invoiceDetailMachine, { actors: ['follow', 'image'], input: { id: 7, images: false }, children: { review: invoiceReviewMachine } });
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    expect([selectThumbnails(run.actor.getSnapshot()), run.callsOf('image')]).toEqual([{}, []]);
  });

  it('the page loads a thumbnail per image of the invoice, and the enlarged one full size', async () => {
    const run = startModel();
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    const ids = sampleDetail().images.map((i) => i.attachmentId);
    expect(Object.keys(selectThumbnails(run.actor.getSnapshot())).map(Number)).toEqual(ids);
    await run.replay({ type: 'invoice.imageEnlarged', imageId: ids[0]! }, 'loaded');
    expect(selectEnlargedImageActor(run.actor.getSnapshot())).not.toBeNull();
    // The thumbnail, the review's image (full size) and the enlarged one.
    const loaded = run.callsOf('image').map((c) => c.input as { attachmentId: number; thumbnail: boolean });
    expect(loaded.map((i) => [i.attachmentId, i.thumbnail]).sort()).toEqual([[ids[0], false], [ids[0], false], [ids[0], true]]);
    await run.replay({ type: 'invoice.imageClosed' }, 'loaded');
    expect(selectEnlargedImageActor(run.actor.getSnapshot())).toBeNull();
    await run.replay({ type: 'invoice.loaded', invoice: { ...sampleDetail(), images: [] } }, 'loaded');
    expect(selectThumbnails(run.actor.getSnapshot())).toEqual({});
  });
});
