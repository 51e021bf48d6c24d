import { defer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { backoffMs, isUnansweredStatus, PORTAL_RETRY, retryUnanswered } from './retry-unanswered.ts';

const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
/** A failure as the client sees it: `status` null when no answer came. */
const failure = (status: number | null) => ({ status });
const unanswered = (e: unknown) => isUnansweredStatus((e as { status: number | null }).status);
// random() = 0: each wait is half its step (100, 200, 400 ms), so the marbles are exact.
const retried = <T>() => retryUnanswered<T>(unanswered, PORTAL_RETRY, { random: () => 0 });

describe('retryUnanswered, in virtual time', () => {
  it('sends a request that got no answer again, 3 more times with growing waits, then lets the failure through', () => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('#', undefined, failure(null));
      expectObservable(source.pipe(retried())).toBe('700ms #', undefined, failure(null));
      // The first try at 0, then after 100, 200 and 400 ms.
      expectSubscriptions(source.subscriptions).toBe(['(^!)', '100ms (^!)', '300ms (^!)', '700ms (^!)']);
    });
  });

  it.each([502, 503, 504])('retries a %i and gives the answer of the try that worked', (status) => {
    marbles().run(({ cold, expectObservable }) => {
      let tries = 0;
      const source = defer(() => (tries++ === 0 ? cold('-#', undefined, failure(status)) : cold('--(a|)')));
      // Fails at 1, waits 100 ms, the second try answers 2 ms later.
      expectObservable(source.pipe(retried())).toBe('103ms (a|)');
    });
  });

  it.each([400, 401, 404, 409, 422, 500])('never retries a %i: it is an answer', (status) => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-#', undefined, failure(status));
      expectObservable(source.pipe(retried())).toBe('-#', undefined, failure(status));
      expectSubscriptions(source.subscriptions).toBe('^!');
    });
  });

  it('stops when unsubscribed during a wait: no further try is sent', () => {
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('#', undefined, failure(503));
      expectObservable(source.pipe(retried()), '^ 50ms !').toBe('');
      expectSubscriptions(source.subscriptions).toBe('(^!)');
    });
  });

  it('ends the running try when unsubscribed (the transport aborts it), and sends none after', () => {
    let tries = 0;
    marbles().run(({ cold, expectObservable, expectSubscriptions }) => {
      const hanging = cold('-');
      const source = defer(() => (tries++ === 0 ? cold('#', undefined, failure(null)) : hanging));
      expectObservable(source.pipe(retried()), '^ 150ms !').toBe('');
      expectSubscriptions(hanging.subscriptions).toBe('100ms ^ 50ms !');
    });
    expect(tries).toBe(2);
  });
});

describe('retryUnanswered, a server that says when to come back', () => {
  /** A 503 with Retry-After: 1 (the database failing over) as the client classifies it. */
  const comeBack = (e: unknown) => ((e as { status: number }).status === 503 ? { retryAfterMs: 1000 } : unanswered(e));
  const patient = <T>() => retryUnanswered<T>(comeBack, PORTAL_RETRY, { random: () => 0 });

  it('keeps sending it at the time the server names until it answers, past the 3 quick tries', () => {
    let tries = 0;
    marbles().run(({ cold, expectObservable }) => {
      // 17 failed tries (a failover of about 17 s), then the answer.
      const source = defer(() => (tries++ < 17 ? cold('#', undefined, failure(503)) : cold('(a|)')));
      expectObservable(source.pipe(patient())).toBe('17000ms (a|)');
    });
    expect(tries).toBe(18);
  });

  it('gives up once 30 s have passed since the first failure, with the last failure', () => {
    let tries = 0;
    marbles().run(({ cold, expectObservable }) => {
      const source = defer(() => {
        tries++;
        return cold('#', undefined, failure(503));
      });
      expectObservable(source.pipe(patient())).toBe('30000ms #', undefined, failure(503));
    });
    // Each second from 0 to 30 s: 31 tries, the first 3 also a second apart (the server's time beats the quick backoff).
    expect(tries).toBe(31);
  });

  it('does not wait on a failure that named no time: a reset connection still gets 3 quick tries', () => {
    marbles().run(({ cold, expectObservable }) => {
      const source = cold('#', undefined, failure(null));
      expectObservable(source.pipe(patient())).toBe('700ms #', undefined, failure(null));
    });
  });
});

describe('backoffMs', () => {
  it('doubles from 200 ms up to the 2 s cap, each wait between half its step and the step', () => {
    const steps = [1, 2, 3, 4, 5, 6].map((n) => [backoffMs(n, PORTAL_RETRY, () => 0), backoffMs(n, PORTAL_RETRY, () => 0.999999)]);
    expect(steps.map(([low]) => low)).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(steps.map(([, high]) => Math.round(high!))).toEqual([200, 400, 800, 1600, 2000, 2000]);
  });

  it('spreads clients: random waits differ', () => {
    const waits = new Set(Array.from({ length: 20 }, () => backoffMs(1)));
    expect(waits.size).toBeGreaterThan(10);
    for (const w of waits) expect(w).toBeGreaterThanOrEqual(100), expect(w).toBeLessThanOrEqual(200);
  });
});
