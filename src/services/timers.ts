import { asyncScheduler, concat, map, of, timer, type Observable, type SchedulerLike } from 'rxjs';

/** Emits once, `ms` after subscribing, then completes: a notice's or a flag's time is up. */
export function after$(ms: number, scheduler: SchedulerLike = asyncScheduler): Observable<void> {
  return timer(ms, scheduler).pipe(map(() => undefined));
}

/** A flag shown for `ms`: true at once, false when the time is up (e.g. the 1,000 ms success flag). */
export function shownFor$(ms: number, scheduler: SchedulerLike = asyncScheduler): Observable<boolean> {
  return concat(of(true), after$(ms, scheduler).pipe(map(() => false)));
}

/** The current time every `ms` (first at once): a countdown's clock. */
export function clock$(ms: number, scheduler: SchedulerLike = asyncScheduler): Observable<number> {
  return timer(0, ms, scheduler).pipe(map(() => scheduler.now()));
}
