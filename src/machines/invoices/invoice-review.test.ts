import { describe, expect, it } from 'vitest';
import { allEdges, distinctEdges, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { readDraft } from '../../model/invoice-review.ts';
import { ApiError } from '../../services/api-client.ts';
import { MACHINES } from '../registry.ts';
import { invoiceReviewMachine, SAVE_FAILED } from './invoice-review.ts';
import { correctedDetail, sampleDetail } from './invoice-samples.ts';
import {
  correctedText, selectCanCorrect, selectDeletingLine, selectDraftDoubtful, selectDraftProblems, selectLineForm, selectReviewError, selectReviewImage,
} from './selectors.ts';

const entry = MACHINES.find((m) => m.name === 'invoice-review')!;
type SaveInput = { id: number; itemId?: number | 'new'; draft?: Record<string, string>; deleteId?: number };

/** The real machine with its save held (the path settles it); what it tells the page is counted. */
function startModel() {
  let told = 0;
  let saved = 0;
  const run = startControlled(invoiceReviewMachine, { actors: ['save'], input: { invoiceId: 7 }, provide: { actions: { tellPage: () => void told++ } } });
  const replay: typeof run.replay = (event, expected) => ((saved += event.type === 'xstate.done.actor.save' ? 1 : 0), run.replay(event, expected));
  return { ...run, replay, told: () => told, saved: () => saved, saves: () => run.callsOf('save').map((c) => c.input as SaveInput) };
}

function assertScreen(run: ReturnType<typeof startModel>) {
  const snapshot = run.actor.getSnapshot();
  const { value, context } = snapshot;
  // Only this invoice's lines are saved: an edit of line 1 or a new line with a draft that reads, or line 1 deleted.
  for (const save of run.saves()) {
    expect(save.id).toBe(7);
    if (save.deleteId !== undefined) expect(save.deleteId).toBe(1);
    else expect([[1, 'new'].includes(save.itemId!), readDraft(save.draft as never).correction !== null]).toEqual([true, true]);
  }
  // The page hears of every saved change, and only of those.
  expect(run.told()).toBe(run.saved());
  // The form is open while a line is edited, saved or failed to save; the delete dialog likewise; never both.
  const form = selectLineForm(snapshot);
  expect(form !== null).toBe(value === 'editing' || ((value === 'saving' || value === 'failed') && context.deleting === null));
  expect(selectDeletingLine(snapshot) !== null).toBe(value === 'confirmingDelete' || ((value === 'saving' || value === 'failed') && context.editing === null));
  expect(selectReviewError(snapshot) !== null).toBe(value === 'failed');
  // Corrections start only from the lines shown of an invoice read.
  expect(selectCanCorrect(snapshot)).toBe(value === 'ready');
  if (value === 'ready') expect(context.invoice?.status).toBe('done');
  if (value === 'reading') expect(context.invoice === null || context.invoice.status === 'inprocessing').toBe(true);
}

describe('invoice-review, model-based', () => {
  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(invoiceReviewMachine, shortestPaths(entry), 'reading');
    expectEveryTransitionTaken(invoiceReviewMachine, stateChangingEdges(entry));
  });
  // State changes, and what selecting and typing do within a state.
  const within = new Set(['review.select', 'review.change', 'review.invoice']);
  const edges = distinctEdges(allEdges(entry)).filter((e) => JSON.stringify(e.from) !== JSON.stringify(e.to) || within.has(e.event.type));
  itReplaysEdges(edges, () => startModel(), assertScreen);
});

describe('invoice-review, behaviour', () => {
  const ready = async () => {
    const run = startModel();
    await run.replay({ type: 'review.invoice', invoice: sampleDetail() }, 'ready');
    return { ...run, now: () => run.actor.getSnapshot() };
  };

  it('selecting a line highlights its box on its image; a typed-in line has none to show', async () => {
    const run = await ready();
    expect(selectReviewImage(run.now())).toMatchObject({ image: { attachmentId: 31 }, box: null, line: null });
    await run.replay({ type: 'review.select', lineId: 1 }, 'ready');
    expect(selectReviewImage(run.now())).toMatchObject({ image: { attachmentId: 31 }, box: { x: 0.06, y: 0.42, w: 0.88, h: 0.025 }, line: { id: 1 } });
    const typed = { ...sampleDetail().items[0]!, id: 2, box: null, imageId: null, added: true };
    await run.replay({ type: 'review.invoice', invoice: sampleDetail({ items: [...sampleDetail().items, typed] }) }, 'ready');
    await run.replay({ type: 'review.select', lineId: 2 }, 'ready');
    expect(selectReviewImage(run.now())).toMatchObject({ image: { attachmentId: 31 }, box: null, line: { id: 2, added: true } });
    await run.replay({ type: 'review.select', lineId: 99 }, 'ready'); // not a line of the invoice
    expect(run.now().context.selected).toBe(2);
  });

  it('an edit names each bad number, saves only a draft that reads, and tells the page the invoice it gets back', async () => {
    const run = await ready();
    await run.replay({ type: 'review.edit', lineId: 1 }, 'editing');
    expect(run.now().context.draft).toMatchObject({ quantity: '3', unitPrice: '124.9', totalPrice: '374.7' });
    await run.replay({ type: 'review.change', field: 'quantity', value: '0' }, 'editing');
    await run.replay({ type: 'review.change', field: 'unitPrice', value: '1.234' }, 'editing');
    expect(selectDraftProblems(run.now())).toEqual({
      quantity: 'Quantity must be a number above 0 and at most 100,000 (at most 3 decimals)',
      unitPrice: 'Unit Price must be an amount from 0 to 1,000,000 with at most 2 decimals',
    });
    await run.replay({ type: 'review.save' }, 'editing');
    expect(run.saves()).toEqual([]);
    await run.replay({ type: 'review.change', field: 'unitPrice', value: '$124.90' }, 'editing');
    await run.replay({ type: 'review.change', field: 'quantity', value: '4' }, 'editing');
    expect([selectDraftProblems(run.now()), selectDraftDoubtful(run.now())]).toEqual([{}, true]);
    await run.replay({ type: 'review.save' }, 'saving');
    expect(readDraft(run.saves()[0]!.draft as never).correction).toMatchObject({ quantity: 4, unitPrice: 124.9, totalPrice: 374.7 });
    await run.replay({ type: 'xstate.done.actor.save', output: correctedDetail() }, 'ready');
    expect([run.told(), run.now().context.selected, run.now().context.editing]).toEqual([1, 1, null]);
    expect(correctedText(run.now().context.invoice!.items[0]!)).toBe('Corrected by Lee Leader on Nov 25th 2026');
  });

  it('a failed save keeps the draft: Retry sends it again, fixing it goes back to the form, Cancel drops it', async () => {
    const run = await ready();
    await run.replay({ type: 'review.add' }, 'editing');
    await run.replay({ type: 'review.change', field: 'description', value: 'Lemons' }, 'editing');
    await run.replay({ type: 'review.save' }, 'saving');
    await run.replay({ type: 'xstate.error.actor.save', error: new ApiError(400, 'Invalid line: quantity must be a number') }, 'failed');
    expect([selectReviewError(run.now()), run.now().context.draft.description]).toEqual([`${SAVE_FAILED} Invalid line: quantity must be a number`, 'Lemons']);
    await run.replay({ type: 'review.retry' }, 'saving');
    expect(run.saves().map((s) => s.itemId)).toEqual(['new', 'new']);
    await run.replay({ type: 'xstate.error.actor.save', error: new ApiError(500, 'boom') }, 'failed');
    expect(selectReviewError(run.now())).toBe(SAVE_FAILED);
    await run.replay({ type: 'review.change', field: 'quantity', value: '2' }, 'editing');
    expect(selectReviewError(run.now())).toBeNull();
    await run.replay({ type: 'review.save' }, 'saving');
    await run.replay({ type: 'xstate.error.actor.save', error: new ApiError(500, 'boom') }, 'failed');
    await run.replay({ type: 'review.cancel' }, 'ready');
    expect([run.now().context.editing, run.now().context.draft.description, run.told()]).toEqual([null, '', 0]);
  });

  it('Delete asks first; a typed-in line added selects itself; images being read lock the lines until read', async () => {
    const run = await ready();
    await run.replay({ type: 'review.delete', lineId: 1 }, 'confirmingDelete');
    await run.replay({ type: 'review.cancel' }, 'ready');
    await run.replay({ type: 'review.delete', lineId: 1 }, 'confirmingDelete');
    await run.replay({ type: 'review.deleteConfirmed' }, 'saving');
    expect(run.saves()).toEqual([{ id: 7, deleteId: 1 }]);
    await run.replay({ type: 'xstate.done.actor.save', output: sampleDetail({ items: [] }) }, 'ready');
    expect(run.now().context.selected).toBeNull();
    await run.replay({ type: 'review.add' }, 'editing');
    await run.replay({ type: 'review.save' }, 'saving');
    await run.replay({ type: 'xstate.done.actor.save', output: sampleDetail({ items: [{ ...sampleDetail().items[0]!, id: 12, added: true, imageId: null, box: null }] }) }, 'ready');
    expect(run.now().context.selected).toBe(12);
    await run.replay({ type: 'review.invoice', invoice: sampleDetail({ status: 'inprocessing' }) }, 'reading');
    await run.replay({ type: 'review.edit', lineId: 12 }, 'reading');
    await run.replay({ type: 'review.invoice', invoice: sampleDetail() }, 'ready');
  });
});
