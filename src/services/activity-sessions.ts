import {
  asyncScheduler,
  concat,
  defer,
  filter,
  fromEvent,
  interval,
  map,
  merge,
  repeat,
  scan,
  switchMap,
  take,
  throttleTime,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { ACTIVITY_WINDOW_MS, EXPIRY_CHECK_MS, sessionReport } from '../model/session-tracking.ts';
import type { UserSessionPayload } from '../model/user-sessions.ts';

/** Mouse moves fire dozens of times a second; one activity a second is plenty for a 60 s window. */
export const ACTIVITY_THROTTLE_MS = 1_000;
const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll', 'mousemove'] as const;

/**
 * The user's activity on the page (accounts spec §4): click, key press, scroll and mouse move,
 * throttled, each stamped with the scheduler's clock (epoch ms). Capture phase: scrolls inside
 * panels do not bubble to the window.
 */
export function pageActivity$(target: EventTarget, scheduler: SchedulerLike = asyncScheduler): Observable<number> {
  const options = { capture: true, passive: true };
  return merge(...ACTIVITY_EVENTS.map((type) => fromEvent(target, type, options))).pipe(
    throttleTime(ACTIVITY_THROTTLE_MS, scheduler),
    map(() => scheduler.now()),
  );
}

type Clocked = { kind: 'activity' | 'check'; at: number };

/**
 * Sessions of time online (accounts spec §4): one starts on the first activity; every activity
 * keeps it alive for another 60 s; every 5 s it is checked, and once expired its report is
 * emitted. The next activity starts the next session. `activeNow`: the watch itself starts at the
 * user's doing (a login, opening the portal), so the first session starts there and then.
 */
export function sessionReports$(
  activity$: Observable<number>,
  scheduler: SchedulerLike = asyncScheduler,
  { activeNow = false } = {},
): Observable<UserSessionPayload> {
  const sessionFrom = (startedAt: number) =>
    merge(
      activity$.pipe(map((at): Clocked => ({ kind: 'activity', at }))),
      interval(EXPIRY_CHECK_MS, scheduler).pipe(map((): Clocked => ({ kind: 'check', at: scheduler.now() }))),
    ).pipe(
      // Activity never shortens the session, even if stamps arrive out of order.
      scan(
        (s, e) => (e.kind === 'activity' ? { ...s, expiresAt: Math.max(s.expiresAt, e.at + ACTIVITY_WINDOW_MS) } : { ...s, checkedAt: e.at }),
        { expiresAt: startedAt + ACTIVITY_WINDOW_MS, checkedAt: startedAt },
      ),
      filter((s) => s.checkedAt >= s.expiresAt),
      take(1),
      map((s) => sessionReport(startedAt, s.expiresAt)),
    );
  const onActivity$ = activity$.pipe(take(1), switchMap(sessionFrom), repeat());
  return activeNow ? concat(defer(() => sessionFrom(scheduler.now())), onActivity$) : onActivity$;
}
