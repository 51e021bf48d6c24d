import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable } from 'xstate';
import type { UploadEvent } from '../../services/invoice-service.ts';
import { invoiceUploadMachine, type UploadActorInput } from './invoice-upload.ts';

function start(invoiceId: number | null = null) {
  const sent: UploadActorInput[] = [];
  let stream = new Subject<UploadEvent>();
  const actor = createActor(invoiceUploadMachine.provide({
    actors: { upload: fromEventObservable<UploadEvent, UploadActorInput>(({ input }) => { sent.push(input); stream = new Subject(); return stream; }) },
  }), { input: { invoiceId } }).start();
  return { actor, sent, emit: (e: UploadEvent) => stream.next(e), state: () => actor.getSnapshot() };
}
const file = (name: string, size = 100) => ({ name, size, file: new Blob([]) });

describe('invoice upload machine', () => {
  it('needs a name and location, refuses big or repeated files before sending', () => {
    const { actor, sent, state } = start();
    actor.send({ type: 'upload.filesAdded', files: [file('a.png', 10_000_001)] });
    expect(state().context.message).toBe('Max file size is 10mb');
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
    emit({ type: 'upload.fileDone', index: 0, invoiceId: 7 });
    emit({ type: 'upload.fileFailed', index: 1, message: 'Failed to upload b.png' });
    expect(state().value).toBe('partialSuccess');
    expect(state().context.message).toBe('Some Of Your Images Failed to Upload.');
    actor.send({ type: 'upload.retry' });
    expect(sent[1]).toMatchObject({ invoiceId: 7, files: [{ index: 1, name: 'b.png' }] });
    emit({ type: 'upload.fileDone', index: 1, invoiceId: 7 });
    expect(state().value).toBe('success');
    expect(state().context.message).toBe('Successfully Uploaded Invoice!');
  });

  it('says which file failed when none arrived', () => {
    const { actor, emit, state } = start(3);
    actor.send({ type: 'upload.filesAdded', files: [file('c.jpg')] });
    actor.send({ type: 'upload.send' });
    emit({ type: 'upload.fileFailed', index: 0, message: 'Failed to upload c.jpg' });
    expect(state().value).toBe('failure');
    expect(state().context.message).toBe('Failed to upload c.jpg');
  });
});
