import { EMPTY, asyncScheduler, concatMap, takeWhile, timer, type Observable, type SchedulerLike } from 'rxjs';

/**
 * Polling while something is being read: with nothing shown, asks now; with something shown that
 * is still being read, asks after `every` ms; then every `every` ms until what arrives is settled.
 * With something shown and settled it asks nothing at all.
 */
export function whileRead<T>(get: () => Observable<T>, reading: (value: T) => boolean, shown: T | null, every: number,
  scheduler: SchedulerLike = asyncScheduler): Observable<T> {
  if (shown !== null && !reading(shown)) return EMPTY;
  return timer(shown === null ? 0 : every, every, scheduler).pipe(concatMap(get), takeWhile(reading, true));
}
