import { catchError, from, map, mergeMap, of, scan, type Observable } from 'rxjs';
import { INTEL_BATCH_SIZE, type IntelMerchant } from '../model/intel.ts';

/** Intel in batches (analytics spec §4, §9): the house's merchants split into batches of 250. */

export interface BatchMerchant {
  id: number;
  merchant: string;
}

/** One batch's outcome, with how many merchants of the whole list are loaded so far. */
export type BatchEvent =
  | { type: 'loaded'; index: number; merchants: IntelMerchant[]; loaded: number }
  | { type: 'failed'; index: number; error: unknown; loaded: number };

type Step = { type: 'loaded'; index: number; merchants: IntelMerchant[]; size: number } | { type: 'failed'; index: number; error: unknown; size: number };

/** The merchant list cut into batches of `size`, in order. */
export function batchesOf<T>(items: readonly T[], size = INTEL_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Sends the batches named by `indexes` (all by default) one after another, or `concurrency` at a
 * time, each answer as soon as it arrives. A failed batch is reported and the others go on, so it
 * can be retried alone. `alreadyLoaded` counts merchants of batches loaded before (a retry).
 * Unsubscribing aborts the requests in flight (the api client's cold Observables).
 */
export function intelBatches(
  load: (batch: BatchMerchant[]) => Observable<IntelMerchant[]>,
  merchants: readonly BatchMerchant[],
  options: { indexes?: readonly number[]; concurrency?: number; alreadyLoaded?: number } = {},
): Observable<BatchEvent> {
  const batches = batchesOf(merchants);
  const indexes = options.indexes ?? batches.map((_, i) => i);
  return from(indexes).pipe(
    mergeMap(
      (index) =>
        load(batches[index]!).pipe(
          map((rows): Step => ({ type: 'loaded', index, merchants: rows, size: batches[index]!.length })),
          catchError((error: unknown) => of<Step>({ type: 'failed', index, error, size: 0 })),
        ),
      options.concurrency ?? 1,
    ),
    // Progress counts the merchants asked for: those the server drops (out of scope) are loaded too.
    scan<Step, BatchEvent | null>((previous, e) => {
      const loaded = (previous?.loaded ?? options.alreadyLoaded ?? 0) + e.size;
      return e.type === 'loaded'
        ? { type: 'loaded', index: e.index, merchants: e.merchants, loaded }
        : { type: 'failed', index: e.index, error: e.error, loaded };
    }, null),
    map((e) => e!),
  );
}
