import type { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { UploadAnswer } from '../model/invoices.ts';
import type { TransferEvent } from './api-client.ts';
import { uploadSequentially, type UploadFile } from './invoice-service.ts';

const files: UploadFile[] = ['a.png', 'b.png', 'c.png'].map((name, index) => ({ index, name, file: new Blob([]) }));
const progress = (loaded: number): TransferEvent<UploadAnswer> => ({ type: 'progress', direction: 'upload', progress: { loaded, total: 4 } as never });
const done = (id: number): TransferEvent<UploadAnswer> => ({ type: 'done', value: { id, imageId: 100 + id } });

describe('sequential invoice upload, in virtual time', () => {
  const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

  it('sends one file after another with its progress, and the first answer groups the rest', () => {
    marbles().run(({ cold, expectObservable, flush }) => {
      const sentTo: (number | null)[] = [];
      const answers = [cold('-p-d|', { p: progress(2), d: done(7) }), cold('-d|', { d: done(7) }), cold('-p-d|', { p: progress(4), d: done(7) })];
      const send = (f: UploadFile, id: number | null): Observable<TransferEvent<UploadAnswer>> => (sentTo.push(id), answers[f.index]!);
      expectObservable(uploadSequentially(files, send, null, 30_000)).toBe('-a-b-c-d-e|', {
        a: { type: 'upload.progress', index: 0, percent: 50 }, b: { type: 'upload.fileDone', index: 0, invoiceId: 7 },
        c: { type: 'upload.fileDone', index: 1, invoiceId: 7 }, d: { type: 'upload.progress', index: 2, percent: 100 },
        e: { type: 'upload.fileDone', index: 2, invoiceId: 7 }
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
        c: { type: 'upload.fileDone', index: 2, invoiceId: 9 },
      });
    });
  });

  it('a retry sends only the failed files, to the invoice the first round made', () => {
    marbles().run(({ cold, expectObservable, flush }) => {
      const sent: [string, number | null][] = [];
      const send = (f: UploadFile, id: number | null) => (sent.push([f.name, id]), cold<TransferEvent<UploadAnswer>>('-d|', { d: done(id ?? 1) }));
      expectObservable(uploadSequentially([files[1]!], send, 7, 30_000)).toBe('-a|', { a: { type: 'upload.fileDone', index: 1, invoiceId: 7 } });
      flush();
      expect(sent).toEqual([['b.png', 7]]);
    });
  });
});
