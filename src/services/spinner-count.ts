import { distinctUntilChanged, scan, startWith, type Observable } from 'rxjs';

/** The spinner counter (spec §4): +1 when a call starts, -1 when it ends, never below 0. */
export function spinnerCount$(activity$: Observable<1 | -1>): Observable<number> {
  return activity$.pipe(
    scan((count, delta) => Math.max(0, count + delta), 0),
    startWith(0),
    distinctUntilChanged(),
  );
}
