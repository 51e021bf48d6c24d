import { NEVER, Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { fromEventObservable } from 'xstate';
import { shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached, expectEveryTransitionTaken } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { MACHINES } from '../registry.ts';
import { invoiceImageMachine, type InvoiceImageEvent, type InvoiceImageInput } from './invoice-image.ts';

const entry = MACHINES.find((m) => m.name === 'invoice-image')!;

/** The real machine; its load says nothing itself (the path's events stand for what it says). */
function startModel() {
  let failures = 0;
  const asked: InvoiceImageInput[] = [];
  const load = fromEventObservable<InvoiceImageEvent, InvoiceImageInput>(({ input }) => (asked.push(input), NEVER));
  const run = startControlled(invoiceImageMachine, {
    actors: [],
    input: { attachmentId: 31, thumbnail: true },
    provide: { actors: { load }, actions: { failed: () => void failures++ } },
  });
  return { ...run, asked, failures: () => failures };
}

describe('invoice-image, model-based', () => {
  const edges = stateChangingEdges(entry);
  it('reaches every state and takes every transition', () => {
    expectEveryStateReached(invoiceImageMachine, shortestPaths(entry), 'loading');
    expectEveryTransitionTaken(invoiceImageMachine, edges);
  });
  itReplaysEdges(edges, () => startModel(), (run) => {
    const { value, context } = run.actor.getSnapshot();
    // Loaded once, for the image it shows; a failure is told once; a shown image has its URL.
    expect(run.asked).toEqual([{ attachmentId: 31, thumbnail: true }]);
    expect(run.failures()).toBe(value === 'failed' ? 1 : 0);
    expect(context.url !== null).toBe(value === 'shown');
  });
});

describe('invoice-image, behaviour', () => {
  it('says a failed load once, as the image fails', () => {
    let failures = 0;
    const load = fromEventObservable<InvoiceImageEvent, InvoiceImageInput>(() => new Observable<InvoiceImageEvent>((s) => s.next({ type: 'image.failed' })));
    const run = startControlled(invoiceImageMachine, { actors: [], input: { attachmentId: 31, thumbnail: true }, provide: { actors: { load }, actions: { failed: () => void failures++ } } });
    expect([run.actor.getSnapshot().value, failures]).toEqual(['failed', 1]);
  });

  it('keeps the load (and so the object URL) alive while shown, and ends it when the image goes', () => {
    let subscribed = 0;
    let ended = 0;
    const load = fromEventObservable<InvoiceImageEvent, InvoiceImageInput>(() => {
      subscribed++;
      return new Observable<InvoiceImageEvent>((s) => { s.next({ type: 'image.ready', url: 'blob:x' }); return () => void ended++; });
    });
    const run = startControlled(invoiceImageMachine, { actors: [], input: { attachmentId: 31, thumbnail: false }, provide: { actors: { load } } });
    expect(run.actor.getSnapshot()).toMatchObject({ value: 'shown', context: { url: 'blob:x' } });
    expect([subscribed, ended]).toEqual([1, 0]);
    run.actor.stop();
    expect(ended).toBe(1);
  });
});
