import { TestScheduler } from 'rxjs/testing';
import type { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { IntelMerchant } from '../model/intel.ts';
import { batchesOf, intelBatches, type BatchMerchant } from './intel-batches.ts';

const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const merchants = (n: number): BatchMerchant[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, merchant: `M${i + 1}` }));
const row = (id: number) => ({ id }) as IntelMerchant;

describe('intel batches, in virtual time', () => {
  it('cuts 600 merchants into batches of 250, 250 and 100', () => {
    expect(batchesOf(merchants(600)).map((b) => b.length)).toEqual([250, 250, 100]);
    expect(batchesOf(merchants(0))).toEqual([]);
  });

  it('sends one batch after another and reports each as it arrives, with the merchants loaded so far', () => {
    marbles().run(({ cold, expectObservable }) => {
      const sent: number[] = [];
      const load = (batch: BatchMerchant[]) => {
        sent.push(batch[0]!.id);
        return cold('--a|', { a: [row(batch[0]!.id)] }) as Observable<IntelMerchant[]>;
      };
      expectObservable(intelBatches(load, merchants(600))).toBe('--a--b--c|', {
        a: { type: 'loaded', index: 0, merchants: [row(1)], loaded: 250 },
        b: { type: 'loaded', index: 1, merchants: [row(251)], loaded: 500 },
        c: { type: 'loaded', index: 2, merchants: [row(501)], loaded: 600 },
      });
    });
  });

  it('a failed batch is reported and the next ones still load; a retry sends only it', () => {
    marbles().run(({ cold, expectObservable }) => {
      const load = (batch: BatchMerchant[]) =>
        (batch[0]!.id === 251 ? cold('-#', undefined, 'boom') : cold('-a|', { a: [row(batch[0]!.id)] })) as Observable<IntelMerchant[]>;
      expectObservable(intelBatches(load, merchants(600))).toBe('-a-bc|', {
        a: { type: 'loaded', index: 0, merchants: [row(1)], loaded: 250 },
        b: { type: 'failed', index: 1, error: 'boom', loaded: 250 },
        c: { type: 'loaded', index: 2, merchants: [row(501)], loaded: 350 },
      });
      const retry = (batch: BatchMerchant[]) => cold('-a|', { a: [row(batch[0]!.id)] }) as Observable<IntelMerchant[]>;
      expectObservable(intelBatches(retry, merchants(600), { indexes: [1], alreadyLoaded: 350 })).toBe('-a|', {
        a: { type: 'loaded', index: 1, merchants: [row(251)], loaded: 600 },
      });
    });
  });

  it('with a concurrency of 2, two batches are in flight at once and answers come as they arrive', () => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const requests = [cold('--a|', { a: [row(1)] }), cold('-----b|', { b: [row(251)] }), cold('-c|', { c: [row(501)] })];
      let n = 0;
      const load = () => requests[n++]! as Observable<IntelMerchant[]>;
      expectObservable(intelBatches(load, merchants(600), { concurrency: 2 })).toBe('--a-cb|', {
        a: { type: 'loaded', index: 0, merchants: [row(1)], loaded: 250 },
        c: { type: 'loaded', index: 2, merchants: [row(501)], loaded: 350 },
        b: { type: 'loaded', index: 1, merchants: [row(251)], loaded: 600 },
      });
      expectSubscriptions(requests[0]!.subscriptions).toBe('^--!');
      expectSubscriptions(requests[1]!.subscriptions).toBe('^-----!');
      expectSubscriptions(requests[2]!.subscriptions).toBe('---^-!');
    });
  });

  it('unsubscribing (a new range) cancels the batch in flight and sends no more', () => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const requests = [cold('----a|', { a: [row(1)] }), cold('----a|', { a: [row(251)] })];
      let n = 0;
      const load = () => requests[n++]! as Observable<IntelMerchant[]>;
      expectObservable(intelBatches(load, merchants(500)), '^------!').toBe('----a', { a: { type: 'loaded', index: 0, merchants: [row(1)], loaded: 250 } });
      expectSubscriptions(requests[0]!.subscriptions).toBe('^----!');
      expectSubscriptions(requests[1]!.subscriptions).toBe('-----^-!');
    });
  });
});
