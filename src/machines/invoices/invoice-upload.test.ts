import { NEVER, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable } from 'xstate';
import { coverage } from '../../../tests/paths/coverage.ts';
import { cataloguePaths } from '../../../tests/paths/catalogue-paths.ts';
import { allEdges, distinctEdges, shortestPaths } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached } from '../../../tests/paths/model-checks.ts';
import { itReplaysEdges, startControlled } from '../../../tests/paths/replay-actor.ts';
import { INVOICE_MESSAGES } from '../../model/invoices.ts';
import type { UploadEvent } from '../../services/invoice-service.ts';
import { MACHINES } from '../registry.ts';
import { invoiceUploadMachine, type UploadActorInput } from './invoice-upload.ts';
import { selectUploadView } from './selectors.ts';

const entry = MACHINES.find((m) => m.name === 'invoice-upload')!;

/** The real machine; its upload stream is replaced by one that says nothing (the path's events stand for what it says). */
function startModel(input: unknown) {
  const sent: UploadActorInput[] = [];
  const upload = fromEventObservable<UploadEvent, UploadActorInput>(({ input: i }) => (sent.push(i), NEVER));
  const run = startControlled(invoiceUploadMachine, { actors: [], input, provide: { actors: { upload } } });
  // What the screen showed at the previous check, and how many sends were checked by then.
  return { ...run, sent, seen: { context: run.actor.getSnapshot().context, sends: 0 } };
}

/** What a user would notice in each state, and what reached the server. */
function assertScreen(run: ReturnType<typeof startModel>) {
  const { value, context } = run.actor.getSnapshot();
  const names = (state: string) => context.files.filter((f) => f.state === state).map((f) => f.name);
  if (value === 'success') expect(context.message).toBe(INVOICE_MESSAGES.uploaded);
  if (value === 'partialSuccess') {
    expect(context.message).toBe(INVOICE_MESSAGES.partial);
    expect(names('done').length).toBeGreaterThan(0);
    expect(names('failed').length).toBeGreaterThan(0);
  }
  if (value === 'failure') expect(context.message).toBe(names('failed').map(INVOICE_MESSAGES.failed).join(' '));
  // The dialog's buttons: Retry after a failed send, Send Images spinning while it runs and idle once all went.
  const view = selectUploadView(run.actor.getSnapshot());
  expect([view.offersRetry, view.sending, view.sent]).toEqual([value === 'partialSuccess' || value === 'failure', value === 'uploading', value === 'success']);
  expect(view.files.filter((f) => f.failed).map((f) => f.name)).toEqual(names('failed'));
  for (const i of run.sent.slice(run.seen.sends)) {
    const before = run.seen.context;
    // A send takes every file not yet on the server and none that is, to the invoice made so far.
    expect(i.files.map((f) => f.name)).toEqual(before.files.filter((f) => f.state !== 'done').map((f) => f.name));
    expect(i.invoiceId).toBe(before.invoiceId);
    // Nothing goes without a name and location when it makes a new invoice.
    if (i.invoiceId === null) expect([i.form.description, i.form.merchant]).toEqual(['Weekly produce', 'Blue Anchor Grill']);
  }
  run.seen = { context, sends: run.sent.length };
}

describe('invoice-upload, model-based', () => {
  const edges = distinctEdges(allEdges(entry)).filter((e) => JSON.stringify(e.from) !== JSON.stringify(e.to) || e.event.type.startsWith('upload.'));

  it('reaches every state and takes every transition the machine defines', () => {
    expectEveryStateReached(invoiceUploadMachine, shortestPaths(entry), 'idle');
    const c = coverage(entry, cataloguePaths(entry));
    expect([...c.states.missing, ...c.transitions.missing]).toEqual([]);
    // The eventless settling transitions are taken too: by the last file's answer.
    const settles = new Set(edges.filter((e) => e.from === 'uploading').map((e) => `${e.event.type} -> ${String(e.to)}`));
    for (const key of ['upload.fileDone -> success', 'upload.fileFailed -> partialSuccess', 'upload.fileFailed -> failure', 'upload.fileDone -> partialSuccess']) expect(settles).toContain(key);
  });

  itReplaysEdges(edges, (edge) => startModel(edge.input), assertScreen);
});

describe('invoice upload machine', () => {
function start(invoiceId: number | null = null) {
  const sent: UploadActorInput[] = [];
  let stream = new Subject<UploadEvent>();
  const actor = createActor(invoiceUploadMachine.provide({
    actors: { upload: fromEventObservable<UploadEvent, UploadActorInput>(({ input }) => { sent.push(input); stream = new Subject(); return stream; }) },
  }), { input: { invoiceId } }).start();
  return { actor, sent, emit: (e: UploadEvent) => stream.next(e), sending: () => stream.observed, state: () => actor.getSnapshot() };
}
const file = (name: string, size = 100) => ({ name, size, file: new Blob([]) });

  it('needs a name and location, refuses big or repeated files before sending', () => {
    const { actor, sent, state } = start();
    actor.send({ type: 'upload.filesAdded', files: [file('a.png', 10_000_001)] });
    expect(state().context.message).toBe('Max file size is 10mb: a.png');
    expect(state().context.files).toEqual([]);
    // A wrong file chosen with a good one: only the wrong one is refused, by name.
    actor.send({ type: 'upload.filesAdded', files: [file('scan.png'), file('notes.txt')] });
    expect(state().context.message).toBe('Only png, jpg and gif images are accepted: notes.txt');
    expect(state().context.files.map((f) => f.name)).toEqual(['scan.png']);
    actor.send({ type: 'upload.filesAdded', files: [file('a.png')] });
    actor.send({ type: 'upload.filesAdded', files: [file('a.png')] });
    expect(state().context.message).toBe('You have already uploaded the following files: a.png');
    actor.send({ type: 'upload.send' });
    expect(state().context.message).toBe('Name and location are required.');
    expect(sent).toEqual([]);
    expect(state().value).toBe('idle');
  });

  it('partial success, then Retry sends only the failed file to the same invoice, then success', () => {
    const { actor, sent, emit, state } = start();
    actor.send({ type: 'upload.fieldChanged', field: 'description', value: 'Weekly' });
    actor.send({ type: 'upload.fieldChanged', field: 'merchant', value: 'Blue Anchor Grill' });
    actor.send({ type: 'upload.filesAdded', files: [file('a.png'), file('b.png')] });
    actor.send({ type: 'upload.send' });
    expect(state().value).toBe('uploading');
    emit({ type: 'upload.progress', index: 0, percent: 40 });
    expect(state().context.files[0]!.percent).toBe(40);
    emit({ type: 'upload.fileDone', index: 0, invoiceId: 7, at: '2026-11-02T10:05:00.000Z' });
    emit({ type: 'upload.fileFailed', index: 1, message: 'Failed to upload b.png' });
    expect(state().value).toBe('partialSuccess');
    expect(state().context.message).toBe('Some Of Your Images Failed to Upload.');
    actor.send({ type: 'upload.retry' });
    expect(sent[1]).toMatchObject({ invoiceId: 7, files: [{ index: 1, name: 'b.png' }] });
    emit({ type: 'upload.fileDone', index: 1, invoiceId: 7, at: '2026-11-02T10:05:00.000Z' });
    expect(state().value).toBe('success');
    expect(state().context.message).toBe('Successfully Uploaded Invoice!');
  });

  it('closing ends it: a send still going is abandoned, and the page is told the invoice the files went to (or none)', () => {
    const { actor, emit, sending, state } = start();
    actor.send({ type: 'upload.fieldChanged', field: 'description', value: 'Weekly' });
    actor.send({ type: 'upload.fieldChanged', field: 'merchant', value: 'Blue Anchor Grill' });
    actor.send({ type: 'upload.filesAdded', files: [file('a.png'), file('b.png')] });
    actor.send({ type: 'upload.send' });
    emit({ type: 'upload.fileDone', index: 0, invoiceId: 7, at: '2026-11-02T10:05:00.000Z' });
    expect(sending()).toBe(true);
    actor.send({ type: 'upload.closed' });
    expect([sending(), state().status, state().output]).toEqual([false, 'done', { id: 7, description: 'Weekly', merchantName: 'Blue Anchor Grill', sentAt: '2026-11-02T10:05:00.000Z' }]);
    const untouched = start();
    untouched.actor.send({ type: 'upload.closed' });
    expect(untouched.state().output).toBeNull();
  });

  it('says which file failed when none arrived', () => {
    const { actor, emit, state } = start(3);
    actor.send({ type: 'upload.filesAdded', files: [file('c.jpg')] });
    actor.send({ type: 'upload.send' });
    emit({ type: 'upload.fileFailed', index: 0, message: 'Failed to upload c.jpg' });
    expect(state().value).toBe('failure');
    expect(state().context.message).toBe('Failed to upload c.jpg');
  });

  it('adding images to an invoice asks no name or location: the modal shows none and takes none', () => {
    const { actor, sent, emit, state } = start(7);
    expect(selectUploadView(state()).addingTo).toBe(true);
    expect(selectUploadView(start().state()).addingTo).toBe(false);
    actor.send({ type: 'upload.fieldChanged', field: 'description', value: 'Weekly' });
    expect(state().context.description).toBe('');
    actor.send({ type: 'upload.filesAdded', files: [file('d.png')] });
    actor.send({ type: 'upload.send' });
    expect(sent.map((s) => [s.invoiceId, s.form])).toEqual([[7, { description: '', merchant: '' }]]);
    emit({ type: 'upload.fileDone', index: 0, invoiceId: 7, at: '2026-11-02T10:05:00.000Z' });
    expect(state().value).toBe('success');
  });
});
