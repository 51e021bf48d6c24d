import type { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { UploadAnswer } from '../model/invoices.ts';
import type { TransferEvent } from './api-client.ts';
import { uploadSequentially, type UploadFile } from './invoice-service.ts';
import { whileRead } from './polling.ts';

const files: UploadFile[] = ['a.png', 'b.png', 'c.png'].map((name, index) => ({ index, name, file: new Blob([]) }));
const progress = (loaded: number): TransferEvent<UploadAnswer> => ({ type: 'progress', direction: 'upload', progress: { loaded, total: 4 } as never });
const done = (id: number): TransferEvent<UploadAnswer> => ({ type: 'done', value: { id, imageId: 100 + id } });
/** A file's answer event; when it came is checked on its own below. */
const fileDone = (index: number, invoiceId: number) => ({ type: 'upload.fileDone', index, invoiceId, at: expect.any(String) });

describe('sequential invoice upload, in virtual time', () => {
  const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

  it('sends one file after another with its progress, and the first answer groups the rest', () => {
    marbles().run(({ cold, expectObservable, flush }) => {
      const sentTo: (number | null)[] = [];
      const answers = [cold('-p-d|', { p: progress(2), d: done(7) }), cold('-d|', { d: done(7) }), cold('-p-d|', { p: progress(4), d: done(7) })];
      const send = (f: UploadFile, id: number | null): Observable<TransferEvent<UploadAnswer>> => (sentTo.push(id), answers[f.index]!);
      expectObservable(uploadSequentially(files, send, null, 30_000)).toBe('-a-b-c-d-e|', {
        a: { type: 'upload.progress', index: 0, percent: 50 }, b: fileDone(0, 7),
        c: fileDone(1, 7), d: { type: 'upload.progress', index: 2, percent: 100 },
        e: fileDone(2, 7)
      });
      flush();
      expect(sentTo).toEqual([null, 7, 7]); // the second file is only sent after the first answered
    });
  });

  it('a failed file moves on to the next, and a silent one times out after 30 s', () => {
    marbles().run(({ cold, expectObservable }) => {
      const answers = [cold<TransferEvent<UploadAnswer>>('-#', undefined, new Error('500')), cold<TransferEvent<UploadAnswer>>('-'), cold<TransferEvent<UploadAnswer>>('-d|', { d: done(9) })];
      const send = (f: UploadFile) => answers[f.index]!;
      expectObservable(uploadSequentially(files, send, null, 30_000)).toBe('-a 29999ms bc|', {
        a: { type: 'upload.fileFailed', index: 0, message: 'Failed to upload a.png' },
        b: { type: 'upload.fileFailed', index: 1, message: 'Failed to upload b.png' },
        c: fileDone(2, 9),
      });
    });
  });

  it('stamps each answer with the time it came', () => {
    marbles().run(({ cold, expectObservable }) => {
      const send = () => cold<TransferEvent<UploadAnswer>>('1000ms d|', { d: done(5) });
      expectObservable(uploadSequentially([files[0]!], send, null, 30_000)).toBe('1000ms a|', {
        a: { type: 'upload.fileDone', index: 0, invoiceId: 5, at: new Date(1000).toISOString() },
      });
    });
  });

  it('a retry sends only the failed files, to the invoice the first round made', () => {
    marbles().run(({ cold, expectObservable, flush }) => {
      const sent: [string, number | null][] = [];
      const send = (f: UploadFile, id: number | null) => (sent.push([f.name, id]), cold<TransferEvent<UploadAnswer>>('-d|', { d: done(id ?? 1) }));
      expectObservable(uploadSequentially([files[1]!], send, 7, 30_000)).toBe('-a|', { a: fileDone(1, 7) });
      flush();
      expect(sent).toEqual([['b.png', 7]]);
    });
  });
});

describe('sequential invoice upload, timing and order', () => {
  const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

  it('asks for the next file only when the one before has answered, and cancels a file at exactly 30 s', () => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold<TransferEvent<UploadAnswer>>('29999ms d|', { d: done(4) });
      const silent = cold<TransferEvent<UploadAnswer>>('-');
      const last = cold<TransferEvent<UploadAnswer>>('-d|', { d: done(4) });
      const answers = [slow, silent, last];
      const send = (f: UploadFile) => answers[f.index]!;
      expectObservable(uploadSequentially(files, send, null, 30_000)).toBe('29999ms a 30000ms b d|', {
        a: fileDone(0, 4),
        b: { type: 'upload.fileFailed', index: 1, message: 'Failed to upload b.png' },
        d: fileDone(2, 4),
      });
      // One request at a time; the silent one is given up (its request aborted) after 30 s.
      expectSubscriptions(slow.subscriptions).toBe('^ 29999ms !');
      expectSubscriptions(silent.subscriptions).toBe('30000ms ^ 29999ms !');
      expectSubscriptions(last.subscriptions).toBe('60000ms ^-!');
    });
  });

  it('when the first file fails, the next one makes the invoice and its id groups the rest', () => {
    marbles().run(({ cold, expectObservable, flush }) => {
      const sentTo: [string, number | null][] = [];
      const answers = [cold<TransferEvent<UploadAnswer>>('-#'), cold('-d|', { d: done(12) }), cold('-d|', { d: done(12) })];
      const send = (f: UploadFile, id: number | null) => (sentTo.push([f.name, id]), answers[f.index]!);
      expectObservable(uploadSequentially(files, send, null, 30_000)).toBe('-ab-c|', {
        a: { type: 'upload.fileFailed', index: 0, message: 'Failed to upload a.png' },
        b: fileDone(1, 12),
        c: fileDone(2, 12),
      });
      flush();
      expect(sentTo).toEqual([['a.png', null], ['b.png', null], ['c.png', 12]]);
    });
  });

  it('shows progress as whole percents, and 0 % while the size is unknown', () => {
    marbles().run(({ cold, expectObservable }) => {
      const unknown: TransferEvent<UploadAnswer> = { type: 'progress', direction: 'upload', progress: { loaded: 5 } as never };
      const third: TransferEvent<UploadAnswer> = { type: 'progress', direction: 'upload', progress: { loaded: 1, total: 3 } as never };
      const send = () => cold<TransferEvent<UploadAnswer>>('-uth|', { u: unknown, t: third, h: progress(4) });
      expectObservable(uploadSequentially([files[0]!], send, 5, 30_000)).toBe('-uth|', {
        u: { type: 'upload.progress', index: 0, percent: 0 },
        t: { type: 'upload.progress', index: 0, percent: 33 },
        h: { type: 'upload.progress', index: 0, percent: 100 },
      });
    });
  });
});

describe('following invoices while they are read, in virtual time', () => {
  const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  const reading = (s: string) => s === 'inprocessing';

  it('asks now, then every 3 s while being read, and stops once settled', () => {
    marbles().run(({ cold, expectObservable, flush }) => {
      const answers = ['inprocessing', 'inprocessing', 'done', 'done'];
      let asked = 0;
      const get = () => cold('-a|', { a: answers[asked++]! });
      expectObservable(whileRead(get, reading, null, 3000)).toBe('-a 2999ms b 2999ms (c|)', { a: 'inprocessing', b: 'inprocessing', c: 'done' });
      flush();
      expect(asked).toBe(3);
    });
  });

  it('asks nothing for what is shown and settled, and waits 3 s for what is shown and still being read', () => {
    marbles().run(({ cold, expectObservable }) => {
      const get = () => cold('-a|', { a: 'done' });
      expectObservable(whileRead(get, reading, 'done', 3000)).toBe('|');
      expectObservable(whileRead(get, reading, 'inprocessing', 3000)).toBe('3000ms -(a|)', { a: 'done' });
    });
  });
});
