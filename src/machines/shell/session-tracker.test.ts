import { asyncScheduler, NEVER, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { fromEventObservable, type NonReducibleUnknown } from 'xstate';
import { definedTransitions, edgeKey, shortestPaths, stateChangingEdges } from '../../../tests/paths/machine-paths.ts';
import { expectEveryStateReached } from '../../../tests/paths/model-checks.ts';
import { replaySteps, startControlled } from '../../../tests/paths/replay-actor.ts';
import type { UserSessionPayload } from '../../model/user-sessions.ts';
import { pageActivity$, sessionReports$ } from '../../services/activity-sessions.ts';
import { MACHINES } from '../registry.ts';
import { sessionTrackerMachine, type SessionTrackerEvent } from './session-tracker.ts';

const entry = MACHINES.find((m) => m.name === 'session-tracker')!;
const iso = (ms: number) => new Date(ms).toISOString();
const SECOND = 1000;
const TEN_MINUTES = 10 * 60 * SECOND;

const marbles = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

/** Activity stamped at the given virtual times (ms, after the start), hot like the page's events. */
function activityAt(times: number[]) {
  const activity = new Subject<number>();
  for (const t of times) asyncScheduler.schedule(() => activity.next(t), t);
  return activity;
}

// The first activity comes a second after the stream is watched, as on a page.
const T0 = SECOND;

const report = (start: number, end: number): UserSessionPayload => ({ startTime: iso(start), endTime: iso(end), time: (end - start) / SECOND });

describe('session reports stream, in virtual time', () => {
  it('reports nothing without activity', () => {
    marbles().run(({ expectObservable }) => {
      expectObservable(sessionReports$(activityAt([])), `^ ${TEN_MINUTES}ms !`).toBe('');
    });
  });

  it('reports a session 60 s after the only activity, with its start, end and seconds', () => {
    marbles().run(({ expectObservable }) => {
      expectObservable(sessionReports$(activityAt([T0])), `^ ${TEN_MINUTES}ms !`).toBe(`${T0 + 60 * SECOND}ms r`, { r: report(T0, T0 + 60 * SECOND) });
    });
  });

  it('keeps the session alive while activity continues, and measures it to the last activity + 60 s', () => {
    marbles().run(({ expectObservable }) => {
      const times = [0, 50, 100, 150, 200].map((s) => T0 + s * SECOND);
      expectObservable(sessionReports$(activityAt(times)), `^ ${TEN_MINUTES}ms !`).toBe(`${T0 + 260 * SECOND}ms r`, { r: report(T0, T0 + 260 * SECOND) });
    });
  });

  it('checks only every 5 s: an expiry between checks is reported at the next one, measured to the expiry', () => {
    marbles().run(({ expectObservable }) => {
      // Expires at 62 s; the checks run at 60 s and 65 s after the start.
      expectObservable(sessionReports$(activityAt([T0, T0 + 2 * SECOND])), `^ ${TEN_MINUTES}ms !`).toBe(`${T0 + 65 * SECOND}ms r`, {
        r: report(T0, T0 + 62 * SECOND),
      });
    });
  });

  it('started active (a login, the portal opened), reports a session 60 s after the start with no activity at all', () => {
    marbles().run(({ expectObservable }) => {
      expectObservable(sessionReports$(activityAt([]), asyncScheduler, { activeNow: true }), `^ ${TEN_MINUTES}ms !`).toBe(`${60 * SECOND}ms r`, {
        r: report(0, 60 * SECOND),
      });
    });
  });

  it('started active, is kept alive by activity, and after its report waits for the next activity', () => {
    marbles().run(({ expectObservable }) => {
      const next = 300 * SECOND;
      expectObservable(sessionReports$(activityAt([T0, next]), asyncScheduler, { activeNow: true }), `^ ${TEN_MINUTES}ms !`).toBe(
        `${65 * SECOND}ms a ${next - 5 * SECOND - 1}ms b`,
        { a: report(0, T0 + 60 * SECOND), b: report(next, next + 60 * SECOND) },
      );
    });
  });

  it('starts a new session on the next activity after a report', () => {
    marbles().run(({ expectObservable }) => {
      const second = T0 + 400 * SECOND;
      expectObservable(sessionReports$(activityAt([T0, second])), `^ ${TEN_MINUTES}ms !`).toBe(`${T0 + 60 * SECOND}ms a ${second - T0 - 1}ms b`, {
        a: report(T0, T0 + 60 * SECOND),
        b: report(second, second + 60 * SECOND),
      });
    });
  });
});

describe('page activity stream', () => {
  it('hears click, key press, scroll and mouse move, at most once a second, stamped with the clock', () => {
    marbles().run(({ expectObservable, flush }) => {
      const page = new EventTarget();
      const seen: number[] = [];
      const fire = (type: string, at: number) => asyncScheduler.schedule(() => page.dispatchEvent(new Event(type)), at);
      fire('mousemove', 10);
      fire('mousemove', 500); // within the second: dropped
      fire('keydown', 1_200);
      fire('scroll', 3_000);
      fire('click', 3_100); // dropped
      fire('resize', 9_000); // not activity
      const sub = pageActivity$(page).subscribe((at) => seen.push(at));
      expectObservable(NEVER, '^ 10000ms !').toBe('');
      flush();
      sub.unsubscribe();
      expect(seen).toEqual([10, 1_200, 3_000]);
    });
  });
});

describe('session-tracker, model-based', () => {
  const paths = shortestPaths(entry);
  const edges = stateChangingEdges(entry);

  it('reaches every state', () => expectEveryStateReached(sessionTrackerMachine, paths, 'tracking'));

  it('takes every state-changing transition the machine defines', () => {
    const taken = new Set(edges.map(edgeKey));
    const defined = [...definedTransitions(sessionTrackerMachine)].filter((k) => !/^(\w+) --.*--> \1$/.test(k));
    expect([...taken].sort()).toEqual(defined.sort());
  });

  for (const edge of edges) {
    it(`replays edge ${edgeKey(edge)}`, async () => {
      const run = startControlled(sessionTrackerMachine, {
        actors: ['report'],
        provide: { actors: { sessions: fromEventObservable<SessionTrackerEvent, NonReducibleUnknown>(() => NEVER) } },
      });
      await replaySteps(run, edge.path, edge.states, (i) => {
        // The ended session's report goes out exactly while reporting; nothing is kept after.
        const { report: kept } = run.actor.getSnapshot().context;
        if (edge.states[i] === 'reporting') expect(run.inputs.report!.at(-1)).toEqual(kept);
        if (edge.states[i] === 'tracking') expect(kept).toBeNull();
      });
    });
  }
});
