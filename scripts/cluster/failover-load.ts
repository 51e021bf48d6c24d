// The load of `npm run bench:failover`, sent as the portal's browser client sends it: a request
// that got no answer (connection refused or reset, 502/503/504) is sent again by the client's own
// operator (src/services/retry-unanswered.ts: jittered backoff, and a 503 with Retry-After waited
// for up to 30 s), a write with one Idempotency-Key for all its tries. So `failed` counts what a
// user would have seen.
import { defer, lastValueFrom } from 'rxjs';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/model/idempotency.ts';
import { retryUnanswered, verdictOf } from '../../src/services/retry-unanswered.ts';
import type { Request } from '../load/users.ts';

export interface Answer { status: number | null; tries: number; ms: number }

/** A try whose answer the client would send again, or not: its status (null: none came) and Retry-After. */
class Unanswered extends Error {
  constructor(readonly status: number | null, readonly retryAfter: string | null = null) {
    super(`unanswered (${status ?? 'no answer'})`);
  }
}

/** One user action: sent, and sent again while unanswered, as the portal's client does. */
export async function portalFetch(base: string, req: Request, opts: { write?: boolean; timeoutMs?: number } = {}): Promise<Answer> {
  const started = Date.now();
  const headers = opts.write ? { ...req.headers, [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } : req.headers;
  let tries = 0;
  const attempt = defer(async () => {
    tries++;
    let res: Response;
    try {
      res = await fetch(`${base}${req.path}`, { method: req.method, headers, body: req.body, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
      await res.arrayBuffer();
    } catch (err) {
      // The client's own timeout is an answer of sorts (the portal does not retry it either).
      throw (err as Error).name === 'TimeoutError' ? err : new Unanswered(null);
    }
    if (verdictOf(res.status, null) !== false) throw new Unanswered(res.status, res.headers.get('retry-after'));
    return res.status;
  });
  const verdict = (err: unknown) => err instanceof Unanswered && verdictOf(err.status, err.retryAfter);
  try {
    const status = await lastValueFrom(attempt.pipe(retryUnanswered<number>(verdict)));
    return { status, tries, ms: Date.now() - started };
  } catch (err) {
    return { status: err instanceof Unanswered ? err.status : null, tries, ms: Date.now() - started };
  }
}

/**
 * The longest stretch in [from, to] with no success: successes are the times writes were
 * acknowledged; the stretches before the first and after the last count too.
 */
export function longestGap(successes: number[], from: number, to: number): number {
  const times = [from, ...successes.filter((t) => t >= from && t <= to).sort((a, b) => a - b), to];
  let longest = 0;
  for (let i = 1; i < times.length; i++) longest = Math.max(longest, times[i]! - times[i - 1]!);
  return longest;
}

/** The q-th quantile (0–1) of the values, nearest rank; 0 when there are none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export interface LoadTally {
  requests: number;
  failed: number;
  failures: Record<string, number>;
  /** Requests answered only after more than one try. */
  retried: number;
  latencies: number[];
}

export const newTally = (): LoadTally => ({ requests: 0, failed: 0, failures: {}, retried: 0, latencies: [] });

export function count(tally: LoadTally, answer: Answer): boolean {
  tally.requests++;
  tally.latencies.push(answer.ms);
  if (answer.tries > 1) tally.retried++;
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  if (!ok) {
    tally.failed++;
    const key = answer.status === null ? 'no answer' : String(answer.status);
    tally.failures[key] = (tally.failures[key] ?? 0) + 1;
  }
  return ok;
}
