// Retrying a request that never got an answer (issue 35: a dying process costs the user nothing).
// An API process killed mid-request resets its connections; a proxy in front answers 502/503/504.
// The same request sent again reaches a live process. Only calls that are safe to send twice are
// retried: reads (GET, the read-only POSTs) and writes that carry an Idempotency-Key (the server
// applies a key once). A 4xx or a 500 is an answer: it is never retried.
import { asyncScheduler, defer, retry, throwError, timer, type MonoTypeOperatorFunction, type Observable, type SchedulerLike } from 'rxjs';

/** Answers that mean "no process answered this": a proxy or a closing server said so. */
export const UNANSWERED_STATUSES: readonly number[] = [502, 503, 504];

/** Whether a failure with this status is worth sending again: null (no answer at all) or 502/503/504. */
export const isUnansweredStatus = (status: number | null): boolean => status === null || UNANSWERED_STATUSES.includes(status);

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** The first wait; each next one doubles, up to `capMs`. */
  baseMs: number;
  capMs: number;
  /**
   * How long, from the first failure, a request whose answer said when to come back (a 503 with
   * Retry-After: the database is failing over) keeps being sent again after `retries` ran out.
   */
  patienceMs: number;
}

/**
 * The portal's: 3 more tries, about 0.2, 0.4, 0.8 s apart (at most 2 s); a server that says when
 * to come back is waited for up to 30 s (a database failover takes about 17 s: docs/scale-out.md).
 */
export const PORTAL_RETRY: RetryPolicy = { retries: 3, baseMs: 200, capMs: 2_000, patienceMs: 30_000 };

/**
 * The wait before retry `n` (1-based): half the exponential step plus a random half of it, so
 * clients cut off together by one dying process do not all come back in the same millisecond.
 */
export function backoffMs(n: number, policy: RetryPolicy = PORTAL_RETRY, random: () => number = Math.random): number {
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** (n - 1));
  return step / 2 + random() * (step / 2);
}

/** What a failure says of a retry: not worth one (false), worth one (true), or worth one after `retryAfterMs` (the server's Retry-After). */
export type RetryVerdict = boolean | { retryAfterMs: number };

/**
 * The verdict on a try that got `status` (null: no answer at all) with this Retry-After header: a
 * 503 that says when to come back, within 30 s (the database failing over), is worth waiting for.
 */
export function verdictOf(status: number | null, retryAfter: unknown): RetryVerdict {
  if (!isUnansweredStatus(status)) return false;
  const seconds = Number(retryAfter);
  return status === 503 && seconds > 0 && seconds <= 30 ? { retryAfterMs: seconds * 1000 } : true;
}

/**
 * Resubscribes to the source (sends the request again) when it fails with an error `unanswered`
 * accepts, after `backoffMs`, at most `policy.retries` times; past those, only an answer that said
 * when to come back is sent again, at that time (plus jitter), for `policy.patienceMs` from the
 * first failure. Any other error passes at once. Unsubscribing stops it: a pending wait is
 * cancelled and the running attempt aborted.
 */
export function retryUnanswered<T>(
  unanswered: (error: unknown) => RetryVerdict,
  policy: RetryPolicy = PORTAL_RETRY,
  options: { random?: () => number; scheduler?: SchedulerLike } = {},
): MonoTypeOperatorFunction<T> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const random = options.random ?? Math.random;
  return (source: Observable<T>) =>
    defer(() => {
      let firstFailure: number | null = null;
      return source.pipe(
        retry({
          delay: (error: unknown, n: number) => {
            const verdict = unanswered(error);
            if (verdict === false) return throwError(() => error);
            firstFailure ??= scheduler.now();
            const hint = verdict === true ? null : verdict.retryAfterMs;
            if (n <= policy.retries) return timer(Math.max(hint ?? 0, backoffMs(n, policy, random)), scheduler);
            if (hint !== null && scheduler.now() - firstFailure < policy.patienceMs) return timer(hint + random() * policy.baseMs, scheduler);
            return throwError(() => error);
          },
        }),
      );
    });
}
